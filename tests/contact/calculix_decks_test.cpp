// SPDX-License-Identifier: BSD-3-Clause
// The CalculiX decks of $FECONTACT_SHARED_DATA/calculix: every *CONTACT PAIR resolves to an
// interface (contact_definitions.hpp) and is searched with AABB and OBB trees at a tolerance of
// 0.5 × the master's mean face size. The decks give no answers, so the check is agreement with
// brute force over ALL master faces, with the narrow-phase functions themselves
// (project_onto_face, face_distance): no pair within the tolerance is missed, and each slave
// node's gap is the brute-force closest gap. Skipped, and reported so, when the folder is absent.
//
// Run time: brute force visits every slave × master pair, but a pair is only measured when the
// bounding spheres of its faces come within the tolerance (a rigorous cull, see FaceSphere), so
// hueeber1 (8,500 elements) costs its contact surfaces only.

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "requirements.hpp"

namespace fs = std::filesystem;
using namespace fecontact;

namespace {

using Coordinates = std::span<const Eigen::Vector3d>;

bool same_value(double a, double b) {  // 1e-12 relative, 1e-12 absolute near 0
  return std::abs(a - b) <= 1e-12 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// A sphere holding the whole face: x(ξ) − c = Σ Nᵢ(ξ)(xᵢ − c) since Σ Nᵢ = 1, so
// |x(ξ) − c| ≤ Λ maxᵢ|xᵢ − c| with Λ = max Σ|Nᵢ| the Lebesgue constant of the face's nodes:
// 1 for tri3 and quad4 (non-negative shape functions), 5/3 for tri6, 25/16 for quad9 and 3
// for quad8 (its centre, where the corner functions are −1/4 and the mid-edge ones 1/2).
struct FaceSphere {
  Eigen::Vector3d centre;
  double radius = 0;
};

struct MeasuredFace {
  FaceNodes nodes;
  FaceSphere sphere;
  bool degenerate = false;
};

std::vector<MeasuredFace> measure(const Surface& surface, Coordinates coordinates) {
  std::vector<MeasuredFace> faces;
  for (const SurfaceFace& face : surface.faces) {
    MeasuredFace m;
    m.nodes = gather_face_nodes(face, coordinates);
    const int n = node_count(face.type);
    m.sphere.centre.setZero();
    for (int i = 0; i < n; ++i) m.sphere.centre += m.nodes.x[i] / n;
    for (int i = 0; i < n; ++i) m.sphere.radius = std::max(m.sphere.radius, (m.nodes.x[i] - m.sphere.centre).norm());
    m.sphere.radius *= n == corner_count(face.type) ? 1.0 : 3.0;
    m.degenerate = is_degenerate(m.nodes);
    faces.push_back(m);
  }
  return faces;
}

// Mean over the faces of their mean corner-to-corner edge length (SearchOptions::relative).
double mean_face_size(const std::vector<MeasuredFace>& faces) {
  double sum = 0;
  for (const MeasuredFace& f : faces) {
    const int corners = corner_count(f.nodes.type);
    double edges = 0;
    for (int k = 0; k < corners; ++k) edges += (f.nodes.x[k] - f.nodes.x[(k + 1) % corners]).norm();
    sum += edges / corners;
  }
  return sum / static_cast<double>(faces.size());
}

std::set<std::pair<Index, Index>> reported_pairs(const InterfaceResult& r) {
  std::set<std::pair<Index, Index>> pairs;
  for (std::size_t i = 0; i < r.pair_slave.size(); ++i) pairs.insert({r.pair_slave[i], r.pair_master[i]});
  return pairs;
}

// Slave nodes against every master face: no missed pair, the closest gap of every node.
void check_nodes(const ContactInterface& interface, const InterfaceResult& r, Coordinates x, double tolerance) {
  const std::vector<MeasuredFace> master = measure(interface.master, x);
  const auto pairs = reported_pairs(r);
  std::map<Index, std::size_t> contact_of;
  for (std::size_t i = 0; i < r.contacts.node.size(); ++i) contact_of[r.contacts.node[i]] = i;
  std::size_t missed = 0, wrong_gaps = 0, unexpected = 0;
  for (const Index node : interface.slave_nodes) {
    const Eigen::Vector3d& p = x[static_cast<std::size_t>(node)];
    double best = std::numeric_limits<double>::infinity(), gap = best;
    for (std::size_t f = 0; f < master.size(); ++f) {
      const MeasuredFace& m = master[f];
      if (m.degenerate || (p - m.sphere.centre).norm() - m.sphere.radius > tolerance) continue;
      const FaceProjection projection = project_onto_face(p, m.nodes);
      if (projection.distance <= tolerance && !pairs.count({node, static_cast<Index>(f)})) ++missed;
      if (projection.distance < best) {  // ties go to the lowest face index
        best = projection.distance;
        const Eigen::Vector3d normal = face_normal(m.nodes, projection.local);
        gap = (p - projection.point).dot(normal) >= 0 ? best : -best;
      }
    }
    const auto found = contact_of.find(node);
    if (best <= tolerance) {
      if (found == contact_of.end() || !same_value(r.contacts.gap[found->second], gap)) ++wrong_gaps;
    } else if (found != contact_of.end()) {
      ++unexpected;
    }
  }
  BOOST_TEST(missed == 0u);
  BOOST_TEST(wrong_gaps == 0u);
  BOOST_TEST(unexpected == 0u);
}

// Slave faces against every master face: no missed pair, the reported distances.
void check_faces(const ContactInterface& interface, const InterfaceResult& r, Coordinates x, double tolerance) {
  const std::vector<MeasuredFace> master = measure(interface.master, x);
  const std::vector<MeasuredFace> slave = measure(interface.slave, x);
  std::map<std::pair<Index, Index>, double> reported;
  for (std::size_t i = 0; i < r.pair_slave.size(); ++i)
    reported[{r.pair_slave[i], r.pair_master[i]}] = r.pair_distance[i];
  std::size_t missed = 0, wrong_distances = 0, within = 0;
  for (std::size_t s = 0; s < slave.size(); ++s) {
    if (slave[s].degenerate) continue;
    for (std::size_t f = 0; f < master.size(); ++f) {
      const MeasuredFace& m = master[f];
      const double apart = (slave[s].sphere.centre - m.sphere.centre).norm() - slave[s].sphere.radius - m.sphere.radius;
      if (m.degenerate || apart > tolerance) continue;
      const double d = face_distance(slave[s].nodes, m.nodes).distance;
      if (d > tolerance) continue;
      ++within;
      const auto found = reported.find({static_cast<Index>(s), static_cast<Index>(f)});
      if (found == reported.end()) ++missed;
      else if (!same_value(found->second, d)) ++wrong_distances;
    }
  }
  BOOST_TEST(missed == 0u);
  BOOST_TEST(wrong_distances == 0u);
  BOOST_TEST(within == r.pair_slave.size());  // nothing beyond the tolerance is reported
}

struct Row {
  std::size_t candidates_aabb = 0, candidates_obb = 0, contacts = 0;
  double min_gap = std::numeric_limits<double>::infinity();
};

// Searches one interface with AABB and OBB trees and checks both against brute force.
Row search_and_check(const Mesh& mesh, ContactInterface interface) {
  Row row;
  std::vector<InterfaceResult> results;
  for (const BvKind bv : {BvKind::aabb, BvKind::obb}) {
    interface.options = {};
    interface.options.tolerance = 0.5;
    interface.options.relative = true;
    interface.options.bv = bv;
    ContactSearch search(mesh, {interface});
    results.push_back(search.search(mesh.coordinates).front());
    const InterfaceResult& r = results.back();
    const double tolerance = 0.5 * mean_face_size(measure(interface.master, mesh.coordinates));
    BOOST_TEST(same_value(r.tolerance, tolerance));
    if (interface.mode == ContactMode::node_to_surface) check_nodes(interface, r, mesh.coordinates, tolerance);
    else check_faces(interface, r, mesh.coordinates, tolerance);
  }
  const InterfaceResult& r = results.front();
  BOOST_TEST(results[1].pair_slave == r.pair_slave);  // the bounding volume changes no result
  BOOST_TEST(results[1].pair_master == r.pair_master);
  BOOST_TEST(results[1].contacts.gap == r.contacts.gap);
  row.candidates_aabb = r.counters.pairs_reported;
  row.candidates_obb = results[1].counters.pairs_reported;
  const bool nodes = interface.mode == ContactMode::node_to_surface;
  row.contacts = nodes ? r.contacts.node.size() : r.pair_slave.size();
  for (const double g : nodes ? r.contacts.gap : r.pair_distance) row.min_gap = std::min(row.min_gap, g);
  return row;
}

std::vector<fs::path> deck_files() {
  std::vector<fs::path> decks;
  for (const auto& entry : fs::directory_iterator(*test::shared_data_path("calculix")))
    if (entry.path().extension() == ".inp") decks.push_back(entry.path());
  std::sort(decks.begin(), decks.end());
  return decks;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(calculix_decks)

BOOST_AUTO_TEST_CASE(every_contact_pair_resolves_and_agrees_with_brute_force,
                     *boost::unit_test::label("shared_data") *
                         boost::unit_test::precondition(test::SharedData{"calculix"})) {
  const std::vector<fs::path> decks = deck_files();
  BOOST_TEST_REQUIRE(!decks.empty(), "no .inp deck in FECONTACT_SHARED_DATA/calculix");
  BOOST_TEST_MESSAGE("deck, pair, mode, slave nodes|faces, master faces, candidates AABB, candidates OBB, contacts, min gap");
  for (const fs::path& deck : decks) {
    BOOST_TEST_CONTEXT(deck.filename().string()) {
      const Mesh mesh = read_abaqus(deck);
      BOOST_TEST(!mesh.contact_pairs.empty());
      std::vector<ContactInterface> interfaces;
      BOOST_REQUIRE_NO_THROW(interfaces = contact_interfaces(mesh));
      BOOST_REQUIRE_EQUAL(interfaces.size(), mesh.contact_pairs.size());
      for (std::size_t i = 0; i < interfaces.size(); ++i) {
        const ContactInterface& interface = interfaces[i];
        BOOST_TEST(!interface.master.faces.empty());
        const bool nodes = interface.mode == ContactMode::node_to_surface;
        BOOST_TEST((nodes ? interface.slave_nodes.size() : interface.slave.faces.size()) > 0u);
        const Row row = search_and_check(mesh, interface);
        std::ostringstream line;
        line << deck.filename().string() << ", " << mesh.contact_pairs[i].slave << ":" << mesh.contact_pairs[i].master
             << ", " << (nodes ? "node-to-surface" : "surface-to-surface") << ", "
             << (nodes ? interface.slave_nodes.size() : interface.slave.faces.size()) << ", "
             << interface.master.faces.size() << ", " << row.candidates_aabb << ", " << row.candidates_obb << ", "
             << row.contacts << ", " << row.min_gap;
        BOOST_TEST_MESSAGE(line.str());
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
