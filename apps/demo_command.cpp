// SPDX-License-Identifier: BSD-3-Clause
// fecontact (no arguments) or fecontact demo: everything the library does, on the bundled
// model data/demo.msh (a cylinder pressed 0.01 into a block, and a T-handle; made by
// data/demo.geo with gmsh).

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "body_mass.hpp"
#include "command_line.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "interface_run.hpp"
#include "spin.hpp"
#include "table.hpp"

#ifndef FECONTACT_DATA_DIR
#error "FECONTACT_DATA_DIR must name the folder of the bundled model"
#endif

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact [demo [--mesh FILE] [--vtu FILE]]\n"
    "The demo: mass properties of the bundled model's blocks, its contact interfaces searched\n"
    "with AABB and OBB trees side by side, the spinning T-handle, and a .vtu for ParaView.\n"
    "The model is FECONTACT_DATA/demo.msh when the environment variable FECONTACT_DATA names a\n"
    "folder, else share/fecontact/data/demo.msh beside an installed program's bin/, else\n"
    "data/demo.msh of the source tree it was built from.\n"
    "  --mesh FILE  another model with the same surface and block names\n"
    "  --vtu FILE   output file (default fecontact-demo.vtu in the current folder)\n";

std::filesystem::path bundled_model() {
  const char* folder = std::getenv("FECONTACT_DATA");
  if (folder != nullptr && *folder != '\0') return std::filesystem::path(folder) / "demo.msh";
  std::error_code error;  // an installed program: <prefix>/bin/fecontact, <prefix>/share/fecontact/data
  const auto program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto installed = program.parent_path().parent_path() / "share" / "fecontact" / "data" / "demo.msh";
    if (std::filesystem::exists(installed, error)) return installed;
  }
  return std::filesystem::path(FECONTACT_DATA_DIR) / "demo.msh";
}

void print_model(const std::filesystem::path& path, const Mesh& mesh) {
  Index elements = 0;
  for (const auto& b : mesh.blocks) elements += b.size();
  std::cout << "model " << path.string() << ": " << mesh.node_count() << " nodes, " << elements
            << " elements (volume blocks";
  for (const auto& b : mesh.blocks)
    if (is_volume(b.type)) std::cout << ' ' << b.name << ':' << name(b.type) << 'x' << b.size();
  std::cout << "; surfaces";
  for (const auto& s : mesh.surfaces) std::cout << ' ' << s.name << ':' << s.faces.size() << " faces";
  std::cout << ")\n";
}

std::vector<InterfaceRun> search_interfaces(const Mesh& mesh) {
  const std::vector<InterfaceSpec> specs = {
      {"cylinder_surface", "block_top", ContactMode::node_to_surface},
      {"cylinder_surface", "block_top", ContactMode::surface_to_surface},
      {"t_handle", "t_handle", ContactMode::self},
  };
  std::vector<InterfaceRun> runs;
  for (const auto& spec : specs)
    for (const BvKind bv : {BvKind::aabb, BvKind::obb})
      runs.push_back(run_interface(mesh, spec, Tolerance{}, bv));
  return runs;
}

void print_spin(const std::vector<BodyMass>& bodies) {
  const auto handle = std::find_if(bodies.begin(), bodies.end(), [](const BodyMass& b) { return b.name == "t_handle"; });
  if (handle == bodies.end() || handle->problem) return;
  std::cout << "\nSpinning T-handle (torque-free, one turn per time unit, 20 time units, perturbation 1e-3):\n";
  Table table({"axis", "flips", "|L| drift", "energy drift"});
  const char* names[] = {"min", "mid", "max"};
  for (int axis = 0; axis < 3; ++axis) {
    SpinSettings settings;
    settings.axis = axis;
    const SpinResult r = spin(handle->properties, settings);
    table.add_row({names[axis], std::to_string(r.flips), format_number(r.momentum_drift, 3),
                   format_number(r.energy_drift, 3)});
  }
  table.print(std::cout);
}

}  // namespace

int run_demo(Words words) {
  static constexpr OptionSpec options[] = {{"mesh", true}, {"vtu", true}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  if (!arguments->positional().empty()) throw UsageError("the demo takes no positional argument");
  const std::filesystem::path path = arguments->value("mesh").value_or(bundled_model().string());
  if (!std::filesystem::exists(path))
    throw std::runtime_error("the demo model " + path.string() + " is missing (set FECONTACT_DATA to the folder "
                             "holding demo.msh, or regenerate it: gmsh -3 -order 2 -format msh41 demo.geo -o demo.msh)");
  const Mesh mesh = read_mesh(path);
  print_model(path, mesh);

  std::cout << "\nBlocks: mass properties (density 1; inertia about the centre of mass, principal axes as unit "
               "vectors)\n";
  const auto bodies = body_masses(mesh, path.string(), {});
  std::vector<BodyMass> all = bodies;
  all.push_back(total_mass(bodies));
  print_mass_table(all);

  std::cout << "\nContact interfaces (a .msh file has no contact-pair keyword, so the demo defines them: slave\n"
               "cylinder_surface onto master block_top, node-to-surface and surface-to-surface, and self contact\n"
               "of the T-handle's exterior; search distance 0.1 x the master's mean face size; the cylinder is\n"
               "pressed 0.01 into the block, so the closest gap is a penetration of about -0.01)\n";
  const auto runs = search_interfaces(mesh);
  print_interface_table(runs);

  print_spin(bodies);

  const std::filesystem::path vtu = arguments->value("vtu").value_or("fecontact-demo.vtu");
  std::vector<InterfaceRun> aabb_runs;
  for (const auto& run : runs)
    if (run.interface.options.bv == BvKind::aabb) aabb_runs.push_back(run);
  write_runs_vtu(vtu, mesh, aabb_runs);
  std::cout << "\nwrote " << vtu.string() << " (the mesh, with the node-to-surface gap and normal on the "
            << "slave nodes; open it in ParaView)\n";
  return 0;
}

}  // namespace fecontact::cli
