// SPDX-License-Identifier: BSD-3-Clause
#include "numpy_arrays.hpp"

#include <cmath>
#include <cstring>
#include <string>

namespace fecontact::python {

namespace {

std::string shape_text(const py::array& a) {
  std::string text = "(";
  for (py::ssize_t d = 0; d < a.ndim(); ++d) text += (d ? ", " : "") + std::to_string(a.shape(d));
  return text + (a.ndim() == 1 ? ",)" : ")");
}

std::string pattern_text(std::initializer_list<py::ssize_t> shape, bool batch) {
  std::string text = batch ? "(..., " : "(";
  bool first = true;
  for (const py::ssize_t n : shape) {
    text += (first ? "" : ", ") + (n == any_size ? std::string("n") : std::to_string(n));
    first = false;
  }
  return text + (shape.size() == 1 && !batch ? ",)" : ")");
}

py::array as_array(py::handle object) {
  return py::module_::import("numpy").attr("asarray")(object);
}

// The multi-index of flat position `flat` in `a`, as "[i, j]".
std::string index_text(const py::array& a, py::ssize_t flat) {
  std::string text;
  for (py::ssize_t d = a.ndim() - 1; d >= 0; --d) {
    text = std::to_string(flat % a.shape(d)) + (text.empty() ? "" : ", ") + text;
    flat /= a.shape(d);
  }
  return "[" + text + "]";
}

// An empty array of any shape stands for an empty array of the expected one.
bool empty_fits(const py::array& a, std::initializer_list<py::ssize_t> shape) {
  return a.size() == 0 && shape.size() >= 1;
}

std::vector<py::ssize_t> empty_shape(std::initializer_list<py::ssize_t> shape) {
  std::vector<py::ssize_t> dims;
  for (const py::ssize_t n : shape) dims.push_back(n == any_size ? 0 : n);
  return dims;
}

void check_shape(const py::array& a, const char* name, std::initializer_list<py::ssize_t> shape,
                 bool batch) {
  const auto rank = static_cast<py::ssize_t>(shape.size());
  bool ok = batch ? a.ndim() >= rank : a.ndim() == rank;
  const py::ssize_t offset = a.ndim() - rank;
  py::ssize_t d = 0;
  for (const py::ssize_t n : shape) {
    if (ok && n != any_size && a.shape(offset + d) != n) ok = false;
    ++d;
  }
  if (!ok)
    throw py::value_error(std::string(name) + ": expected shape " + pattern_text(shape, batch) +
                          ", got " + shape_text(a));
}

// True when no value is NaN or infinite (all 11 exponent bits set). Integer operations that
// the compiler vectorises, unlike a loop of std::isfinite: adding 1 to an all-ones exponent
// carries into the sign bit, and only there. The coordinates of every search step pass here.
bool all_finite(const double* data, py::ssize_t size) {
  constexpr std::uint64_t exponent = 0x7ff0000000000000;
  constexpr std::uint64_t exponent_one = 0x0010000000000000;
  std::uint64_t carries = 0;
  for (py::ssize_t i = 0; i < size; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, data + i, sizeof bits);
    carries |= (bits & exponent) + exponent_one;
  }
  return (carries >> 63) == 0;
}

DoubleArray checked_doubles(py::handle object, const char* name,
                            std::initializer_list<py::ssize_t> shape, bool batch) {
  py::array a = as_array(object);
  const char kind = a.dtype().kind();
  if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
    throw py::value_error(std::string(name) + ": expected real numbers, got dtype " +
                          std::string(py::str(a.dtype())));
  if (!batch && empty_fits(a, shape)) return DoubleArray(empty_shape(shape));
  check_shape(a, name, shape, batch);
  auto values = DoubleArray::ensure(a);  // a copy only for another dtype or layout
  if (!values) throw py::error_already_set();
  const double* data = values.data();
  const py::ssize_t size = values.size();  // array::size() multiplies the shape at each call
  if (all_finite(data, size)) return values;
  for (py::ssize_t i = 0; i < size; ++i)
    if (!std::isfinite(data[i]))
      throw py::value_error(std::string(name) + index_text(values, i) + " is " +
                            (std::isnan(data[i]) ? "nan" : "infinite") + ": every entry must be finite");
  return values;
}

}  // namespace

