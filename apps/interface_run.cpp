// SPDX-License-Identifier: BSD-3-Clause
#include "interface_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <utility>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/frontend/contact_vtu.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

InterfaceLabel label_of(const InterfaceRun& run) {
  const std::string& slave = run.spec.mode == ContactMode::self ? run.spec.master : run.spec.slave;
  return {slave, run.spec.master, run.build_ms, run.search_ms};
}

}  // namespace

ContactInterface make_interface(const Mesh& mesh, const InterfaceSpec& spec, const Tolerance& tolerance,
                                BvKind bv) {
  ContactSurface master = named_contact_surface(mesh, spec.master);
  ContactSurface slave =
      spec.mode == ContactMode::self ? ContactSurface{} : named_contact_surface(mesh, spec.slave);
  ContactInterface interface = make_contact_interface(spec.mode, std::move(slave), spec.slave, std::move(master),
                                                      spec.master);
  interface.options.tolerance = tolerance.value;
  interface.options.relative = tolerance.relative;
  interface.options.bv = bv;
  return interface;
}

InterfaceRun run_interface(const Mesh& mesh, const InterfaceSpec& spec, const Tolerance& tolerance,
                           BvKind bv) {
  InterfaceRun run;
  run.spec = spec;
  ContactSearch search(mesh, {make_interface(mesh, spec, tolerance, bv)});
  run.interface = search.interfaces().front();
  auto start = std::chrono::steady_clock::now();
  run.result = std::move(search.search(mesh.coordinates).front());
  run.build_ms = elapsed_ms(start);
  std::vector<double> times;
  for (int i = 0; i < 3; ++i) {
    start = std::chrono::steady_clock::now();
    static_cast<void>(search.search(mesh.coordinates));
    times.push_back(elapsed_ms(start));
  }
  std::sort(times.begin(), times.end());
  run.search_ms = times[1];
  return run;
}

std::uint64_t candidate_count(const InterfaceRun& run) { return run.result.counters.pairs_reported; }

std::size_t contact_count(const InterfaceRun& run) {
  return run.spec.mode == ContactMode::node_to_surface ? run.result.contacts.node.size()
                                                                  : run.result.pair_slave.size();
}

double closest_gap(const InterfaceRun& run) {
  const auto& values = run.spec.mode == ContactMode::node_to_surface
                           ? run.result.contacts.gap
                           : run.result.pair_distance;
  return values.empty() ? std::numeric_limits<double>::infinity()
                        : *std::min_element(values.begin(), values.end());
}

void write_runs_json(std::ostream& out, const Mesh& mesh, const std::vector<InterfaceRun>& runs) {
  std::vector<ContactInterface> interfaces;
  std::vector<InterfaceResult> results;
  std::vector<InterfaceLabel> labels;
  for (const auto& run : runs) {
    interfaces.push_back(run.interface);
    results.push_back(run.result);
    labels.push_back(label_of(run));
  }
  write_contact_json(out, mesh, interfaces, results, labels);
}

void write_runs_json(JsonWriter& json, const Mesh& mesh, const std::vector<InterfaceRun>& runs) {
  json.key("interfaces").begin_array();
  for (const auto& run : runs) write_interface_json(json, mesh, run.interface, run.result, label_of(run));
  json.end_array();
}

void write_runs_vtu(const std::filesystem::path& path, const Mesh& mesh, const std::vector<InterfaceRun>& runs) {
  std::vector<ContactInterface> interfaces;
  std::vector<InterfaceResult> results;
  for (const auto& run : runs) {
    interfaces.push_back(run.interface);
    results.push_back(run.result);
  }
  write_contact_vtu(path, mesh, mesh.coordinates, interfaces, results);
}

void write_runs_exodus(const std::filesystem::path& path, const Mesh& mesh, const std::vector<InterfaceRun>& runs) {
  const std::size_t nodes = mesh.coordinates.size();
  std::vector<NodalVariable> variables{{"gap", std::vector<double>(nodes, std::numeric_limits<double>::quiet_NaN())},
                                       {"normal_x", std::vector<double>(nodes, 0.0)},
                                       {"normal_y", std::vector<double>(nodes, 0.0)},
                                       {"normal_z", std::vector<double>(nodes, 0.0)},
                                       {"contact", std::vector<double>(nodes, 0.0)}};
  auto& gap = variables[0].values;
  for (const auto& run : runs) {
    const auto& c = run.result.contacts;
    for (std::size_t k = 0; k < c.node.size(); ++k) {
      const auto n = static_cast<std::size_t>(c.node[k]);
      if (!std::isnan(gap[n]) && gap[n] <= c.gap[k]) continue;  // a smaller gap of another interface
      gap[n] = c.gap[k];
      for (int axis = 0; axis < 3; ++axis) variables[std::size_t(axis) + 1].values[n] = c.normal[k][axis];
      variables[4].values[n] = 1.0;
    }
  }
  write_exodus(path, mesh, {}, variables);
}

void print_interface_table(const std::vector<InterfaceRun>& runs) {
  Table table({"slave -> master", "mode", "bv", "tolerance", "bv tests", "leaf tests", "candidates",
               "contacts", "closest gap", "build ms", "search ms"});
  for (const auto& run : runs) {
    const std::string name = run.spec.mode == ContactMode::self
                                 ? run.spec.master + " (self)"
                                 : run.spec.slave + " -> " + run.spec.master;
    const double gap = closest_gap(run);
    table.add_row({name, std::string(fecontact::name(run.spec.mode)), std::string(fecontact::name(run.interface.options.bv)),
                   format_number(run.result.tolerance, 4), std::to_string(run.result.counters.bv_tests),
                   std::to_string(run.result.counters.leaf_pairs), std::to_string(candidate_count(run)),
                   std::to_string(contact_count(run)), std::isfinite(gap) ? format_number(gap, 4) : "-",
                   format_fixed(run.build_ms, 2), format_fixed(run.search_ms, 2)});
  }
  table.print(std::cout);
}

}  // namespace fecontact::cli
