// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/vtu_writer.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double), "points are three packed doubles");

using Values = std::variant<std::span<const double>, std::span<const std::int64_t>,
                            std::span<const Eigen::Vector3d>, std::span<const VtkCellType>>;

// One DataArray: where it goes in the XML, and its values in the appended block.
struct Block {
  std::string section;  // PointData, CellData, Points or Cells
  std::string name;
  int components = 1;
  Values values;
};

const char* vtk_type(const Values& values) {
  constexpr std::array<const char*, 4> names{"Float64", "Int64", "Float64", "UInt8"};
  return names[values.index()];
}

std::uint64_t byte_count(const Values& values) {
  return std::visit([](auto span) -> std::uint64_t { return span.size_bytes(); }, values);
}

std::string xml_escaped(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&apos;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

Values values_of(const VtuArray& array) {
  return std::visit([](const auto& vector) { return Values(std::span(vector)); }, array.values);
}

std::size_t value_count(const VtuArray& array) {
  return std::visit([](const auto& vector) { return vector.size(); }, array.values);
}

// The arrays in file order: point data, cell data, points, cells.
std::vector<Block> blocks_of(const VtuGrid& grid) {
  std::vector<Block> blocks;
  for (const VtuArray& a : grid.point_data) {
    blocks.push_back({"PointData", a.name, a.components, values_of(a)});
  }
  for (const VtuArray& a : grid.cell_data) {
    blocks.push_back({"CellData", a.name, a.components, values_of(a)});
  }
  blocks.push_back({"Points", "Points", 3, std::span(grid.points)});
  blocks.push_back({"Cells", "connectivity", 1, std::span(grid.connectivity)});
  blocks.push_back({"Cells", "offsets", 1, std::span(grid.offsets)});
  blocks.push_back({"Cells", "types", 1, std::span(grid.cell_types)});
  return blocks;
}

std::string xml_head(const VtuGrid& grid, const std::vector<Block>& blocks) {
  std::string xml =
      "<?xml version=\"1.0\"?>\n"
      "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\" "
      "header_type=\"UInt64\">\n  <UnstructuredGrid>\n    <Piece NumberOfPoints=\"" +
      std::to_string(grid.points.size()) + "\" NumberOfCells=\"" +
      std::to_string(grid.cell_count()) + "\">\n";
  std::uint64_t offset = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& b = blocks[i];
    if (i == 0 || blocks[i - 1].section != b.section) xml += "      <" + b.section + ">\n";
    xml += "        <DataArray type=\"" + std::string(vtk_type(b.values)) + "\" Name=\"" +
           xml_escaped(b.name) + "\" NumberOfComponents=\"" + std::to_string(b.components) +
           "\" format=\"appended\" offset=\"" + std::to_string(offset) + "\"/>\n";
    if (i + 1 == blocks.size() || blocks[i + 1].section != b.section) {
      xml += "      </" + b.section + ">\n";
    }
    offset += sizeof(std::uint64_t) + byte_count(b.values);
  }
  return xml + "    </Piece>\n  </UnstructuredGrid>\n  <AppendedData encoding=\"raw\">\n   _";
}

// Little-endian bytes, whatever the host's byte order, buffered.
class LittleEndianSink {
 public:
  explicit LittleEndianSink(std::ostream& out) : out_(out) {}
  ~LittleEndianSink() { flush(); }

  template <class T>
  void put(T value) {
    auto bytes = std::bit_cast<std::array<char, sizeof(T)>>(value);
    if constexpr (std::endian::native == std::endian::big) std::reverse(bytes.begin(), bytes.end());
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
    if (buffer_.size() >= 1 << 16) flush();
  }
  void put(const Eigen::Vector3d& p) {
    for (const double x : p) put(x);
  }
  void put(VtkCellType type) { put(static_cast<std::uint8_t>(type)); }

  void flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
  }

 private:
  std::ostream& out_;
  std::vector<char> buffer_;
};

[[maybe_unused]] bool grid_is_consistent(const VtuGrid& grid) {
  const auto points = static_cast<std::int64_t>(grid.points.size());
  const auto sizes_match = [](const std::vector<VtuArray>& arrays, std::size_t count) {
    return std::all_of(arrays.begin(), arrays.end(), [&](const VtuArray& a) {
      return a.components > 0 && value_count(a) == count * static_cast<std::size_t>(a.components);
    });
  };
  return grid.offsets.size() == grid.cell_types.size() &&
         std::is_sorted(grid.offsets.begin(), grid.offsets.end()) &&
         (grid.offsets.empty()
              ? grid.connectivity.empty()
              : grid.offsets.back() == static_cast<std::int64_t>(grid.connectivity.size())) &&
         std::all_of(grid.connectivity.begin(), grid.connectivity.end(),
                     [&](std::int64_t i) { return i >= 0 && i < points; }) &&
         sizes_match(grid.point_data, grid.points.size()) &&
         sizes_match(grid.cell_data, grid.cell_count());
}

}  // namespace

void add_cell(VtuGrid& grid, VtkCellType type, std::span<const Index> points) {
  grid.cell_types.push_back(type);
  grid.connectivity.insert(grid.connectivity.end(), points.begin(), points.end());
  grid.offsets.push_back(static_cast<std::int64_t>(grid.connectivity.size()));
}

void write_vtu(const std::filesystem::path& path, const VtuGrid& grid) {
  FECONTACT_ASSERT(grid_is_consistent(grid),
                   "write_vtu: array sizes, offsets or point indices disagree with the grid");
  const std::vector<Block> blocks = blocks_of(grid);
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    throw std::runtime_error("cannot write " + path.string() + ": " +
                             std::generic_category().message(errno));
  }
  out << xml_head(grid, blocks);
  {
    LittleEndianSink sink(out);
    for (const Block& b : blocks) {
      sink.put(byte_count(b.values));
      std::visit(
          [&](auto span) {
            for (const auto& v : span) sink.put(v);
          },
          b.values);
    }
  }
  out << "\n  </AppendedData>\n</VTKFile>\n";
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string() + ": write failed");
}

}  // namespace fecontact
