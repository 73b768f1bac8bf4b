#include "interface_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <utility>

#include "named_surface.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

ContactInterface make_interface(const Mesh& mesh, const InterfaceSpec& spec) {
  ContactSurface master = find_surface(mesh, spec.master);
  ContactSurface slave =
      spec.kind == ContactInterface::Kind::self ? ContactSurface{} : find_surface(mesh, spec.slave);
  return make_contact_interface(spec.kind, std::move(slave), spec.slave, std::move(master),
                                spec.master);
}

// The file's face reference: {"element": id, "local_face": k} for a volume element's face,
// the element id alone for a surface element.
void write_face(JsonWriter& json, const Mesh& mesh, const SurfaceFace& face) {
  const auto& block = mesh.blocks[static_cast<std::size_t>(face.owner.element.block)];
  const FileId id = block.element_ids[static_cast<std::size_t>(face.owner.element.element)];
  if (!is_volume(block.type)) {
    json.value(id);
    return;
  }
  json.begin_object().key("element").value(id).key("local_face").value(face.owner.local_face);
  json.end_object();
}

void write_vector(JsonWriter& json, const std::vector<double>& values, std::size_t i) {
  json.begin_array();
  for (std::size_t k = 0; k < 3; ++k) json.value(values[3 * i + k]);
  json.end_array();
}

void write_contacts(JsonWriter& json, const Mesh& mesh, const InterfaceRun& run) {
  const InterfaceResult& r = run.result;
  json.key("contacts").begin_array();
  if (run.spec.kind == ContactInterface::Kind::node_to_surface) {
    const auto& c = r.contacts;
    for (std::size_t i = 0; i < c.node.size(); ++i) {
      json.begin_object().key("node").value(c.node_id[i]).key("face");
      write_face(json, mesh, run.master.faces[static_cast<std::size_t>(c.face[i])]);
      json.key("gap").value(c.gap[i]).key("normal");
      write_vector(json, c.normal, i);
      json.key("point");
      write_vector(json, c.point, i);
      json.end_object();
    }
  } else {
    const Surface& slave = run.spec.kind == ContactInterface::Kind::self ? run.master : run.slave;
    for (std::size_t i = 0; i < r.pair_slave.size(); ++i) {
      json.begin_object().key("slave_face");
      write_face(json, mesh, slave.faces[static_cast<std::size_t>(r.pair_slave[i])]);
      json.key("master_face");
      write_face(json, mesh, run.master.faces[static_cast<std::size_t>(r.pair_master[i])]);
      json.key("distance").value(r.pair_distance[i]).end_object();
    }
  }
  json.end_array();
}

}  // namespace

InterfaceRun run_interface(const Mesh& mesh, const InterfaceSpec& spec, const Tolerance& tolerance,
                           VolumeKind volume) {
  ContactInterface interface = make_interface(mesh, spec);
  interface.options.tolerance = tolerance.value;
  interface.options.relative = tolerance.relative;
  interface.options.volume = volume;
  InterfaceRun run;
  run.spec = spec;
  run.volume = volume;
  run.master = interface.master;
  run.slave = interface.slave;
  ContactSearch search(mesh, {std::move(interface)});
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

const char* mode_name(ContactInterface::Kind kind) {
  switch (kind) {
    case ContactInterface::Kind::node_to_surface: return "node-to-surface";
    case ContactInterface::Kind::surface_to_surface: return "surface-to-surface";
    case ContactInterface::Kind::self: return "self";
  }
  return "?";
}

const char* volume_name(VolumeKind volume) { return volume == VolumeKind::aabb ? "aabb" : "obb"; }

std::uint64_t candidate_count(const InterfaceRun& run) { return run.result.counters.pairs_reported; }

std::size_t contact_count(const InterfaceRun& run) {
  return run.spec.kind == ContactInterface::Kind::node_to_surface ? run.result.contacts.node.size()
                                                                  : run.result.pair_slave.size();
}

double closest_gap(const InterfaceRun& run) {
  const auto& values = run.spec.kind == ContactInterface::Kind::node_to_surface
                           ? run.result.contacts.gap
                           : run.result.pair_distance;
  return values.empty() ? std::numeric_limits<double>::infinity()
                        : *std::min_element(values.begin(), values.end());
}

void write_json(JsonWriter& json, const Mesh& mesh, const InterfaceRun& run) {
  const InterfaceResult& r = run.result;
  json.begin_object();
  json.key("slave");
  if (run.spec.kind == ContactInterface::Kind::self) json.value(run.spec.master);
  else json.value(run.spec.slave);
  json.key("master").value(run.spec.master);
  json.key("mode").value(mode_name(run.spec.kind));
  json.key("tolerance").value(r.tolerance);
  json.key("bv").value(volume_name(run.volume));
  json.key("statistics").begin_object();
  json.key("bv_tests").value(r.counters.bv_tests);
  json.key("leaf_tests").value(r.counters.leaf_pairs);
  json.key("candidates").value(candidate_count(run));
  json.key("contacts").value(contact_count(run));
  json.key("build_ms").value(run.build_ms);
  json.key("search_ms").value(run.search_ms);
  json.end_object();
  write_contacts(json, mesh, run);
  json.end_object();
}

void print_interface_table(const std::vector<InterfaceRun>& runs) {
  Table table({"slave -> master", "mode", "bv", "tolerance", "bv tests", "leaf tests", "candidates",
               "contacts", "closest gap", "build ms", "search ms"});
  for (const auto& run : runs) {
    const std::string name = run.spec.kind == ContactInterface::Kind::self
                                 ? run.spec.master + " (self)"
                                 : run.spec.slave + " -> " + run.spec.master;
    const double gap = closest_gap(run);
    table.add_row({name, mode_name(run.spec.kind), volume_name(run.volume),
                   format_number(run.result.tolerance, 4), std::to_string(run.result.counters.bv_tests),
                   std::to_string(run.result.counters.leaf_pairs), std::to_string(candidate_count(run)),
                   std::to_string(contact_count(run)), std::isfinite(gap) ? format_number(gap, 4) : "-",
                   format_fixed(run.build_ms, 2), format_fixed(run.search_ms, 2)});
  }
  table.print(std::cout);
}

}  // namespace fecontact::cli
