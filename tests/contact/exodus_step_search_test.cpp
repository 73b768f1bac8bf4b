// SPDX-License-Identifier: BSD-3-Clause
// A results file with displacements at several time steps (MOOSE's DISPX, DISPY, DISPZ): the
// search on the mesh read at step N equals the search on the undeformed mesh whose nodes were
// moved by hand, and its gaps are the closed-form ones.

#include <boost/test/unit_test.hpp>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "exodus_files.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/io/exodus_reader.hpp"

namespace {

using namespace fecontact;
namespace t = fecontact::test;

constexpr int steps = 3;
constexpr double initial_gap = 0.02, sink_per_step = 0.015, slide_per_step = 0.01;

// Nodes: a 3 × 3 × 2 grid (a 2 × 2 × 1 block of hexes on [0,2]² × [0,1]) and a cube above it,
// [0.3,1.7]² × [1 + initial_gap, 2 + initial_gap]. Step k moves the cube by (k·slide, 0, −k·sink).
std::vector<std::array<double, 3>> nodes() {
  std::vector<std::array<double, 3>> x;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) x.push_back({double(i), double(j), double(k)});
  for (int k = 0; k < 2; ++k)
    for (const auto& [i, j] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 1}})
      x.push_back({0.3 + 1.4 * i, 0.3 + 1.4 * j, 1 + initial_gap + k});
  return x;
}

double displacement(std::size_t node, int axis, int step) {
  if (node < 18) return 0;
  return axis == 0 ? slide_per_step * step : axis == 2 ? -sink_per_step * step : 0;
}

std::string list(const std::vector<double>& values) {
  std::ostringstream out;
  out.precision(17);
  for (std::size_t k = 0; k < values.size(); ++k) out << (k ? ", " : "") << values[k];
  return out.str();
}

std::string results_cdl() {
  const auto x = nodes();
  std::ostringstream cdl;
  cdl << "netcdf results {\ndimensions:\n\tlen_string = 33 ;\n\tlen_name = 33 ;\n\tfour = 4 ;\n"
         "\ttime_step = UNLIMITED ;\n\tnum_dim = 3 ;\n\tnum_nodes = " << x.size() << " ;\n\tnum_elem = 5 ;\n"
         "\tnum_el_blk = 2 ;\n\tnum_side_sets = 2 ;\n\tnum_el_in_blk1 = 4 ;\n\tnum_nod_per_el1 = 8 ;\n"
         "\tnum_el_in_blk2 = 1 ;\n\tnum_nod_per_el2 = 8 ;\n\tnum_side_ss1 = 4 ;\n\tnum_side_ss2 = 1 ;\n"
         "\tnum_nod_var = 3 ;\nvariables:\n\tdouble time_whole(time_step) ;\n\tint eb_status(num_el_blk) ;\n"
         "\tint eb_prop1(num_el_blk) ;\n\t\teb_prop1:name = \"ID\" ;\n\tint ss_status(num_side_sets) ;\n"
         "\tint ss_prop1(num_side_sets) ;\n\t\tss_prop1:name = \"ID\" ;\n\tdouble coordx(num_nodes) ;\n"
         "\tdouble coordy(num_nodes) ;\n\tdouble coordz(num_nodes) ;\n\tchar eb_names(num_el_blk, len_name) ;\n"
         "\tchar ss_names(num_side_sets, len_name) ;\n\tint connect1(num_el_in_blk1, num_nod_per_el1) ;\n"
         "\t\tconnect1:elem_type = \"HEX8\" ;\n\tint connect2(num_el_in_blk2, num_nod_per_el2) ;\n"
         "\t\tconnect2:elem_type = \"HEX8\" ;\n\tint elem_ss1(num_side_ss1) ;\n\tint side_ss1(num_side_ss1) ;\n"
         "\tint elem_ss2(num_side_ss2) ;\n\tint side_ss2(num_side_ss2) ;\n"
         "\tchar name_nod_var(num_nod_var, len_name) ;\n";
  for (int v = 1; v <= 3; ++v) cdl << "\tdouble vals_nod_var" << v << "(time_step, num_nodes) ;\n";
  cdl << "\n// global attributes:\n\t\t:file_size = 1 ;\n\t\t:title = \"cube on a block\" ;\ndata:\n\n";
  std::vector<double> time;
  for (int s = 1; s <= steps; ++s) time.push_back(0.1 * s);
  cdl << " time_whole = " << list(time) << " ;\n eb_status = 1, 1 ;\n eb_prop1 = 1, 2 ;\n ss_status = 1, 1 ;\n"
      << " ss_prop1 = 1, 2 ;\n";
  for (int axis = 0; axis < 3; ++axis) {
    std::vector<double> c;
    for (const auto& p : x) c.push_back(p[std::size_t(axis)]);
    cdl << " coord" << "xyz"[axis] << " = " << list(c) << " ;\n";
  }
  cdl << " eb_names = \"block\", \"cube\" ;\n ss_names = \"block_top\", \"cube_bottom\" ;\n connect1 = ";
  for (int j = 0; j < 2; ++j)  // hexes of the block, Exodus corner order: bottom 1-2-3-4, then top
    for (int i = 0; i < 2; ++i) {
      const int n = 3 * j + i + 1;
      cdl << (i + j ? ", " : "") << n << ", " << n + 1 << ", " << n + 4 << ", " << n + 3 << ", " << n + 9 << ", "
          << n + 10 << ", " << n + 13 << ", " << n + 12;
    }
  cdl << " ;\n connect2 = 19, 20, 21, 22, 23, 24, 25, 26 ;\n elem_ss1 = 1, 2, 3, 4 ;\n side_ss1 = 6, 6, 6, 6 ;\n"
         " elem_ss2 = 5 ;\n side_ss2 = 5 ;\n name_nod_var = \"DISPX\", \"DISPY\", \"DISPZ\" ;\n";
  for (int axis = 0; axis < 3; ++axis) {
    std::vector<double> d;
    for (int s = 1; s <= steps; ++s)
      for (std::size_t n = 0; n < x.size(); ++n) d.push_back(displacement(n, axis, s));
    cdl << " vals_nod_var" << axis + 1 << " = " << list(d) << " ;\n";
  }
  return t::with_exodus_version(cdl.str() + "}\n", 8);
}

