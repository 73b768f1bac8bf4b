// SPDX-License-Identifier: BSD-3-Clause
// The kinematics a ContactSearch reports per node-to-surface contact, against scripted motions
// whose answer is known in closed form: slave nodes sliding at constant velocity over a flat
// master of many faces (across edges and vertices: slip = v Δt), slave and master translating
// together and curved quadratic masters moving rigidly with their nodes (slip 0), the master
// turning about its normal under resting nodes (slip = the rotation's displacement (1 − R) p);
// the same with and without a skin, on 1 and 2 threads, and without allocating once grown.

#include <cmath>
#include <functional>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>
#include <omp.h>

#include "allocation_count.h"
#include "contact_scenes.hpp"
#include "fecontact/contact/contact_search.hpp"

using fecontact::ContactInterface;
using fecontact::ContactSearch;
using fecontact::ElementType;
using fecontact::Index;
using fecontact::InterfaceResult;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

// A flat master plate [−2, 2]² at z = 0 of nu × nu faces of `type` (its nodes first) and free
// slave nodes placed after them.
struct Plate {
  fecontact::Mesh mesh;
  fecontact::Surface master;
  Index master_nodes = 0;
  std::vector<Index> slaves;

  Plate(ElementType type, int nu, const std::vector<Vector3d>& slave_positions) {
    master = test::mapped_grid(mesh, type, nu, nu, test::plate(-2, 2, -2, 2, 0));
    master_nodes = mesh.node_count();
    for (const Vector3d& p : slave_positions) {
      slaves.push_back(static_cast<Index>(mesh.coordinates.size()));
      mesh.coordinates.push_back(p);
    }
  }
  ContactSearch search(double skin) const {
    ContactInterface in;
    in.master = master;
    in.slave_nodes = slaves;
    in.options.tolerance = 0.05;
    in.options.skin = skin;
    in.options.track_slip = true;
    return ContactSearch(static_cast<Index>(mesh.coordinates.size()), {in});
  }
};

// The result of each of `steps` steps, the coordinates of step k given by motion(k), each step
// accepted after its search (as an explicit solver does).
std::vector<InterfaceResult> run(ContactSearch search, int steps, const std::function<std::vector<Vector3d>(int)>& motion) {
  std::vector<InterfaceResult> history;
  std::vector<InterfaceResult> results;
  for (int k = 0; k < steps; ++k) {
    search.search(motion(k), results);
    search.accept_step();
    history.push_back(results.front());
  }
  return history;
}

// Σ Nᵢ xᵢ over the reported master nodes is the contact point, and Σ Nᵢ = 1.
void check_weights(const InterfaceResult& r, const std::vector<Vector3d>& x) {
  const fecontact::NodeContacts& c = r.contacts;
  BOOST_TEST_REQUIRE(c.weights.size() == c.size());
  for (std::size_t k = 0; k < c.size(); ++k) {
    Vector3d point = Vector3d::Zero();
    double sum = 0;
    for (std::size_t i = 0; i < 9; ++i) {
      if (c.master_nodes[k][i] < 0) continue;
      point += c.weights[k][i] * x[static_cast<std::size_t>(c.master_nodes[k][i])];
      sum += c.weights[k][i];
    }
    BOOST_TEST(std::abs(sum - 1) < 1e-12);
    BOOST_TEST((point - c.point[k]).norm() < 1e-12);
  }
}

constexpr ElementType plate_types[] = {ElementType::quad4, ElementType::tri3, ElementType::quad9, ElementType::tri6};

// Three nodes 0.01 above the plate: along the diagonal through the grid's vertices (spacing 0.5),
// obliquely across edges, and along an edge line.
const std::vector<Vector3d> sliding_start{{-1.5, -1.5, 0.01}, {-1.7, -0.3, 0.02}, {-1.9, 0.0, 0.01}};
const std::vector<Vector3d> sliding_step{{0.125, 0.125, 0}, {0.11, 0.037, 0}, {0.1, 0, 0}};

