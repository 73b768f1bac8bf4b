// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/vtu_grids.hpp"

#include <vector>

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

// VTK's hexahedron numbers its corners 0-1-2-3 around the bottom (z−) face, counter-clockwise
// seen from above, then 4-7 likewise on top. Entry j is the corner with bits (x, y, z) of the
// box's own numbering (bit i set: the upper side along axis i), as in corners(const Obb&).
constexpr std::array<int, 8> vtk_hexahedron_corner{0, 1, 3, 2, 4, 5, 7, 6};

[[maybe_unused]] bool is_element_of(const Mesh& mesh, ElementRef ref) {
  return ref.block >= 0 && static_cast<std::size_t>(ref.block) < mesh.blocks.size() &&
         ref.element >= 0 && ref.element < mesh.blocks[static_cast<std::size_t>(ref.block)].size();
}

VtuArray int_array(std::string name, std::vector<std::int64_t> values) {
  return VtuArray{std::move(name), 1, std::move(values)};
}

}  // namespace

void add_box(VtuGrid& grid, const std::array<Eigen::Vector3d, 8>& corners_by_bits) {
  const auto first = static_cast<Index>(grid.points.size());
  std::array<Index, 8> cell{};
  for (int j = 0; j < 8; ++j) {
    grid.points.push_back(corners_by_bits[static_cast<std::size_t>(vtk_hexahedron_corner[j])]);
    cell[static_cast<std::size_t>(j)] = first + j;
  }
  add_cell(grid, VtkCellType::hexahedron, cell);
}

VtkCellType vtk_cell_type(ElementType type) {
  switch (type) {
    case ElementType::tet4: return VtkCellType::tetra;
    case ElementType::tet10: return VtkCellType::quadratic_tetra;
    case ElementType::hex8: return VtkCellType::hexahedron;
    case ElementType::hex20: return VtkCellType::quadratic_hexahedron;
    case ElementType::hex27: return VtkCellType::triquadratic_hexahedron;
    case ElementType::wedge6: return VtkCellType::wedge;
    case ElementType::wedge15: return VtkCellType::quadratic_wedge;
    case ElementType::pyramid5: return VtkCellType::pyramid;
    case ElementType::tri3: return VtkCellType::triangle;
    case ElementType::tri6: return VtkCellType::quadratic_triangle;
    case ElementType::quad4: return VtkCellType::quad;
    case ElementType::quad8: return VtkCellType::quadratic_quad;
    case ElementType::quad9: return VtkCellType::biquadratic_quad;
  }
  FECONTACT_ASSERT(false, "vtk_cell_type: unknown element type");
  return VtkCellType::triangle;
}

VtuGrid vtu_grid(const Mesh& mesh) {
  FECONTACT_ASSERT(mesh.node_ids.size() == mesh.coordinates.size(), "vtu_grid: one id per node");
  VtuGrid grid;
  grid.points = mesh.coordinates;
  std::vector<std::int64_t> block_index;
  std::vector<std::int64_t> element_id;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    const ElementBlock& block = mesh.blocks[b];
    for (Index e = 0; e < block.size(); ++e) {
      add_cell(grid, vtk_cell_type(block.type), block.element(e));
      block_index.push_back(static_cast<std::int64_t>(b));
      element_id.push_back(block.element_ids[static_cast<std::size_t>(e)]);
    }
  }
  grid.point_data.push_back(int_array("node_id", {mesh.node_ids.begin(), mesh.node_ids.end()}));
  grid.cell_data.push_back(int_array("block", std::move(block_index)));
  grid.cell_data.push_back(int_array("element_id", std::move(element_id)));
  return grid;
}

VtuGrid vtu_grid(const Mesh& mesh, const Surface& surface) {
  VtuGrid grid;
  std::vector<Index> point_of_node(mesh.coordinates.size(), -1);
  std::vector<std::int64_t> node;
  std::vector<std::int64_t> block_index;
  std::vector<std::int64_t> element_id;
  std::vector<std::int64_t> local_face;
  std::vector<Index> cell;
  for (const SurfaceFace& face : surface.faces) {
    cell.clear();
    for (const Index n : face.nodes()) {
      FECONTACT_ASSERT(n >= 0 && n < mesh.node_count(), "vtu_grid: a face node is not in the mesh");
      Index& point = point_of_node[static_cast<std::size_t>(n)];
      if (point < 0) {  // first use: the surface's points come in order of first appearance
        point = static_cast<Index>(grid.points.size());
        grid.points.push_back(mesh.coordinates[static_cast<std::size_t>(n)]);
        node.push_back(n);
      }
      cell.push_back(point);
    }
    add_cell(grid, vtk_cell_type(face.type), cell);
    const ElementRef owner = face.owner.element;
    FECONTACT_ASSERT(is_element_of(mesh, owner), "vtu_grid: a face's owner is not in the mesh");
    block_index.push_back(owner.block);
    element_id.push_back(mesh.blocks[static_cast<std::size_t>(owner.block)]
                             .element_ids[static_cast<std::size_t>(owner.element)]);
    local_face.push_back(face.owner.local_face);
  }
  grid.point_data.push_back(int_array("node", std::move(node)));
  grid.cell_data.push_back(int_array("block", std::move(block_index)));
  grid.cell_data.push_back(int_array("element_id", std::move(element_id)));
  grid.cell_data.push_back(int_array("local_face", std::move(local_face)));
  return grid;
}

namespace {

// A hexahedron per box that is not empty, with the box's index as cell data.
template <class Box>
VtuGrid box_grid(std::span<const Box> boxes) {
  VtuGrid grid;
  std::vector<std::int64_t> index;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (is_empty(boxes[i])) continue;
    add_box(grid, corners(boxes[i]));
    index.push_back(static_cast<std::int64_t>(i));
  }
  grid.cell_data.push_back(int_array("index", std::move(index)));
  return grid;
}

}  // namespace

VtuGrid vtu_grid(std::span<const Aabb> boxes) { return box_grid(boxes); }

VtuGrid vtu_grid(std::span<const Obb> boxes) { return box_grid(boxes); }

VtuGrid vtu_grid(std::span<const std::array<Eigen::Vector3d, 2>> segments) {
  VtuGrid grid;
  std::vector<std::int64_t> index;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const auto first = static_cast<Index>(grid.points.size());
    grid.points.push_back(segments[i][0]);
    grid.points.push_back(segments[i][1]);
    add_cell(grid, VtkCellType::line, std::array<Index, 2>{first, first + 1});
    index.push_back(static_cast<std::int64_t>(i));
  }
  grid.cell_data.push_back(int_array("index", std::move(index)));
  return grid;
}

}  // namespace fecontact
