// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// numpy arguments checked at the door and results handed back as numpy arrays. Every array
// argument goes through one of these checks, so a wrong shape, a wrong kind of number or a NaN
// is a ValueError naming the argument (and the first bad entry) before the library sees it.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include <Eigen/Core>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "fecontact/types.hpp"

namespace fecontact::python {

namespace py = pybind11;

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
using IdArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

/// Any dimension in a shape pattern.
inline constexpr py::ssize_t any_size = -1;

/// `object` (anything numpy.asarray takes) as a C-contiguous float64 array of the given shape
/// (any_size: free), all entries finite. Booleans, integers and floats convert (copied only
/// when not float64 and C-contiguous already); complex, object and string arrays are refused.
DoubleArray finite_array(py::handle object, const char* name, std::initializer_list<py::ssize_t> shape);

/// As finite_array for a shape (..., trailing...): any number of leading dimensions.
DoubleArray finite_batch(py::handle object, const char* name, std::initializer_list<py::ssize_t> trailing);

/// `object` as a C-contiguous int64 array of the given shape whose entries lie in
/// [lower, upper). Only integer arrays are taken (an empty list too); floats are refused
/// rather than rounded.
IdArray index_array(py::handle object, const char* name, std::initializer_list<py::ssize_t> shape,
                    std::int64_t lower, std::int64_t upper);

/// The points of an (n, 3) array, as the library takes them (no copy; `points` must outlive
/// the span).
std::span<const Eigen::Vector3d> as_points(const DoubleArray& points);

/// int64 entries as the library's Index (the caller has checked their range).
std::vector<Index> as_indices(const IdArray& indices);

/// Copies into new numpy arrays.
DoubleArray to_numpy(std::span<const Eigen::Vector3d> points);  ///< (n, 3)
DoubleArray to_numpy(std::span<const Eigen::Vector2d> points);  ///< (n, 2)
DoubleArray to_numpy(std::span<const double> values);           ///< (n,)
IdArray to_numpy(std::span<const Index> values);                ///< (n,) int64
DoubleArray to_numpy(const Eigen::Vector3d& vector);            ///< (3,)
DoubleArray to_numpy(const Eigen::Matrix3d& matrix);            ///< (3, 3), row-major as printed

Eigen::Vector3d to_vector3(py::handle object, const char* name);  ///< a finite (3,) array

/// A read-only array over memory that `owner` keeps alive (no copy).
template <class T>
py::array_t<T> readonly_view(const T* data, std::vector<py::ssize_t> shape, py::handle owner) {
  py::array_t<T> view(std::move(shape), data, owner);
  py::detail::array_proxy(view.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return view;
}

}  // namespace fecontact::python