DoubleArray finite_array(py::handle object, const char* name, std::initializer_list<py::ssize_t> shape) {
  return checked_doubles(object, name, shape, false);
}

DoubleArray finite_batch(py::handle object, const char* name, std::initializer_list<py::ssize_t> trailing) {
  return checked_doubles(object, name, trailing, true);
}

IdArray index_array(py::handle object, const char* name, std::initializer_list<py::ssize_t> shape,
                    std::int64_t lower, std::int64_t upper) {
  py::array a = as_array(object);
  if (empty_fits(a, shape)) return IdArray(empty_shape(shape));
  const char kind = a.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::value_error(std::string(name) + ": expected integers, got dtype " +
                          std::string(py::str(a.dtype())));
  if (kind == 'u' && a.itemsize() == 8) {  // uint64 beyond int64 would wrap in the conversion
    const auto max = py::module_::import("numpy").attr("max")(a).cast<std::uint64_t>();
    if (max > static_cast<std::uint64_t>(upper))
      throw py::value_error(std::string(name) + ": entry " + std::to_string(max) + " is outside [" +
                            std::to_string(lower) + ", " + std::to_string(upper) + ")");
  }
  check_shape(a, name, shape, false);
  auto values = IdArray::ensure(a);
  if (!values) throw py::error_already_set();
  const std::int64_t* data = values.data();
  const py::ssize_t size = values.size();
  for (py::ssize_t i = 0; i < size; ++i)
    if (data[i] < lower || data[i] >= upper)
      throw py::value_error(std::string(name) + index_text(values, i) + " = " + std::to_string(data[i]) +
                            " is outside [" + std::to_string(lower) + ", " + std::to_string(upper) + ")");
  return values;
}

std::span<const Eigen::Vector3d> as_points(const DoubleArray& points) {
  // Eigen::Vector3d is three packed doubles (no padding, alignment of double), so n rows of a
  // C-contiguous (n, 3) float64 array are n of them.
  static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double));
  return {reinterpret_cast<const Eigen::Vector3d*>(points.data()), static_cast<std::size_t>(points.shape(0))};
}

std::vector<Index> as_indices(const IdArray& indices) {
  const std::int64_t* data = indices.data();
  return std::vector<Index>(data, data + indices.size());
}

DoubleArray to_numpy(std::span<const Eigen::Vector3d> points) {
  DoubleArray a({static_cast<py::ssize_t>(points.size()), py::ssize_t{3}});
  if (!points.empty()) std::memcpy(a.mutable_data(), points.data(), points.size() * sizeof(Eigen::Vector3d));
  return a;
}

DoubleArray to_numpy(std::span<const Eigen::Vector2d> points) {
  static_assert(sizeof(Eigen::Vector2d) == 2 * sizeof(double));
  DoubleArray a({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
  if (!points.empty()) std::memcpy(a.mutable_data(), points.data(), points.size() * sizeof(Eigen::Vector2d));
  return a;
}

DoubleArray to_numpy(std::span<const double> values) {
  DoubleArray a(static_cast<py::ssize_t>(values.size()));
  if (!values.empty()) std::memcpy(a.mutable_data(), values.data(), values.size() * sizeof(double));
  return a;
}

IdArray to_numpy(std::span<const Index> values) {
  IdArray a(static_cast<py::ssize_t>(values.size()));
  std::int64_t* out = a.mutable_data();
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  return a;
}

DoubleArray to_numpy(const Eigen::Vector3d& vector) {
  return to_numpy(std::span<const Eigen::Vector3d>(&vector, 1)).reshape({3});
}

DoubleArray to_numpy(const Eigen::Matrix3d& matrix) {
  DoubleArray a({py::ssize_t{3}, py::ssize_t{3}});
  auto out = a.mutable_unchecked<2>();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out(i, j) = matrix(i, j);
  return a;
}

Eigen::Vector3d to_vector3(py::handle object, const char* name) {
  const DoubleArray a = finite_array(object, name, {3});
  return {a.data()[0], a.data()[1], a.data()[2]};
}

}  // namespace fecontact::python
