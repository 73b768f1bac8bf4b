// SPDX-License-Identifier: BSD-3-Clause
// fecontact.mortar_integration: the mortar preprocessing of a surface-to-surface interface
// (mortar_integration.hpp) from plain arrays, its result as numpy arrays (D and M in compressed
// sparse rows as scipy.sparse.csr_matrix takes them: data, indices, indptr); and
// fecontact.MortarIntegration, which keeps the integration's scratch between steps and the accepted
// step that friction measures slip from, as the C interface's fecontact_mortar does.

#include <mutex>
#include <string>

#include "bindings.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "face_arrays.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

py::tuple csr(const SparseRows& rows) {
  return py::make_tuple(to_numpy(std::span<const double>(rows.values)), to_numpy(std::span<const Index>(rows.columns)),
                        to_numpy(std::span<const Index>(rows.row_offsets)));
}

// The result of mortar_integration: the mortar data, and the derivatives when asked for.
struct MortarOutput {
  MortarResult result;
  bool with_jacobian = false;
  bool with_matrix_jacobians = false;
  bool with_hessian = false;
  MortarDerivatives derivatives;
};

// fecontact.MortarIntegration: a MortarIntegration kept by the caller from step to step; one
// compute at a time per object (other threads wait, without the GIL).
struct Mortar {
  MortarIntegration integration;
  std::mutex mutex;
};

// The mortar data from plain arrays by `mortar` (whose scratch and accepted step it uses), into a
// new result. Its lock is taken with the GIL released (a thread waiting for it must not hold the
// GIL that the thread inside needs to return).
MortarOutput integrate_with(Mortar& mortar, py::handle coordinates, const py::object& slave_faces,
                            const py::object& master_faces, py::handle pair_slave, py::handle pair_master,
                            const std::string& basis, double tolerance, bool derivatives, bool matrix_derivatives,
                            const py::object& multipliers) {
  const DoubleArray x = finite_array(coordinates, "coordinates", {any_size, 3});
  const auto node_count = static_cast<Index>(x.shape(0));
  ContactInterface in;
  in.mode = ContactMode::surface_to_surface;
  in.slave = faces_argument(slave_faces, node_count, "slave_faces");
  in.master = faces_argument(master_faces, node_count, "master_faces");
  InterfaceResult pairs;
  pairs.pair_slave = as_indices(index_array(pair_slave, "pair_slave", {any_size}, 0, in.slave.size()));
  pairs.pair_master = as_indices(index_array(pair_master, "pair_master", {any_size}, 0, in.master.size()));
  MortarOptions options;
  if (basis == "dual") options.basis = MortarBasis::dual;
  else if (basis != "standard") throw py::value_error("basis: expected 'standard' or 'dual', got '" + basis + "'");
  options.tolerance = tolerance;
  options.matrix_derivatives = matrix_derivatives;
  if (matrix_derivatives && !derivatives) throw py::value_error("matrix_derivatives=True needs derivatives=True");
  if (!multipliers.is_none() && !derivatives) throw py::value_error("multipliers= needs derivatives=True");
  std::vector<double> lambda;
  if (!multipliers.is_none()) {
    const DoubleArray l = finite_array(multipliers, "multipliers", {any_size});
    lambda.assign(l.data(), l.data() + l.shape(0));
  }
  MortarOutput out;
  out.with_hessian = !multipliers.is_none();
  out.with_jacobian = derivatives;
  out.with_matrix_jacobians = matrix_derivatives;
  try {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mortar.mutex);
    if (out.with_hessian)
      mortar.integration.compute(in, pairs, as_points(x), options, out.result, out.derivatives, lambda);
    else if (derivatives)
      mortar.integration.compute(in, pairs, as_points(x), options, out.result, out.derivatives);
    else
      mortar.integration.compute(in, pairs, as_points(x), options, out.result);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
  return out;
}

MortarOutput integrate(py::handle coordinates, const py::object& slave_faces, const py::object& master_faces,
                       py::handle pair_slave, py::handle pair_master, const std::string& basis, double tolerance,
                       bool derivatives, bool matrix_derivatives, const py::object& multipliers) {
  Mortar once;
  return integrate_with(once, coordinates, slave_faces, master_faces, pair_slave, pair_master, basis, tolerance,
                        derivatives, matrix_derivatives, multipliers);
}

// Rows of pairs of vectors as an (n, 2, 3) array.
DoubleArray tangent_array(const std::vector<std::array<Eigen::Vector3d, 2>>& tangents) {
  DoubleArray a({static_cast<py::ssize_t>(tangents.size()), py::ssize_t{2}, py::ssize_t{3}});
  double* out = a.mutable_data();
  for (const auto& pair : tangents)
    for (const Eigen::Vector3d& v : pair) out = std::copy(v.data(), v.data() + 3, out);
  return a;
}

}  // namespace

