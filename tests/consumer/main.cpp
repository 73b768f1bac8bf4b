// SPDX-License-Identifier: BSD-3-Clause
#include <algorithm>
#include <cstdio>
#include <vector>

#include <fecontact/fecontact.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const fecontact::Mesh mesh = fecontact::read_mesh(argv[1]);  // bad input: ReadError, file:line:column
  const fecontact::ElementMassResult mass = fecontact::element_mass_properties(mesh);
  std::printf("volume %g, mass %g\n", mass.properties.volume, mass.properties.mass);

  // A solver's arrays: the block top's faces as node indices, the cylinder's skin nodes.
  std::vector<fecontact::Index> offsets{0}, face_nodes;
  for (const auto& face : fecontact::named_contact_surface(mesh, "block_top").surface.faces) {
    face_nodes.insert(face_nodes.end(), face.nodes().begin(), face.nodes().end());
    offsets.push_back(static_cast<fecontact::Index>(face_nodes.size()));
  }
  auto contact = fecontact::ContactInterface::node_to_surface(  // master first; the tolerance has no default
      fecontact::MasterSurface{fecontact::surface_from_arrays(offsets, face_nodes)},
      fecontact::named_contact_surface(mesh, "cylinder_surface").nodes, 0.05);
  contact.options.skin = 0.01;  // the tree is searched again only once something has moved this far
  fecontact::ContactSearch search(mesh.node_count(), {contact});  // once per analysis
  std::vector<fecontact::InterfaceResult> results;                 // kept: later steps allocate nothing
  std::vector<Eigen::Vector3d> x = mesh.coordinates;
  for (int step = 0; step < 3; ++step, x[0].z() += 1e-4) search.search(x, results);
  const std::vector<double>& gap = results[0].contacts.gap;  // also node, face, normal, point
  if (mass.status != fecontact::ElementMassStatus::ok || gap.empty()) return 1;
  std::printf("%zu contacts, deepest %g\n", gap.size(), *std::min_element(gap.begin(), gap.end()));
  return 0;
}
