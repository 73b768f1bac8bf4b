// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The contact_search benchmark scenes and what their rows share: a block top (n × n quad4 faces,
// the master) pressed by a cylinder (n/3 × n quad4 faces, its nodes the slaves); the two scenes of
// the BVH benchmarks (../bvh_scenes/scenes.hpp) as node-to-surface interfaces; the step motion,
// and the narrow phase run after another library's broad phase.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "bench.hpp"
#include "fecontact/contact/node_contact.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "scenes.hpp"

namespace fecontact::bench {

/// A node-to-surface interface: the slave nodes against the master faces, both in one mesh.
struct ContactScene {
  std::string name;
  Mesh mesh;
  Surface master;
  std::vector<Index> slave_nodes;  ///< ascending
  double tolerance = 0;            ///< search distance
  double face_size = 0;            ///< edge length of the master faces (block_cylinder)
};

/// Appends an nu × nv grid of quad4 faces over map(u, v) to the mesh; returns its surface.
template <class Map>
Surface quad_grid(Mesh& mesh, int nu, int nv, Map map) {
  const Index first = mesh.node_count();
  for (int j = 0; j <= nv; ++j)
    for (int i = 0; i <= nu; ++i) {
      mesh.coordinates.push_back(map(double(i) / nu, double(j) / nv));
      mesh.node_ids.push_back(mesh.node_count());
    }
  ElementBlock block;
  block.type = ElementType::quad4;
  const auto b = static_cast<Index>(mesh.blocks.size());
  Surface surface;
  const auto node = [&](int i, int j) { return first + j * (nu + 1) + i; };
  for (int j = 0; j < nv; ++j)
    for (int i = 0; i < nu; ++i) {
      SurfaceFace face;
      face.type = ElementType::quad4;
      face.node_storage = {node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)};
      face.owner = {{b, block.size()}, 0};
      block.element_ids.push_back(block.size());
      surface.faces.push_back(face);
    }
  mesh.blocks.push_back(block);
  return surface;
}

/// Block top [-1, 1]² at z = 0 with n² faces; cylinder of radius 0.5 along x, 0.02 into it;
/// tolerance half a block face.
inline ContactScene contact_scene(int n) {
  constexpr double pi = 3.14159265358979323846;
  ContactScene s;
  s.name = "block_cylinder";
  s.master = quad_grid(s.mesh, n, n, [](double u, double v) { return Eigen::Vector3d(2 * u - 1, 2 * v - 1, 0); });
  const Surface cylinder = quad_grid(s.mesh, n / 3, n, [](double u, double v) {
    const double t = 2 * pi * v;
    return Eigen::Vector3d(1.6 * u - 0.8, 0.5 * std::sin(t), 0.48 + 0.5 * std::cos(t));
  });
  for (Index k = (n + 1) * (n + 1); k < s.mesh.node_count(); ++k) s.slave_nodes.push_back(k);  // cylinder nodes
  s.tolerance = 1.0 / n;
  s.face_size = 2.0 / n;
  return s;
}

/// A scene of the BVH benchmarks as a node-to-surface interface: the nodes of its first surface
/// (the sphere, the inner shell) against the faces of its second (the block, the outer shell),
/// the master faces as one tri3 block; the scene's tolerance.
inline ContactScene contact_scene(const Scene& scene) {
  ContactScene s;
  s.name = scene.name;
  s.tolerance = scene.tolerance;
  const TriangleSurface& slave = scene.surfaces[0];
  const TriangleSurface& master = scene.surfaces[1];
  s.mesh.coordinates = slave.coordinates;
  s.mesh.coordinates.insert(s.mesh.coordinates.end(), master.coordinates.begin(), master.coordinates.end());
  for (Index k = 0; k < s.mesh.node_count(); ++k) s.mesh.node_ids.push_back(k);
  for (Index k = 0; k < Index(slave.coordinates.size()); ++k) s.slave_nodes.push_back(k);
  const auto offset = Index(slave.coordinates.size());
  ElementBlock block;
  block.type = ElementType::tri3;
  s.master = master.surface();
  for (SurfaceFace& face : s.master.faces) {
    for (std::size_t k = 0; k < face.nodes().size(); ++k) face.node_storage[k] += offset;
    face.owner = {{0, block.size()}, 0};
    block.connectivity.insert(block.connectivity.end(), face.nodes().begin(), face.nodes().end());
    block.element_ids.push_back(block.size());
  }
  s.mesh.blocks.push_back(std::move(block));
  return s;
}

