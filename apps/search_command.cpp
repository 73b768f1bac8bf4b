// SPDX-License-Identifier: BSD-3-Clause
// fecontact search MESH [--pair SLAVE:MASTER]... [--self SURFACE]... [--tolerance D]
//   [--mode node-to-surface|surface-to-surface] [--bv aabb|obb|dual] [--json] [--vtu FILE]
//   [--exodus FILE] [--step N|last]

#include <iostream>

#include "interface_run.hpp"
#include "search_request.hpp"

namespace fecontact::cli {

int run_search(Words words) {
  const auto request = parse_search_request(
      words, std::string("usage: fecontact search MESH [--pair SLAVE:MASTER]... [--self SURFACE]... [--tolerance D]\n"
                         "         [--mode node-to-surface|surface-to-surface] [--bv aabb|obb|dual] [--json] [--vtu FILE]\n"
                         "         [--exodus FILE] [--step N|last]\n") +
                 search_options_help);
  if (!request) return 0;
  const Mesh mesh = read_mesh_at(request->mesh, request->step);
  std::vector<InterfaceRun> runs;
  for (const auto& spec : interface_specs(request->arguments, mesh))
    runs.push_back(run_interface(mesh, spec, request->tolerance, request->bv));
  if (request->json) {
    write_runs_json(std::cout, mesh, runs);
  } else {
    print_interface_table(runs);
  }
  if (request->vtu) write_runs_vtu(*request->vtu, mesh, runs);
  if (request->exodus) write_runs_exodus(*request->exodus, mesh, runs);
  return 0;
}

}  // namespace fecontact::cli