InterfaceResult search(const Mesh& mesh, const std::vector<Eigen::Vector3d>& coordinates) {
  SearchOptions options;
  options.tolerance = 0.05;
  ContactSearch search(mesh.node_count(), {make_contact_interface(ContactMode::node_to_surface,
                                                                  named_contact_surface(mesh, "cube_bottom"), "cube_bottom",
                                                                  named_contact_surface(mesh, "block_top"), "block_top",
                                                                  options)});
  std::vector<InterfaceResult> results;
  search.search(coordinates, results);
  return results.at(0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exodus_results_steps, *boost::unit_test::label("exodus") *
                                               boost::unit_test::precondition(t::exodus_tools_found))

BOOST_AUTO_TEST_CASE(the_search_at_a_step_is_the_search_on_nodes_moved_by_hand) {
  const t::ScratchFolder folder;
  const auto path = t::ncgen(folder, "results.e", results_cdl());
  const Mesh undeformed = read_exodus(path);
  for (int step = 1; step <= steps; ++step) {
    BOOST_TEST_CONTEXT("step " << step) {
      std::vector<Eigen::Vector3d> moved = undeformed.coordinates;
      for (std::size_t n = 0; n < moved.size(); ++n)
        for (int axis = 0; axis < 3; ++axis) moved[n][axis] += displacement(n, axis, step);
      const Mesh at_step = read_exodus(path, {step});
      BOOST_TEST((at_step.coordinates == moved));
      const InterfaceResult a = search(at_step, at_step.coordinates), b = search(undeformed, moved);
      BOOST_TEST(a.contacts.node == b.contacts.node);
      BOOST_TEST(a.contacts.gap == b.contacts.gap);
      BOOST_TEST((a.contacts.normal == b.contacts.normal));
      // The cube's four bottom corners over the block's top (z = 1): gap = initial − k·sink.
      BOOST_TEST(a.contacts.node.size() == 4u);
      for (const double gap : a.contacts.gap)
        BOOST_TEST(gap == initial_gap - sink_per_step * step, boost::test_tools::tolerance(1e-12));
    }
  }
  const Mesh last = read_exodus(path, exodus_last_step);
  BOOST_TEST((last.coordinates == read_exodus(path, {steps}).coordinates));
}

BOOST_AUTO_TEST_SUITE_END()
