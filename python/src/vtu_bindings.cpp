// SPDX-License-Identifier: BSD-3-Clause
// fecontact.write_vtu: a mesh as a VTK XML unstructured grid (.vtu) for ParaView, with the
// caller's point and cell arrays beside the library's own (node_id; block, element_id).

#include <limits>
#include <string>

#include "bindings.hpp"
#include "fecontact/frontend/vtu_grids.hpp"
#include "fecontact/frontend/vtu_writer.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

// {name: (count,) or (count, c)} as VtuArrays: integer arrays as Int64, others as Float64.
void add_arrays(std::vector<VtuArray>& arrays, const py::dict& data, py::ssize_t count, const char* what) {
  for (const auto& [key, value] : data) {
    const auto name = key.cast<std::string>();
    const std::string where = std::string(what) + "['" + name + "']";
    const py::array a = py::module_::import("numpy").attr("asarray")(value);
    if (a.ndim() != 1 && a.ndim() != 2)
      throw py::value_error(where + ": expected shape (" + std::to_string(count) + ",) or (" +
                            std::to_string(count) + ", c)");
    const py::ssize_t c = a.ndim() == 2 ? a.shape(1) : 1;
    VtuArray array{name, static_cast<int>(c), {}};
    if (a.dtype().kind() == 'i' || a.dtype().kind() == 'u') {
      constexpr auto low = std::numeric_limits<std::int64_t>::min();
      constexpr auto high = std::numeric_limits<std::int64_t>::max();
      const IdArray v = a.ndim() == 1 ? index_array(a, where.c_str(), {count}, low, high)
                                      : index_array(a, where.c_str(), {count, c}, low, high);
      array.values = std::vector<std::int64_t>(v.data(), v.data() + v.size());
    } else {
      // Not finite_array: NaN marks "no value" in ParaView (the contact .vtu's gaps do so).
      if (a.dtype().kind() != 'f' && a.dtype().kind() != 'b')
        throw py::value_error(where + ": expected real numbers, got dtype " + std::string(py::str(a.dtype())));
      if (a.shape(0) != count) throw py::value_error(where + ": expected " + std::to_string(count) + " rows");
      const auto v = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(a);
      array.values = std::vector<double>(v.data(), v.data() + v.size());
    }
    arrays.push_back(std::move(array));
  }
}

}  // namespace

void bind_vtu(py::module_& m) {
  m.def(
      "write_vtu",
      [](const py::object& path, const Mesh& mesh, const py::dict& point_data, const py::dict& cell_data) {
        VtuGrid grid = vtu_grid(mesh);
        add_arrays(grid.point_data, point_data, mesh.node_count(), "point_data");
        add_arrays(grid.cell_data, cell_data, static_cast<py::ssize_t>(grid.cell_count()), "cell_data");
        const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
        py::gil_scoped_release release;
        write_vtu(file, grid);
      },
      py::arg("path"), py::arg("mesh"), py::arg("point_data") = py::dict(), py::arg("cell_data") = py::dict(),
      "Writes every element of the mesh (block after block) as a .vtu file, with point data\n"
      "node_id and cell data block and element_id, plus the given arrays: point_data {name:\n"
      "(n,) or (n, c)}, cell_data {name: (cells,) or (cells, c)}; integers as Int64, others as\n"
      "Float64 (NaN allowed).");
}

}  // namespace fecontact::python
