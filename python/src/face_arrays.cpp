// SPDX-License-Identifier: BSD-3-Clause
// Faces from numpy arrays, for the bindings that take a bare surface (mortar_integration,
// ClosestFaceSearch).

#include "face_arrays.hpp"

#include <string>
#include <vector>

#include "fecontact/contact/contact_search.hpp"  // surface_from_arrays
#include "numpy_arrays.hpp"

namespace fecontact::python {

Surface faces_argument(const py::object& faces, Index node_count, const std::string& name) {
  std::vector<py::object> arrays;
  if (py::isinstance<py::list>(faces) || py::isinstance<py::tuple>(faces)) {
    for (const py::handle a : faces) arrays.push_back(py::reinterpret_borrow<py::object>(a));
  } else {
    arrays.push_back(faces);
  }
  std::vector<Index> offsets{0}, nodes;
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    const std::string where = name + (arrays.size() > 1 ? "[" + std::to_string(a) + "]" : "");
    const IdArray f = index_array(arrays[a], where.c_str(), {any_size, any_size}, -1, node_count);
    const py::ssize_t k = f.shape(1);
    for (py::ssize_t row = 0; row < f.shape(0); ++row) {
      py::ssize_t count = 0;
      while (count < k && f.at(row, count) >= 0) nodes.push_back(static_cast<Index>(f.at(row, count++)));
      for (py::ssize_t j = count; j < k; ++j)
        if (f.at(row, j) >= 0) throw py::value_error(where + ": row " + std::to_string(row) + " has a node after a -1");
      if (count != 3 && count != 4 && count != 6 && count != 8 && count != 9)
        throw py::value_error(where + ": row " + std::to_string(row) + " has " + std::to_string(count) +
                              " nodes (3, 4, 6, 8 or 9 expected: tri3, quad4, tri6, quad8, quad9)");
      offsets.push_back(static_cast<Index>(nodes.size()));
    }
  }
  return surface_from_arrays(offsets, nodes);
}

}  // namespace fecontact::python