void bind_mortar(py::module_& m) {
  py::class_<MortarOutput>(m, "MortarResult",
                           "Mortar data of one surface-to-surface interface (mortar_integration.hpp).\n"
                           "Cells: cell_slave_face, cell_master_face (c,), cell_vertices (c, 3, 3). Points,\n"
                           "7 per cell (cell c's are 7c .. 7c + 6): point_slave_local, point_master_local\n"
                           "(p, 2), point_weight (p,) areas. D (slave x slave nodes) and M (slave x master\n"
                           "nodes) as (data, indices, indptr): row r is node slave_nodes[r], column c of M\n"
                           "node master_nodes[c]. Per slave node: slave_normals (n, 3), weighted_gap\n"
                           "(positive open), slave_coverage; uncovered_slave_nodes. With derivatives=True, gap_jacobian:\n"
                           "G = d(weighted_gap)/dx as (data, indices, indptr) of shape (slave nodes, 3 n), column\n"
                           "3 node + axis (None otherwise). The dual basis on quadratic slaves: slave_transformation.\n"
                           "Friction (MortarIntegration): slave_tangents (n, 2, 3), weighted_slip (n, 2) since the\n"
                           "accepted step (0 without one), slip_jacobian (rows 2 r + a; None without derivatives).\n"
                           "With matrix_derivatives=True: D_jacobian, M_jacobian, row e the derivative of D's (M's)\n"
                           "e-th stored entry (data), columns as gap_jacobian. With multipliers=lambda: gap_hessian,\n"
                           "H(lambda) = sum_j lambda_j d2(weighted_gap_j)/dx2 as (data, indices, indptr) of shape\n"
                           "(3 n, 3 n), symmetric (the stiffness of the contact force G^T lambda).")
      .def_property_readonly("cell_slave_face", [](const MortarOutput& o) { return to_numpy(std::span<const Index>(o.result.cell_slave_face)); })
      .def_property_readonly("cell_master_face", [](const MortarOutput& o) { return to_numpy(std::span<const Index>(o.result.cell_master_face)); })
      .def_property_readonly("cell_vertices",
                             [](const MortarOutput& o) {
                               DoubleArray a({static_cast<py::ssize_t>(o.result.cell_vertices.size()), py::ssize_t{3}, py::ssize_t{3}});
                               double* out = a.mutable_data();
                               for (const auto& cell : o.result.cell_vertices)
                                 for (const Eigen::Vector3d& v : cell) out = std::copy(v.data(), v.data() + 3, out);
                               return a;
                             })
      .def_property_readonly("point_slave_local", [](const MortarOutput& o) { return to_numpy(std::span<const Eigen::Vector2d>(o.result.point_slave_local)); })
      .def_property_readonly("point_master_local", [](const MortarOutput& o) { return to_numpy(std::span<const Eigen::Vector2d>(o.result.point_master_local)); })
      .def_property_readonly("point_weight", [](const MortarOutput& o) { return to_numpy(std::span<const double>(o.result.point_weight)); })
      .def_property_readonly("dropped_slivers", [](const MortarOutput& o) { return o.result.dropped_slivers; })
      .def_property_readonly("slave_nodes", [](const MortarOutput& o) { return to_numpy(std::span<const Index>(o.result.slave_nodes)); })
      .def_property_readonly("master_nodes", [](const MortarOutput& o) { return to_numpy(std::span<const Index>(o.result.master_nodes)); })
      .def_property_readonly("D", [](const MortarOutput& o) { return csr(o.result.D); })
      .def_property_readonly("M", [](const MortarOutput& o) { return csr(o.result.M); })
      .def_property_readonly("slave_transformation", [](const MortarOutput& o) { return csr(o.result.slave_transformation); })
      .def_property_readonly("slave_normals", [](const MortarOutput& o) { return to_numpy(std::span<const Eigen::Vector3d>(o.result.slave_normals)); })
      .def_property_readonly("weighted_gap", [](const MortarOutput& o) { return to_numpy(std::span<const double>(o.result.weighted_gap)); })
      .def_property_readonly("slave_coverage", [](const MortarOutput& o) { return to_numpy(std::span<const double>(o.result.slave_coverage)); })
      .def_property_readonly("uncovered_slave_nodes",
                             [](const MortarOutput& o) { return to_numpy(std::span<const Index>(o.result.uncovered_slave_nodes)); })
      .def_property_readonly("gap_jacobian",
                             [](const MortarOutput& o) -> py::object {
                               if (!o.with_jacobian) return py::none();
                               return csr(o.derivatives.gap_jacobian);
                             })
      .def_property_readonly("gap_hessian",
                             [](const MortarOutput& o) -> py::object {
                               if (!o.with_hessian) return py::none();
                               return csr(o.derivatives.gap_hessian);
                             })
      .def_property_readonly("slave_tangents", [](const MortarOutput& o) { return tangent_array(o.result.slave_tangents); })
      .def_property_readonly("weighted_slip", [](const MortarOutput& o) { return to_numpy(std::span<const Eigen::Vector2d>(o.result.weighted_slip)); })
      .def_property_readonly("slip_jacobian",
                             [](const MortarOutput& o) -> py::object {
                               if (!o.with_jacobian) return py::none();
                               return csr(o.derivatives.slip_jacobian);
                             })
      .def_property_readonly("D_jacobian",
                             [](const MortarOutput& o) -> py::object {
                               if (!o.with_matrix_jacobians) return py::none();
                               return csr(o.derivatives.D_jacobian);
                             })
      .def_property_readonly("M_jacobian",
                             [](const MortarOutput& o) -> py::object {
                               if (!o.with_matrix_jacobians) return py::none();
                               return csr(o.derivatives.M_jacobian);
                             })
      .def("__repr__", [](const MortarOutput& o) {
        return "<MortarResult: " + std::to_string(o.result.cell_count()) + " cells, " + std::to_string(o.result.slave_nodes.size()) +
               " slave nodes, " + std::to_string(o.result.uncovered_slave_nodes.size()) + " uncovered>";
      });

  // Every side by keyword: two face arrays and two pair arrays that a positional call could swap.
  m.def("mortar_integration", &integrate, py::arg("coordinates"), py::kw_only(), py::arg("slave_faces"),
        py::arg("master_faces"), py::arg("pair_slave"), py::arg("pair_master"), py::arg("basis") = "standard",
        py::arg("tolerance") = 1e-12, py::arg("derivatives") = false, py::arg("matrix_derivatives") = false,
           py::arg("multipliers") = py::none(),
        "The mortar cells, D, M and weighted gaps of the slave faces against the master faces\n"
        "(each (f, k) node indices or a list of such arrays, outward by the right-hand rule) at\n"
        "coordinates (n, 3), from the face pairs of a surface-to-surface search (SearchResult's\n"
        "pair_slave, pair_master: ascending by slave face). basis: 'standard' or 'dual'; tolerance:\n"
        "the clipping tolerance, relative to a face's size; derivatives: also gap_jacobian;\n"
        "matrix_derivatives (with derivatives): also D_jacobian and M_jacobian; multipliers (with\n"
        "derivatives, one per slave node): also gap_hessian.\n"
        "The sides are keyword-only (slave_faces=, master_faces=, pair_slave=, pair_master=).\n"
        "For a step after step, MortarIntegration keeps its scratch and the accepted step.\n"
        "ValueError on bad input.");

  py::class_<Mortar>(m, "MortarIntegration",
                     "The mortar preprocessing a solver keeps for a whole analysis (mortar_integration.hpp):\n"
                     "compute(...) at every step takes mortar_integration's arguments and gives its result,\n"
                     "bit for bit; the object keeps the integration's scratch (a step whose sizes do not grow\n"
                     "allocates nothing inside; the result's arrays are new) and an accepted step for friction:\n"
                     "weighted_slip (n, 2) is the weighted tangential slip since the last accept_step() along\n"
                     "slave_tangents (n, 2, 3) (zero before the first), and with derivatives=True\n"
                     "slip_jacobian: d(weighted_slip)/dx, row 2 r + a, as gap_jacobian. One compute at a time\n"
                     "per object (other threads wait).")
      .def(py::init<>())
      .def("compute", &integrate_with, py::arg("coordinates"), py::kw_only(), py::arg("slave_faces"),
           py::arg("master_faces"), py::arg("pair_slave"), py::arg("pair_master"), py::arg("basis") = "standard",
           py::arg("tolerance") = 1e-12, py::arg("derivatives") = false, py::arg("matrix_derivatives") = false,
           py::arg("multipliers") = py::none(),
           "mortar_integration with this object's scratch and accepted step (the sides keyword-only).\n"
           "ValueError on bad input (also an interface with other nodes than the accepted step's).")
      .def("accept_step", [](Mortar& self) {
             std::lock_guard<std::mutex> lock(self.mutex);
             self.integration.accept_step();
           },
           "Makes the configuration of the last compute the accepted one (once a step has converged).")
      .def_property_readonly("has_accepted_step", [](Mortar& self) {
        std::lock_guard<std::mutex> lock(self.mutex);
        return self.integration.has_accepted_step();
      });
}

}  // namespace fecontact::python