/// One step of motion: the slave nodes move 1e-4 down (−z).
inline void advance(std::vector<Eigen::Vector3d>& x, const ContactScene& s) {
  for (const Index node : s.slave_nodes) x[static_cast<std::size_t>(node)].z() -= 1e-4;
}

/// Our narrow phase after another broad phase: `candidates` holds (slave node, master face)
/// pairs, any order, repeats allowed. Sorts them, keeps per node the faces within the tolerance
/// (project_onto_face) and their closest (closest_face), as ContactSearch does. Returns the gap
/// of each node with a contact, ascending node.
inline std::vector<double> narrow_phase(std::vector<std::pair<Index, Index>>& candidates, const ContactScene& s,
                                        std::span<const Eigen::Vector3d> x) {
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  std::vector<double> gaps;
  std::vector<Index> near;
  for (std::size_t k = 0; k < candidates.size();) {
    const Index node = candidates[k].first;
    const Eigen::Vector3d& p = x[static_cast<std::size_t>(node)];
    near.clear();
    for (; k < candidates.size() && candidates[k].first == node; ++k) {
      const Index f = candidates[k].second;
      const FaceNodes face = gather_face_nodes(s.master.faces[static_cast<std::size_t>(f)], x);
      if (project_onto_face(p, face).distance <= s.tolerance) near.push_back(f);
    }
    const NodeContact c = closest_face(p, near, s.master, x);
    if (c.face >= 0) gaps.push_back(c.gap);
  }
  return gaps;
}

/// One row of the table: a method, its thread count, the first search (builds), the median
/// step, the contacts and the checksum of their gaps (equal across rows: same contacts), and
/// fecontact's broad-phase counters.
struct Row {
  std::string method;
  int threads = 1;
  double first_s = 0;
  double step_s = 0;
  std::size_t contacts = 0;
  std::uint64_t checksum = 0;
  std::uint64_t bv_tests = 0;     ///< fecontact rows: volume overlap tests of the last step
  std::uint64_t broad_pairs = 0;  ///< fecontact rows: (node, face) pairs its broad phase reported
};

/// Times `search(x)` (returning the gaps): a first call, then the median of `steps` calls each
/// after one step of motion.
template <class Search>
Row time_search(std::string method, int threads, const ContactScene& s, int steps, Search&& search) {
  Row row{std::move(method), threads};
  std::vector<Eigen::Vector3d> x = s.mesh.coordinates;
  std::vector<double> gaps;
  row.first_s = seconds([&] { gaps = search(x); });
  row.step_s = median_seconds(steps, [&] {
    advance(x, s);
    gaps = search(x);
  });
  Checksum checksum;
  for (const double g : gaps) checksum.add(g);
  row.contacts = gaps.size();
  row.checksum = checksum.value();
  return row;
}

#ifdef FECONTACT_BENCH_FCL
/// fcl: the master as a BVHModel<OBBRSS> (tri3 faces as they are, quad4 faces as two triangles) refitted (top-down) every step, one
/// collide() of a tolerance-radius sphere per slave node, then narrow_phase.
Row fcl_search(const ContactScene& s, int steps);
#endif
#ifdef FECONTACT_BENCH_CGAL
/// CGAL box_intersection_d: every step the boxes of the master faces and of the slave nodes
/// grown by the tolerance, their intersecting pairs, then narrow_phase.
Row cgal_search(const ContactScene& s, int steps);
#endif

}  // namespace fecontact::bench
