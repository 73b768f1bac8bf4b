// SPDX-License-Identifier: BSD-3-Clause
// fecontact.ClosestFaceSearch: the face of a surface closest to each of any number of points
// (closest_face_search.hpp), numpy in and out; one call at a time per object (other threads
// wait, without the GIL).

#include <cstdint>
#include <limits>
#include <mutex>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "face_arrays.hpp"
#include "fecontact/contact/closest_face_search.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

struct ClosestFaces {
  explicit ClosestFaces(Surface surface) : search(std::move(surface)) {}
  ClosestFaceSearch search;
  std::mutex mutex;
};

void update(ClosestFaces& self, py::handle coordinates) {
  const DoubleArray x = finite_array(coordinates, "coordinates", {any_size, 3});
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(self.mutex);
  self.search.update(as_points(x));
}

py::tuple find(ClosestFaces& self, py::handle points, double max_distance, double tie_distance) {
  const DoubleArray p = finite_array(points, "points", {any_size, 3});
  std::vector<ClosestFace> answers(static_cast<std::size_t>(p.shape(0)));
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(self.mutex);
    self.search.find(as_points(p), max_distance, tie_distance, answers);
  }
  const auto n = static_cast<py::ssize_t>(answers.size());
  IdArray face(n);
  DoubleArray distance(n), point({n, py::ssize_t{3}}), local({n, py::ssize_t{2}});
  for (py::ssize_t k = 0; k < n; ++k) {
    const ClosestFace& a = answers[static_cast<std::size_t>(k)];
    face.mutable_at(k) = a.face;
    distance.mutable_at(k) = a.projection.distance;
    for (py::ssize_t i = 0; i < 3; ++i) point.mutable_at(k, i) = a.projection.point[i];
    for (py::ssize_t i = 0; i < 2; ++i) local.mutable_at(k, i) = a.projection.local[i];
  }
  return py::make_tuple(face, distance, point, local);
}

}  // namespace

void bind_closest_faces(py::module_& m) {
  py::class_<ClosestFaces>(m, "ClosestFaceSearch",
                           "The face of one surface closest to each of any number of points: point location for a "
                           "solver that makes its own contact elements. Exact (every face projected, as "
                           "ContactSearch projects); faces of zero area are never returned.")
      .def(py::init([](const py::object& faces) {
             return std::make_unique<ClosestFaces>(faces_argument(faces, std::numeric_limits<Index>::max(), "faces"));
           }),
           py::arg("faces"),
           "faces: (f, k) node indices (k = 3, 4, 6, 8, 9; rows padded with -1 on mixed surfaces) or a list of "
           "such arrays.")
      .def("update", &update, py::arg("coordinates"),
           "Moves the surface to coordinates (n, 3), indexed by node (a copy is kept): builds its tree the first "
           "time, refits it after.")
      .def("find", &find, py::arg("points"), py::kw_only(),
           py::arg("max_distance") = std::numeric_limits<double>::infinity(), py::arg("tie_distance") = 0.0,
           "(face, distance, point, local) for points (n, 3) at the coordinates of the last update: the closest "
           "face within max_distance (-1 when none; distance inf, point and local NaN), its distance, the closest "
           "point (n, 3) and its local coordinates (n, 2). Faces within tie_distance of the closest are equally "
           "close: of those, the one whose corners' mean is nearest the point, then the lowest index.");
}

}  // namespace fecontact::python
