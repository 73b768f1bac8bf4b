// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/contact_vtu.hpp"

#include <cmath>
#include <limits>
#include <utility>
#include <variant>

#include "fecontact/detail/assert.hpp"
#include "fecontact/frontend/vtu_grids.hpp"
#include "fecontact/frontend/vtu_writer.hpp"
#include "fecontact/mesh/element_type.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;
using Mode = ContactMode;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Extends the arrays of vtu_grid(mesh) ("node_id", "block", "element_id") with −1 to `count` items.
void extend(std::vector<VtuArray>& arrays, std::size_t count) {
  for (VtuArray& a : arrays)
    std::visit([&](auto& values) { values.resize(static_cast<std::size_t>(a.components) * count, -1); }, a.values);
}

Vector3d centroid(const SurfaceFace& face, std::span<const Vector3d> x) {
  const int corners = corner_count(face.type);
  Vector3d sum = Vector3d::Zero();
  for (int k = 0; k < corners; ++k) sum += x[static_cast<std::size_t>(face.nodes()[static_cast<std::size_t>(k)])];
  return sum / corners;
}

// Adds the grid's cells beyond the elements, one call per cell, keeping its cell data in step.
struct Cells {
  VtuGrid& grid;
  std::vector<std::int64_t> kind, interface;
  std::vector<double> distance;

  void line(const Vector3d& a, const Vector3d& b, ContactCellKind k, std::size_t i, double d) {
    const auto first = static_cast<Index>(grid.points.size());
    grid.points.push_back(a);
    grid.points.push_back(b);
    add_cell(grid, VtkCellType::line, std::array<Index, 2>{first, first + 1});
    push(k, static_cast<std::int64_t>(i), d);
  }
  void push(ContactCellKind k, std::int64_t i, double d) {
    kind.push_back(static_cast<std::int64_t>(k));
    interface.push_back(i);
    distance.push_back(d);
  }
};

void add_interface(Cells& cells, std::span<const Vector3d> x, const ContactInterface& in,
                   const InterfaceResult& r, std::size_t i) {
  const auto& c = r.contacts;
  for (std::size_t k = 0; k < c.node.size(); ++k)
    cells.line(x[static_cast<std::size_t>(c.node[k])], c.point[k],
               ContactCellKind::contact, i, c.gap[k]);
  const Surface& slave = in.mode == Mode::self ? in.master : in.slave;
  for (std::size_t k = 0; k < r.pair_slave.size(); ++k) {
    const auto s = static_cast<std::size_t>(r.pair_slave[k]);
    const Vector3d from = in.mode == Mode::node_to_surface ? x[s] : centroid(slave.faces[s], x);
    cells.line(from, centroid(in.master.faces[static_cast<std::size_t>(r.pair_master[k])], x),
               ContactCellKind::pair, i, r.pair_distance[k]);
  }
}

// Depth-first from the root: the nodes at depth `level` and the leaves above it.
template <class BV>
std::vector<std::array<Vector3d, 8>> level_volumes(const Bvh<BV>& tree, int level) {
  std::vector<std::array<Vector3d, 8>> volumes;
  if (tree.empty()) return volumes;
  std::vector<std::pair<Index, int>> stack{{0, 0}};  // (node, depth)
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    const auto& node = tree.nodes[static_cast<std::size_t>(index)];
    if (depth == level || node.is_leaf()) {
      volumes.push_back(corners(node.volume));
      continue;
    }
    stack.emplace_back(node.index + 1, depth + 1);
    stack.emplace_back(node.index, depth + 1);
  }
  return volumes;
}

}  // namespace

void write_contact_vtu(const std::filesystem::path& path, const Mesh& mesh, std::span<const Vector3d> coordinates,
                       std::span<const ContactInterface> interfaces, std::span<const InterfaceResult> results,
                       std::span<const std::array<Vector3d, 8>> volumes) {
  FECONTACT_ASSERT(coordinates.size() == mesh.coordinates.size(), "write_contact_vtu: one coordinate per node");
  FECONTACT_ASSERT(results.size() == interfaces.size(), "write_contact_vtu: one result per interface");
  VtuGrid grid = vtu_grid(mesh);
  grid.points.assign(coordinates.begin(), coordinates.end());
  const std::size_t nodes = coordinates.size();
  const std::size_t elements = grid.cell_count();
  std::vector<double> gap(nodes, nan), normal(3 * nodes, 0.0);
  for (std::size_t i = 0; i < interfaces.size(); ++i) {
    const auto& c = results[i].contacts;
    for (std::size_t k = 0; k < c.node.size(); ++k) {
      const auto n = static_cast<std::size_t>(c.node[k]);
      if (std::isnan(gap[n]) || c.gap[k] < gap[n]) {  // no gap yet, or a smaller one
        gap[n] = c.gap[k];
        for (std::size_t j = 0; j < 3; ++j) normal[3 * n + j] = c.normal[k][static_cast<Eigen::Index>(j)];
      }
    }
  }
  Cells cells{grid, std::vector<std::int64_t>(elements, 0), std::vector<std::int64_t>(elements, -1),
              std::vector<double>(elements, nan)};
  for (std::size_t i = 0; i < interfaces.size(); ++i) add_interface(cells, coordinates, interfaces[i], results[i], i);
  for (const auto& box : volumes) {
    add_box(grid, box);
    cells.push(ContactCellKind::volume, -1, nan);
  }
  extend(grid.point_data, grid.points.size());
  extend(grid.cell_data, grid.cell_count());
  gap.resize(grid.points.size(), nan);
  normal.resize(3 * grid.points.size(), 0.0);
  grid.point_data.push_back({"gap", 1, std::move(gap)});
  grid.point_data.push_back({"contact_normal", 3, std::move(normal)});
  grid.cell_data.push_back({"kind", 1, std::move(cells.kind)});
  grid.cell_data.push_back({"interface", 1, std::move(cells.interface)});
  grid.cell_data.push_back({"distance", 1, std::move(cells.distance)});
  write_vtu(path, grid);
}

std::vector<std::array<Vector3d, 8>> tree_level_volumes(const ContactSearch& search, std::size_t i, int level,
                                                        ContactSearch::TreeSide side) {
  FECONTACT_ASSERT(level >= 0, "tree_level_volumes: level must be >= 0");
  if (const Bvh<Aabb>* tree = search.tree<Aabb>(i, side)) return level_volumes(*tree, level);
  if (const Bvh<Obb>* tree = search.tree<Obb>(i, side)) return level_volumes(*tree, level);
  return {};
}

}  // namespace fecontact
