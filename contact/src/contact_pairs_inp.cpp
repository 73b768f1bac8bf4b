#include "fecontact/contact/contact_pairs_inp.hpp"

#include <charconv>
#include <string_view>

namespace fecontact {

namespace {

constexpr FileId instance_tag_unit = FileId{1} << 32;

// A double in the shortest form that reads back to the same value.
std::string number(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// The element's reference as a deck writes it: its number, prefixed by its instance inside an
// assembly.
std::string element_reference(const Mesh& mesh, const FaceRef& face) {
  const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(face.element.block)];
  const FileId id = block.element_ids[static_cast<std::size_t>(face.element.element)];
  if (id < instance_tag_unit) return std::to_string(id);
  const std::string_view name = block.name;
  return std::string(name.substr(0, name.find('.'))) + "." + std::to_string(id % instance_tag_unit);
}

std::string face_label(const Mesh& mesh, const FaceRef& face) {
  if (!is_volume(mesh.blocks[static_cast<std::size_t>(face.element.block)].type))
    return face.local_face == 0 ? "SPOS" : "SNEG";
  return "S" + std::to_string(face.local_face + 1);
}

void write_surface(std::ostream& out, const Mesh& mesh, const std::string& name, const Surface& skin,
                   const std::vector<Index>& faces) {
  out << "*SURFACE, NAME=" << name << ", TYPE=ELEMENT\n";
  for (const Index f : faces) {
    const FaceRef& owner = skin.faces[static_cast<std::size_t>(f)].owner;
    out << element_reference(mesh, owner) << ", " << face_label(mesh, owner) << '\n';
  }
}

}  // namespace

void write_contact_pairs_inp(std::ostream& out, const Mesh& mesh, const ContactDetection& detection,
                             const InpPairOptions& options) {
  out << "** Contact pairs found by fecontact: faces of two bodies within " << number(detection.distance)
      << " of each other, outward normals opposed within " << number(detection.angle_degrees)
      << " degrees.\n** Slave first, master second (the master: the coarser side).\n";
  for (const DetectedPair& pair : detection.pairs) {
    const auto& a = detection.bodies[static_cast<std::size_t>(pair.bodies[0])];
    const auto& b = detection.bodies[static_cast<std::size_t>(pair.bodies[1])];
    out << "**\n** " << a.name << " (" << pair.faces[0].size() << " faces, area " << number(pair.areas[0])
        << ") - " << b.name << " (" << pair.faces[1].size() << " faces, area " << number(pair.areas[1])
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
