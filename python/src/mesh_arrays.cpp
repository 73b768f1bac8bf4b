// SPDX-License-Identifier: BSD-3-Clause
#include "mesh_arrays.hpp"

#include <algorithm>
#include <limits>

#include <pybind11/stl.h>

#include "fecontact/frontend/option_names.hpp"

namespace fecontact::python {

namespace {

constexpr std::int64_t largest_index = std::numeric_limits<Index>::max();
constexpr std::int64_t largest_id = std::numeric_limits<FileId>::max();

std::string quoted(const std::string& name) { return "'" + name + "'"; }

// (rows, 2 or 3) rows of [block, element(, local_face)] as ElementRefs, each checked against
// the blocks.
ElementRef element_ref(const Mesh& mesh, const std::int64_t* row, const std::string& where) {
  const auto block = row[0];
  if (block >= static_cast<std::int64_t>(mesh.blocks.size()))
    throw py::value_error(where + ": block " + std::to_string(block) + " of " +
                          std::to_string(mesh.blocks.size()));
  const ElementBlock& b = mesh.blocks[static_cast<std::size_t>(block)];
  if (row[1] >= b.size())
    throw py::value_error(where + ": element " + std::to_string(row[1]) + " of block " + quoted(b.name) +
                          ", which has " + std::to_string(b.size()));
  return {static_cast<Index>(block), static_cast<Index>(row[1])};
}

SurfaceDefinition surface_definition(const Mesh& mesh, const std::string& name, py::handle value) {
  SurfaceDefinition s;
  s.name = name;
  const std::string where = "surfaces[" + quoted(name) + "]";
  const py::array a = py::module_::import("numpy").attr("asarray")(value);
  if (a.ndim() == 1) {  // a node surface (Abaqus TYPE=NODE)
    s.kind = SurfaceDefinition::Kind::nodes;
    s.nodes = as_indices(index_array(a, where.c_str(), {any_size}, 0, mesh.node_count()));
    return s;
  }
  const IdArray rows = index_array(a, where.c_str(), {any_size, 3}, 0, largest_index);
  for (py::ssize_t f = 0; f < rows.shape(0); ++f) {
    const std::int64_t* row = rows.data() + 3 * f;
    const std::string face = where + "[" + std::to_string(f) + "]";
    FaceRef ref{element_ref(mesh, row, face), static_cast<int>(row[2])};
    const ElementType type = mesh.blocks[static_cast<std::size_t>(ref.element.block)].type;
    const auto local_faces = is_volume(type) ? static_cast<std::int64_t>(faces(type).size()) : 2;
    if (row[2] >= local_faces)
      throw py::value_error(face + ": local face " + std::to_string(row[2]) + " of a " +
                            std::string(fecontact::name(type)) + " (0.." + std::to_string(local_faces - 1) + ")");
    s.faces.push_back(ref);
  }
  return s;
}

}  // namespace

ElementType element_type_argument(const std::string& name) {
  if (const auto type = element_type_from_name(name)) return *type;
  std::string names;
  for (int t = 0; t < element_type_count; ++t)
    names += (t ? ", " : "") + std::string(fecontact::name(static_cast<ElementType>(t)));
  throw py::value_error("unknown element type " + quoted(name) + " (expected one of " + names + ")");
}

Block make_block(const std::string& name, const std::string& type, py::handle connectivity,
                 py::handle element_ids) {
  Block block{name, element_type_argument(type), {}, py::none()};
  const std::string where = "Block " + quoted(name) + " connectivity";
  block.connectivity = index_array(connectivity, where.c_str(), {any_size, node_count(block.type)}, 0, largest_index);
  if (!element_ids.is_none()) {
    const std::string ids = "Block " + quoted(name) + " element_ids";
    block.element_ids = index_array(element_ids, ids.c_str(), {block.connectivity.shape(0)}, 1, largest_id);
  }
  return block;
}

ContactMode contact_mode_argument(const std::string& mode) {
  if (const auto named = contact_mode_named(mode)) return *named;
  throw py::value_error("unknown contact mode " + quoted(mode) + " (expected " + contact_mode_names() + ")");
}

std::shared_ptr<Mesh> make_mesh(py::handle coordinates, const py::list& blocks, py::handle node_ids,
                                const py::dict& surfaces, const py::dict& node_sets,
                                const py::dict& element_sets, const py::list& contact_pairs) {
  auto mesh = std::make_shared<Mesh>();
  const DoubleArray points = finite_array(coordinates, "coordinates", {any_size, 3});
  if (points.shape(0) > largest_index) throw py::value_error("coordinates: more than 2^31 - 1 nodes");
  const auto points_span = as_points(points);
  mesh->coordinates.assign(points_span.begin(), points_span.end());
  const Index n = mesh->node_count();
  if (node_ids.is_none()) {
    for (Index i = 0; i < n; ++i) mesh->node_ids.push_back(i + 1);
  } else {
    const IdArray ids = index_array(node_ids, "node_ids", {n}, 1, largest_id);
    mesh->node_ids.assign(ids.data(), ids.data() + n);
  }
  mesh->node_index.reserve(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i)
    if (!mesh->node_index.emplace(mesh->node_ids[static_cast<std::size_t>(i)], i).second)
      throw py::value_error("node_ids[" + std::to_string(i) + "] = " +
                            std::to_string(mesh->node_ids[static_cast<std::size_t>(i)]) + " repeats an earlier id");

  FileId next_id = 1;
  for (const py::handle item : blocks) {
    const Block& block = item.cast<const Block&>();
    ElementBlock b;
    b.name = block.name;
    b.type = block.type;
    // Checked again here, not only in make_block: the Block's arrays may have changed since.
    const IdArray& c = block.connectivity;
    const std::int64_t* nodes = c.data();
    for (py::ssize_t i = 0; i < c.size(); ++i)
      if (nodes[i] < 0 || nodes[i] >= n)
        throw py::value_error("Block " + quoted(b.name) + " connectivity[" + std::to_string(i / c.shape(1)) +
                              ", " + std::to_string(i % c.shape(1)) + "] = " + std::to_string(nodes[i]) +
                              ": the mesh has " + std::to_string(n) + " nodes");
    b.connectivity.assign(nodes, nodes + c.size());
    if (block.element_ids.is_none()) {
      for (py::ssize_t e = 0; e < c.shape(0); ++e) b.element_ids.push_back(next_id++);
    } else {
      const auto ids = block.element_ids.cast<IdArray>();
      b.element_ids.assign(ids.data(), ids.data() + ids.size());
      for (std::size_t e = 0; e < b.element_ids.size(); ++e)
        if (b.element_ids[e] < 1)
          throw py::value_error("Block " + quoted(b.name) + " element_ids[" + std::to_string(e) + "] = " +
                                std::to_string(b.element_ids[e]) + ": ids are positive");
      if (!b.element_ids.empty())
        next_id = std::max(next_id, *std::max_element(b.element_ids.begin(), b.element_ids.end()) + 1);
    }
    mesh->blocks.push_back(std::move(b));
  }

  for (const auto& [name, value] : surfaces)
    mesh->surfaces.push_back(surface_definition(*mesh, name.cast<std::string>(), value));
  for (const auto& [name, value] : node_sets) {
    const std::string where = "node_sets[" + quoted(name.cast<std::string>()) + "]";
    mesh->node_sets.push_back({name.cast<std::string>(),
                               as_indices(index_array(value, where.c_str(), {any_size}, 0, n))});
  }
  for (const auto& [name, value] : element_sets) {
    const std::string where = "element_sets[" + quoted(name.cast<std::string>()) + "]";
    const IdArray rows = index_array(value, where.c_str(), {any_size, 2}, 0, largest_index);
    ElementSet set{name.cast<std::string>(), {}};
    for (py::ssize_t r = 0; r < rows.shape(0); ++r)
      set.elements.push_back(element_ref(*mesh, rows.data() + 2 * r, where + "[" + std::to_string(r) + "]"));
    mesh->element_sets.push_back(std::move(set));
  }
  for (const py::handle item : contact_pairs) {
    const auto [slave, master, mode] = item.cast<std::tuple<std::string, std::string, std::string>>();
    mesh->contact_pairs.push_back({slave, master, contact_mode_argument(mode), {}});
  }
  return mesh;
}

}  // namespace fecontact::python
