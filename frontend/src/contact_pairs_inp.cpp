// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/contact_pairs_inp.hpp"

#include <charconv>
#include <stdexcept>

namespace fecontact {

namespace {

constexpr FileId instance_tag_unit = FileId{1} << 32;

// A double in the shortest form that reads back to the same value.
std::string number(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// File ids of the k-th instance of an Abaqus assembly are (k << 32) + the number in the part.
bool in_instance(const Mesh& mesh, const FaceRef& face) {
  return mesh.blocks[static_cast<std::size_t>(face.element.block)].element_ids[static_cast<std::size_t>(face.element.element)] >=
         instance_tag_unit;
}

// The Abaqus face label: S(k + 1) for face k of a volume element, SPOS / SNEG for a shell's sides.
void write_face_label(std::ostream& out, const Mesh& mesh, const FaceRef& face) {
  if (!is_volume(mesh.blocks[static_cast<std::size_t>(face.element.block)].type))
    out << (face.local_face == 0 ? "SPOS" : "SNEG");
  else
    out << 'S' << face.local_face + 1;
}

void write_surface(std::ostream& out, const Mesh& mesh, const std::string& name, const Surface& skin,
                   const std::vector<Index>& faces) {
  out << "*SURFACE, NAME=" << name << ", TYPE=ELEMENT\n";
  for (const Index f : faces) {
    const FaceRef& owner = skin.faces[static_cast<std::size_t>(f)].owner;
    out << mesh.blocks[static_cast<std::size_t>(owner.element.block)].element_ids[static_cast<std::size_t>(owner.element.element)]
        << ", ";
    write_face_label(out, mesh, owner);
    out << '\n';
  }
}

}  // namespace

void write_contact_pairs_inp(std::ostream& out, const Mesh& mesh, const ContactDetection& detection,
                             const InpPairOptions& options) {
  for (const DetectedPair& pair : detection.pairs)
    for (std::size_t side = 0; side < 2; ++side) {
      const DetectedComponent& component = detection.components[static_cast<std::size_t>(pair.components[side])];
      for (const Index f : pair.faces[side])
        if (in_instance(mesh, component.skin.faces[static_cast<std::size_t>(f)].owner))
          throw std::invalid_argument("contact pairs include: component '" + component.name +
                                      "' is in an instance of an Abaqus assembly; the include is for a flat deck "
                                      "(CalculiX has no parts or instances)");
    }
  out << "** Contact pairs found by fecontact: faces of two components within " << number(detection.distance)
      << " of each other, outward normals opposed within " << number(detection.angle_degrees)
      << " degrees.\n** Slave first, master second (the master: the coarser side).\n";
  for (const DetectedPair& pair : detection.pairs) {
    const auto& a = detection.components[static_cast<std::size_t>(pair.components[0])];
    const auto& b = detection.components[static_cast<std::size_t>(pair.components[1])];
    out << "**\n** " << a.name << " (faces " << pair.faces[0].size() << ", area " << number(pair.areas[0])
        << ") - " << b.name << " (faces " << pair.faces[1].size() << ", area " << number(pair.areas[1])
        << "), distance " << number(pair.min_distance) << " to " << number(pair.max_distance) << "\n";
    write_surface(out, mesh, pair.surfaces[0], a.skin, pair.faces[0]);
    write_surface(out, mesh, pair.surfaces[1], b.skin, pair.faces[1]);
    const std::size_t master = static_cast<std::size_t>(pair.master);
    out << "*CONTACT PAIR, INTERACTION=" << options.interaction << ", TYPE=SURFACE TO SURFACE\n"
        << pair.surfaces[1 - master] << ", " << pair.surfaces[master] << '\n';
  }
  out << "**\n*SURFACE INTERACTION, NAME=" << options.interaction << '\n' << options.behavior << '\n';
}

}  // namespace fecontact
