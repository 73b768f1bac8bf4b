// SPDX-License-Identifier: BSD-3-Clause
// The geometry kernel for numpy: batched symmetric 3×3 eigen-decompositions and the bounding
// boxes of point sets.

#include <cmath>
#include <string>

#include <Eigen/LU>  // determinant
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/obb.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

// Batches at least this large are decomposed without the GIL (below it, releasing costs more).
constexpr py::ssize_t release_gil_batch = 1024;

py::tuple eigen_batch(py::handle a_object) {
  const DoubleArray a = finite_batch(a_object, "A", {3, 3});
  std::vector<py::ssize_t> shape(a.shape(), a.shape() + a.ndim());
  const py::ssize_t count = a.size() / 9;
  std::vector<py::ssize_t> values_shape(shape.begin(), shape.end() - 1);
  DoubleArray values(values_shape);
  DoubleArray vectors(shape);
  const double* in = a.data();
  double* out_values = values.mutable_data();
  double* out_vectors = vectors.mutable_data();
  const auto run = [&] {
    for (py::ssize_t k = 0; k < count; ++k) {
      // Mapped row-major: entry (i, j) is A[..., i, j] as numpy indexes it.
      const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> matrix(in + 9 * k);
      const SymmetricEigen3 e = eigen_symmetric3(matrix);
      Eigen::Map<Eigen::Vector3d>(out_values + 3 * k) = e.values;
      Eigen::Map<Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(out_vectors + 9 * k) = e.vectors;
    }
  };
  if (count >= release_gil_batch) {
    py::gil_scoped_release release;
    run();
  } else {
    run();
  }
  return py::make_tuple(values, vectors);
}

Eigen::Matrix3d checked_axes(py::handle object) {
  const DoubleArray a = finite_array(object, "axes", {3, 3});
  const Eigen::Matrix3d axes = Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(a.data());
  if ((axes.transpose() * axes - Eigen::Matrix3d::Identity()).norm() > 1e-12 || axes.determinant() < 0)
    throw py::value_error("axes: expected orthonormal, right-handed columns (a rotation matrix)");
  return axes;
}

std::string text(const Eigen::Vector3d& v) {
  return "(" + detail::number_text(v.x()) + ", " + detail::number_text(v.y()) + ", " + detail::number_text(v.z()) + ")";
}

}  // namespace

void bind_geometry(py::module_& m) {
  m.def("eigen_symmetric3", &eigen_batch, py::arg("A"),
        "Eigen-decomposition of symmetric 3x3 matrices A (..., 3, 3): returns (values (..., 3)\n"
        "ascending, vectors (..., 3, 3) with the eigenvectors as columns, right-handed, in columns\n"
        "0 and 1 the component of largest magnitude positive). Only the lower triangle is read.\n"
        "Raises ValueError for another shape or a non-finite entry.");

  py::class_<Aabb>(m, "Aabb", "Axis-aligned box [min, max]; empty when min > max somewhere.")
      .def(py::init([](py::handle min, py::handle max) {
             return Aabb{to_vector3(min, "min"), to_vector3(max, "max")};
           }),
           py::arg("min"), py::arg("max"))
      .def_property_readonly("min", [](const Aabb& b) { return to_numpy(b.min); })
      .def_property_readonly("max", [](const Aabb& b) { return to_numpy(b.max); })
      .def_property_readonly("center", [](const Aabb& b) { return to_numpy(center(b)); })
      .def_property_readonly("volume", [](const Aabb& b) { return volume(b); })
      .def_property_readonly("is_empty", [](const Aabb& b) { return is_empty(b); })
      .def("contains", [](const Aabb& b, py::handle p) { return contains(b, to_vector3(p, "point")); },
           py::arg("point"), "True when the point lies in the closed box.")
      .def("__repr__", [](const Aabb& b) { return "Aabb(min=" + text(b.min) + ", max=" + text(b.max) + ")"; });

  py::class_<Obb>(m, "Obb",
                  "Oriented box {center + axes @ u : |u_i| <= half_extents_i}; axes are orthonormal,\n"
                  "right-handed columns. Empty (negative half extents) for no point.")
      .def_property_readonly("center", [](const Obb& b) { return to_numpy(b.center); })
      .def_property_readonly("axes", [](const Obb& b) { return to_numpy(b.axes); })
      .def_property_readonly("half_extents", [](const Obb& b) { return to_numpy(b.half_extents); })
      .def_property_readonly("volume", [](const Obb& b) { return volume(b); })
      .def_property_readonly("is_empty", [](const Obb& b) { return is_empty(b); })
      .def("corners",
           [](const Obb& b) {
             const auto c = corners(b);
             return to_numpy(std::span<const Eigen::Vector3d>(c));
           },
           "(8, 3): corner k on the upper side along axis i when bit i of k is set.")
      .def("contains",
           [](const Obb& b, py::handle p, double tolerance) {
             return contains(b, to_vector3(p, "point"), tolerance);
           },
           py::arg("point"), py::arg("tolerance") = 0.0,
           "True when the point lies in the box grown by tolerance.")
      .def("__repr__", [](const Obb& b) {
        return "Obb(center=" + text(b.center) + ", half_extents=" + text(b.half_extents) + ")";
      });

  m.def("fit_aabb", [](py::handle points) { return fit_aabb(as_points(finite_array(points, "points", {any_size, 3}))); },
        py::arg("points"), "The smallest axis-aligned box of points (n, 3); empty for n = 0.");
  m.def(
      "fit_obb",
      [](py::handle points, py::handle axes) {
        const DoubleArray p = finite_array(points, "points", {any_size, 3});
        if (axes.is_none()) return fit_obb(as_points(p));
        return fit_obb(as_points(p), checked_axes(axes));
      },
      py::arg("points"), py::arg("axes") = py::none(),
      "The oriented box of points (n, 3) along the principal axes of their covariance (PCA,\n"
      "Gottschalk, Lin & Manocha 1996), or along the given axes (3, 3) columns (a rotation).\n"
      "Column 0 is the direction of least spread.");
}

}  // namespace fecontact::python
