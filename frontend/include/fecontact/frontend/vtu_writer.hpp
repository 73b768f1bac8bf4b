// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// VTK XML unstructured grid (.vtu) with raw binary appended data, for ParaView: a small generic
// grid model and its writer. vtu_grids.hpp builds grids from meshes, surfaces and boxes.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact {

/// VTK cell type numbers (vtkCellType.h) of the cells this library writes.
enum class VtkCellType : std::uint8_t {
  line = 3,
  triangle = 5,
  quad = 9,
  tetra = 10,
  hexahedron = 12,
  wedge = 13,
  pyramid = 14,
  quadratic_triangle = 22,
  quadratic_quad = 23,
  quadratic_tetra = 24,
  quadratic_hexahedron = 25,
  quadratic_wedge = 26,
  biquadratic_quad = 28,
  triquadratic_hexahedron = 29,
};

/// A named point or cell data array: `components` values per point (or cell), item after item.
/// Doubles are written as Float64, integers as Int64.
struct VtuArray {
  std::string name;
  int components = 1;
  std::variant<std::vector<double>, std::vector<std::int64_t>> values;
};

/// Points and cells in VTK's layout: the point indices of cell c are
/// connectivity[offsets[c-1] .. offsets[c]) (from 0 for c = 0), in VTK's node order.
struct VtuGrid {
  std::vector<Eigen::Vector3d> points;
  std::vector<VtkCellType> cell_types;
  std::vector<std::int64_t> connectivity;
  std::vector<std::int64_t> offsets;  ///< one per cell: the end of its point indices
  std::vector<VtuArray> point_data;   ///< each with components × points.size() values
  std::vector<VtuArray> cell_data;    ///< each with components × cell_types.size() values

  std::size_t cell_count() const { return cell_types.size(); }
};

/// Appends a cell of the given type on the given point indices (each < points.size() when the
/// grid is written).
void add_cell(VtuGrid& grid, VtkCellType type, std::span<const Index> points);

/// Writes `grid` as a VTK XML UnstructuredGrid file (version 1.0, little-endian, UInt64 block
/// headers, all arrays in one raw <AppendedData> block). Preconditions (FECONTACT_ASSERT): the
/// array sizes agree with the point and cell counts, offsets ascend, indices name points.
/// Throws std::runtime_error naming the file when it cannot be opened or written.
void write_vtu(const std::filesystem::path& path, const VtuGrid& grid);

}  // namespace fecontact
