// The README's C++ example, built against the installed package and run on the demo model:
// mass properties of every block, then a node-to-surface contact search.
#include <cstdio>
#include <fecontact/fecontact.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const fecontact::Mesh mesh = fecontact::read_mesh(argv[1]);  // throws ReadError on bad input

  const fecontact::ElementMassResult mass = fecontact::element_mass_properties(mesh);
  const fecontact::PrincipalInertia principal = fecontact::principal_inertia(mass.properties.inertia);
  std::printf("volume %g, principal moments %g %g %g\n", mass.properties.volume,
              principal.moments[0], principal.moments[1], principal.moments[2]);

  fecontact::ContactInterface contact;  // slave nodes of one surface against another surface
  for (const fecontact::SurfaceDefinition& surface : mesh.surfaces) {
    if (surface.name == "cylinder_surface")
      contact.slave_nodes = fecontact::surface_nodes(fecontact::surface_from_boundary_elements(mesh, surface));
    if (surface.name == "block_top") contact.master = fecontact::surface_from_boundary_elements(mesh, surface);
  }
  contact.options.tolerance = 0.05;
  fecontact::ContactSearch search(mesh, {contact});
  const auto results = search.search(mesh.coordinates);  // call again with new coordinates each step
  const auto& gaps = results[0].contacts.gap;
  std::printf("%zu slave nodes within the search distance\n", gaps.size());
  return mass.status == fecontact::ElementMassStatus::ok && !gaps.empty() ? 0 : 1;
}