std::vector<Vector3d> sliding(const Plate& plate, int k) {
  std::vector<Vector3d> x = plate.mesh.coordinates;
  for (std::size_t j = 0; j < plate.slaves.size(); ++j)
    x[static_cast<std::size_t>(plate.slaves[j])] = sliding_start[j] + k * sliding_step[j];
  return x;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_slip)

BOOST_AUTO_TEST_CASE(nodes_sliding_over_a_flat_master_slip_by_their_step) {
  for (const ElementType type : plate_types) {
    const Plate plate(type, 8, sliding_start);
    const auto motion = [&](int k) { return sliding(plate, k); };
    const std::vector<InterfaceResult> history = run(plate.search(0), 20, motion);
    for (int k = 0; k < 20; ++k) {
      const fecontact::NodeContacts& c = history[static_cast<std::size_t>(k)].contacts;
      BOOST_TEST_REQUIRE(c.size() == 3u);
      BOOST_TEST_REQUIRE(c.slip.size() == 3u);
      check_weights(history[static_cast<std::size_t>(k)], motion(k));
      for (std::size_t j = 0; j < 3; ++j) {
        BOOST_TEST(c.new_contact[j] == (k == 0));
        const Vector3d expected = k == 0 ? Vector3d::Zero() : sliding_step[j];
        BOOST_TEST((c.slip[j] - expected).norm() < 1e-12, "type " << int(type) << ", step " << k << ", node " << j
                                                                   << ": slip " << c.slip[j].transpose());
        BOOST_TEST((c.tangent1[j].cross(c.tangent2[j]) - c.normal[j]).norm() < 1e-14);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_skin_changes_nothing) {
  for (const ElementType type : plate_types) {
    const Plate plate(type, 8, sliding_start);
    const auto motion = [&](int k) { return sliding(plate, k); };
    const std::vector<InterfaceResult> full = run(plate.search(0), 20, motion);
    const std::vector<InterfaceResult> skin = run(plate.search(0.4), 20, motion);
    int searched = 0;
    for (std::size_t k = 0; k < full.size(); ++k) {
      const fecontact::NodeContacts &a = full[k].contacts, &b = skin[k].contacts;
      searched += skin[k].searched;
      BOOST_TEST(a.face == b.face);
      BOOST_TEST((a.slip == b.slip));
      BOOST_TEST(a.new_contact == b.new_contact);
      BOOST_TEST((a.tangent1 == b.tangent1));
      BOOST_TEST((a.tangent2 == b.tangent2));
      BOOST_TEST(a.master_nodes == b.master_nodes);
      BOOST_TEST(a.weights == b.weights);
    }
    BOOST_TEST(searched < 20);  // some steps checked the kept candidates only
  }
}

BOOST_AUTO_TEST_CASE(slave_and_master_translating_together_do_not_slip) {
  for (const ElementType type : plate_types) {
    const Plate plate(type, 8, sliding_start);
    const auto motion = [&](int k) {
      std::vector<Vector3d> x = plate.mesh.coordinates;
      for (Vector3d& p : x) p += k * Vector3d(0.3, -0.2, 0.15);
      return x;
    };
    for (const InterfaceResult& r : run(plate.search(0), 10, motion)) {
      BOOST_TEST_REQUIRE(r.contacts.size() == 3u);
      for (const Vector3d& slip : r.contacts.slip) BOOST_TEST(slip.norm() < 1e-12);
    }
  }
}

// Curved quadratic masters (a quad9 and a tri6 cylinder) and nodes resting on them, all moved
// by one rigid motion a step (a turn about an oblique axis and a shift): nothing slides.
BOOST_AUTO_TEST_CASE(a_rigid_motion_of_a_curved_master_with_its_nodes_does_not_slip) {
  for (const ElementType type : {ElementType::quad9, ElementType::tri6}) {
    fecontact::Mesh mesh;
    ContactInterface in;
    in.master = test::mapped_grid(mesh, type, 4, 10, test::cylinder(0.5, -1, 1, 0), true);
    for (const double angle : {0.3, 1.7, 2.9, 4.4, 5.8}) {
      in.slave_nodes.push_back(mesh.node_count());
      mesh.coordinates.emplace_back(0.8 * std::cos(3 * angle), 0.505 * std::sin(angle), 0.505 * std::cos(angle));
    }
    in.options.tolerance = 0.05;
    in.options.track_slip = true;
    const Eigen::Matrix3d turn = Eigen::AngleAxisd(0.05, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
    const auto motion = [&](int k) {
      std::vector<Vector3d> x = mesh.coordinates;
      Eigen::Matrix3d r = Eigen::Matrix3d::Identity();
      for (int j = 0; j < k; ++j) r = turn * r;
      for (Vector3d& p : x) p = r * p + k * Vector3d(0.02, -0.03, 0.01);
      return x;
    };
    const std::vector<InterfaceResult> history = run(ContactSearch(mesh.node_count(), {in}), 8, motion);
    for (std::size_t k = 1; k < history.size(); ++k) {
      BOOST_TEST_REQUIRE(history[k].contacts.size() == 5u);
      check_weights(history[k], motion(static_cast<int>(k)));
      for (std::size_t j = 0; j < 5; ++j) {
        BOOST_TEST(!history[k].contacts.new_contact[j]);
        BOOST_TEST(history[k].contacts.slip[j].norm() < 1e-12, "type " << int(type) << ", step " << k << ": slip "
                                                                        << history[k].contacts.slip[j].norm());
      }
    }
  }
}

// The plate turns about the z axis by ω a step under nodes at rest: the material point that
// was under node p has moved to R(ω) p, so the slip is (1 − R(ω)) p (in the plane).
BOOST_AUTO_TEST_CASE(a_master_turning_under_resting_nodes_slips_by_the_rotation) {
  const double omega = 0.02;
  const std::vector<Vector3d> resting{{0.7, 0.3, 0.01}, {-1.2, 0.5, 0.01}, {0.3, -1.1, 0.02}};
  for (const ElementType type : plate_types) {
    const Plate plate(type, 8, resting);
    const auto motion = [&](int k) {
      std::vector<Vector3d> x = plate.mesh.coordinates;
      const Eigen::Matrix3d r = Eigen::AngleAxisd(k * omega, Vector3d::UnitZ()).toRotationMatrix();
      for (Index n = 0; n < plate.master_nodes; ++n) x[static_cast<std::size_t>(n)] = r * x[static_cast<std::size_t>(n)];
      return x;
    };
    const Eigen::Matrix3d step = Eigen::AngleAxisd(omega, Vector3d::UnitZ()).toRotationMatrix();
    const std::vector<InterfaceResult> history = run(plate.search(0), 12, motion);
    for (std::size_t k = 1; k < history.size(); ++k)
      for (std::size_t j = 0; j < resting.size(); ++j) {
        const Vector3d p(resting[j].x(), resting[j].y(), 0);
        BOOST_TEST((history[k].contacts.slip[j] - (p - step * p)).norm() < 1e-12, "type " << int(type) << ", step " << k);
      }
  }
}

// A node that comes into contact, stays, leaves and comes back: new_contact (and slip 0) at each
// arrival, the slip of its motion while it stays.
BOOST_AUTO_TEST_CASE(new_contact_marks_each_arrival) {
  const Plate plate(ElementType::quad4, 8, {{0.1, 0.1, 0.2}, {-0.6, 0.4, 0.01}});
  const double heights[] = {0.2, 0.01, 0.01, 0.2, 0.01};
  const auto motion = [&](int k) {
    std::vector<Vector3d> x = plate.mesh.coordinates;
    x[static_cast<std::size_t>(plate.slaves[0])] = Vector3d(0.1 + 0.3 * k, 0.1, heights[k]);
    return x;
  };
  const std::vector<InterfaceResult> history = run(plate.search(0), 5, motion);
  const Index first = plate.slaves[0], second = plate.slaves[1];
  using Nodes = std::vector<Index>;
  BOOST_TEST(history[0].contacts.node == (Nodes{second}));
  BOOST_TEST(history[0].contacts.new_contact == (std::vector<char>{1}));
  BOOST_TEST(history[1].contacts.node == (Nodes{first, second}));
  BOOST_TEST(history[1].contacts.new_contact == (std::vector<char>{1, 0}));
  BOOST_TEST(history[1].contacts.slip[0].isZero(0));
  BOOST_TEST(history[2].contacts.new_contact == (std::vector<char>{0, 0}));
  BOOST_TEST((history[2].contacts.slip[0] - Vector3d(0.3, 0, 0)).norm() < 1e-12);
  BOOST_TEST(history[2].contacts.slip[1].norm() < 1e-12);
  BOOST_TEST(history[3].contacts.node == (Nodes{second}));
  BOOST_TEST(history[4].contacts.new_contact == (std::vector<char>{1, 0}));
  BOOST_TEST(history[4].contacts.slip[0].isZero(0));
}

BOOST_AUTO_TEST_CASE(without_track_slip_the_slip_arrays_stay_empty) {
  const Plate plate(ElementType::quad4, 8, sliding_start);
  ContactInterface in;
  in.master = plate.master;
  in.slave_nodes = plate.slaves;
  in.options.tolerance = 0.05;
  ContactSearch search(static_cast<Index>(plate.mesh.coordinates.size()), {in});
  const std::vector<Vector3d> x0 = sliding(plate, 0), x1 = sliding(plate, 1);
  const InterfaceResult r = search.search(x0, x1).front();
  BOOST_TEST(r.contacts.size() == 3u);
  BOOST_TEST(r.contacts.slip.empty());
  BOOST_TEST(r.contacts.new_contact.empty());
  // Frames and weights for the other end of the step too, at its coordinates.
  BOOST_TEST_REQUIRE(r.predicted.weights.size() == 3u);
  for (std::size_t j = 0; j < 3; ++j) {
    Vector3d point = Vector3d::Zero();
    for (std::size_t i = 0; i < 4; ++i)
      point += r.predicted.weights[j][i] * x1[static_cast<std::size_t>(r.predicted.master_nodes[j][i])];
    BOOST_TEST((point - r.predicted.point[j]).norm() < 1e-12);
    BOOST_TEST((r.predicted.tangent1[j] - Vector3d(1, 0, 0)).norm() < 1e-15);
  }
}

// 6400 slave nodes (many tasks of the narrow phase and of the kinematics) sliding over a plate:
// the same results on 1 and 2 threads, and no allocation once the results have grown.
BOOST_AUTO_TEST_CASE(many_nodes_give_the_same_slip_on_1_and_2_threads_without_allocating) {
  std::vector<Vector3d> start;
  for (int j = 0; j < 80; ++j)
    for (int i = 0; i < 80; ++i) start.emplace_back(-1.5 + 0.0371 * i, -1.5 + 0.0371 * j, 0.01);
  const Plate plate(ElementType::quad4, 40, start);
  const auto motion = [&](int k) {
    std::vector<Vector3d> x = plate.mesh.coordinates;
    for (const Index n : plate.slaves) x[static_cast<std::size_t>(n)] += k * Vector3d(0.013, 0.007, 0);
    return x;
  };
  std::vector<std::vector<Vector3d>> steps;
  for (int k = 0; k < 4; ++k) steps.push_back(motion(k));
  const int threads = omp_get_max_threads();
  std::vector<InterfaceResult> last[2];
  for (const int thread_count : {1, 2}) {
    omp_set_num_threads(thread_count);
    ContactSearch search = plate.search(0.05);
    std::vector<InterfaceResult> results;
    const auto step = [&](const std::vector<Vector3d>& x) {
      search.search(x, results);
      search.accept_step();
    };
    for (const auto& x : steps) step(x);
    const long count = allocation_count();
    for (const auto& x : steps) step(x);
    BOOST_TEST(allocation_count() - count == 0, thread_count << " threads");
    last[thread_count - 1] = results;
  }
  omp_set_num_threads(threads);
  const fecontact::NodeContacts &a = last[0].front().contacts, &b = last[1].front().contacts;
  BOOST_TEST(a.size() == start.size());
  BOOST_TEST((a.slip == b.slip));
  BOOST_TEST(a.new_contact == b.new_contact);
  BOOST_TEST((a.tangent1 == b.tangent1));
  BOOST_TEST(a.weights == b.weights);
  BOOST_TEST(a.master_nodes == b.master_nodes);
  for (const Vector3d& slip : a.slip) BOOST_TEST((slip - Vector3d(0.013, 0.007, 0)).norm() < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

// An implicit solver's steps: three trial searches at perturbed coordinates, then accept_step.
// Each trial's slip is the motion since the accepted step (not since the last trial); a
// rejected step (no accept_step, then the accepted coordinates again) leaves the history as it
// was, and new_contact is measured from the accepted step too.
BOOST_AUTO_TEST_CASE(trial_searches_measure_the_slip_from_the_accepted_step) {
  const Vector3d trial_offsets[] = {{0.031, -0.017, 0.001}, {-0.023, 0.041, -0.002}, {0.0, 0.0, 0.0}};
  for (const ElementType type : {ElementType::tri3, ElementType::quad4, ElementType::tri6, ElementType::quad9}) {
    const Plate plate(type, 8, sliding_start);
    ContactSearch search = plate.search(0);
    std::vector<InterfaceResult> results;
    const auto at = [&](int k, const Vector3d& offset) {
      std::vector<Vector3d> x = sliding(plate, k);
      for (const Index n : plate.slaves) x[static_cast<std::size_t>(n)] += offset;
      return x;
    };
    search.search(at(0, Vector3d::Zero()), results);
    search.accept_step();
    for (int k = 1; k < 8; ++k) {
      for (const Vector3d& offset : trial_offsets) {
        search.search(at(k, offset), results);
        const fecontact::NodeContacts& c = results.front().contacts;
        BOOST_TEST_REQUIRE(c.size() == 3u);
        for (std::size_t j = 0; j < 3; ++j) {
          const Vector3d expected = sliding_step[j] + Vector3d(offset.x(), offset.y(), 0);
          BOOST_TEST(!c.new_contact[j]);
          BOOST_TEST((c.slip[j] - expected).norm() < 1e-12, "type " << int(type) << ", step " << k << ", node " << j
                                                                     << ": slip " << c.slip[j].transpose());
        }
      }
      if (k % 3 == 2) {  // rejected: cut back to the accepted coordinates, which have not slipped
        search.search(at(k - 1, Vector3d::Zero()), results);
        for (const Vector3d& slip : results.front().contacts.slip) BOOST_TEST(slip.norm() < 1e-12);
        search.search(at(k, Vector3d::Zero()), results);  // tried again, converged
      }
      search.accept_step();
      search.accept_step();  // again without a search: nothing changes
    }
  }
}

BOOST_AUTO_TEST_CASE(a_contact_found_by_a_trial_only_stays_new_until_accepted) {
  const Plate plate(ElementType::quad4, 8, {{0.1, 0.1, 0.2}});
  ContactSearch search = plate.search(0);
  std::vector<InterfaceResult> results;
  const auto at = [&](double x, double z) {
    std::vector<Vector3d> coordinates = plate.mesh.coordinates;
    coordinates[static_cast<std::size_t>(plate.slaves[0])] = Vector3d(x, 0.1, z);
    return coordinates;
  };
  search.search(at(0.1, 0.2), results);  // no contact
  search.accept_step();
  search.search(at(0.1, 0.01), results);
  search.search(at(0.2, 0.01), results);  // a second trial: still new, not slipped from the first
  BOOST_TEST(results.front().contacts.new_contact == (std::vector<char>{1}));
  BOOST_TEST(results.front().contacts.slip[0].isZero(0));
  search.accept_step();
  search.search(at(0.5, 0.01), results);
  BOOST_TEST(results.front().contacts.new_contact == (std::vector<char>{0}));
  BOOST_TEST((results.front().contacts.slip[0] - Vector3d(0.3, 0, 0)).norm() < 1e-12);
  // Before any accept_step every contact is new.
  ContactSearch fresh = plate.search(0);
  fresh.search(at(0.1, 0.01), results);
  fresh.search(at(0.3, 0.01), results);
  BOOST_TEST(results.front().contacts.new_contact == (std::vector<char>{1}));
}
