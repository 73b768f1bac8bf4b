// SPDX-License-Identifier: BSD-3-Clause
// The C++ object's answer for the C and Fortran tests (reference_search.h).
#include "reference_search.h"

#include <cstdio>
#include <exception>
#include <span>
#include <vector>

#include "fecontact/contact/contact_search.hpp"

namespace {

using fecontact::Index;

std::vector<Index> indices(const int64_t* values, int64_t n) { return std::vector<Index>(values, values + n); }

fecontact::Surface surface(int64_t n_faces, const int64_t* offsets, const int64_t* nodes) {
  return fecontact::surface_from_arrays(indices(offsets, n_faces + 1), indices(nodes, offsets[n_faces]));
}

std::vector<Eigen::Vector3d> points(const double* xyz, int64_t n) {
  std::vector<Eigen::Vector3d> x(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = {xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]};
  return x;
}

// Component i of every vector of `from` into out[width * k + i], for the first `capacity`.
template <class Vectors, class To>
void copy_components(const Vectors& from, std::size_t width, int64_t capacity, To* out) {
  for (std::size_t k = 0; k < from.size() && k < static_cast<std::size_t>(capacity); ++k)
    for (std::size_t i = 0; i < width; ++i) out[width * k + i] = static_cast<To>(from[k][static_cast<Eigen::Index>(i)]);
}

// The interface of `kind` (reference_search.h) on the given arrays.
fecontact::ContactInterface reference_interface(int kind, int64_t n_master_faces, const int64_t* master_offsets,
                                                const int64_t* master_nodes, int64_t n_slave,
                                                const int64_t* slave_offsets, const int64_t* slave_nodes,
                                                double tolerance) {
  fecontact::ContactInterface in;
  in.master = surface(n_master_faces, master_offsets, master_nodes);
  in.options.tolerance = tolerance;
  if (kind == REFERENCE_FACE_PAIRS) {
    in.mode = fecontact::ContactMode::surface_to_surface;
    in.slave = surface(n_slave, slave_offsets, slave_nodes);
  } else if (kind == REFERENCE_SELF_PAIRS) {
    in.mode = fecontact::ContactMode::self;
  } else {
    in.slave_nodes = indices(slave_nodes, n_slave);
  }
  return in;
}

}  // namespace

extern "C" int64_t reference_search(int kind, int64_t n_nodes, const double* xyz, int64_t n_master_faces,
                                    const int64_t* master_offsets, const int64_t* master_nodes, int64_t n_slave,
                                    const int64_t* slave_offsets, const int64_t* slave_nodes, double tolerance,
                                    int64_t capacity, int64_t* slave, int64_t* master, double* value,
                                    double* normal, double* point) {
  try {
    const fecontact::ContactInterface in = reference_interface(kind, n_master_faces, master_offsets, master_nodes,
                                                               n_slave, slave_offsets, slave_nodes, tolerance);
    const std::vector<Eigen::Vector3d> x = points(xyz, n_nodes);
    fecontact::ContactSearch search(static_cast<Index>(n_nodes), {in});
    const fecontact::InterfaceResult r = search.search(x)[0];
    const bool contacts = kind == REFERENCE_NODE_CONTACTS;
    const std::size_t count = contacts ? r.contacts.size() : r.pair_slave.size();
    for (std::size_t k = 0; k < count && k < static_cast<std::size_t>(capacity); ++k) {
      slave[k] = contacts ? r.contacts.node[k] : r.pair_slave[k];
      master[k] = contacts ? r.contacts.face[k] : r.pair_master[k];
      value[k] = contacts ? r.contacts.gap[k] : r.pair_distance[k];
      for (std::size_t i = 0; contacts && i < 3; ++i) {
        if (normal) normal[3 * k + i] = r.contacts.normal[k][static_cast<Eigen::Index>(i)];
        if (point) point[3 * k + i] = r.contacts.point[k][static_cast<Eigen::Index>(i)];
      }
    }
    return static_cast<int64_t>(count);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "reference_search: %s\n", e.what());
    return -1;
  }
}

extern "C" int64_t reference_swept_search(int kind, int64_t n_nodes, const double* xyz, const double* predicted,
                                          int64_t n_master_faces, const int64_t* master_offsets,
                                          const int64_t* master_nodes, int64_t n_slave, const int64_t* slave_offsets,
                                          const int64_t* slave_nodes, double tolerance, int64_t capacity,
                                          int64_t* slave, int64_t* master, double* value, int64_t* predicted_master,
                                          double* predicted_value) {
  try {
    const fecontact::ContactInterface in = reference_interface(kind, n_master_faces, master_offsets, master_nodes,
                                                               n_slave, slave_offsets, slave_nodes, tolerance);
    fecontact::ContactSearch search(static_cast<Index>(n_nodes), {in});
    const fecontact::InterfaceResult r = search.search(points(xyz, n_nodes), points(predicted, n_nodes))[0];
    const bool contacts = kind == REFERENCE_NODE_CONTACTS;
    const std::size_t count = contacts ? r.contacts.size() : r.pair_slave.size();
    for (std::size_t k = 0; k < count && k < static_cast<std::size_t>(capacity); ++k) {
      slave[k] = contacts ? r.contacts.node[k] : r.pair_slave[k];
      master[k] = contacts ? r.contacts.face[k] : r.pair_master[k];
      value[k] = contacts ? r.contacts.gap[k] : r.pair_distance[k];
      if (contacts) predicted_master[k] = r.predicted.face[k];
      if (kind != REFERENCE_NODE_PAIRS) predicted_value[k] = contacts ? r.predicted.gap[k] : r.pair_distance_predicted[k];
    }
    return static_cast<int64_t>(count);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "reference_swept_search: %s\n", e.what());
    return -1;
  }
}

extern "C" int64_t reference_kinematics(int64_t n_nodes, int steps, const double* xyz_steps, int64_t n_master_faces,
                                        const int64_t* master_offsets, const int64_t* master_nodes,
                                        int64_t n_slave_nodes, const int64_t* slave_nodes, double tolerance,
                                        int64_t capacity, double* local, double* tangent1, double* tangent2,
                                        int64_t* nodes, double* weights, double* slip, int* new_contact) {
  try {
    fecontact::ContactInterface in;
    in.master = surface(n_master_faces, master_offsets, master_nodes);
    in.slave_nodes = indices(slave_nodes, n_slave_nodes);
    in.options.tolerance = tolerance;
    in.options.track_slip = true;
    fecontact::ContactSearch search(static_cast<Index>(n_nodes), {in});
    std::vector<fecontact::InterfaceResult> results;
    for (int k = 0; k < steps; ++k) {
      search.search(points(xyz_steps + 3 * n_nodes * k, n_nodes), results);
      search.accept_step();
    }
    const fecontact::NodeContacts& c = results.at(0).contacts;
    copy_components(c.local, 2, capacity, local);
    copy_components(c.tangent1, 3, capacity, tangent1);
    copy_components(c.tangent2, 3, capacity, tangent2);
    copy_components(c.master_nodes, 9, capacity, nodes);
    copy_components(c.weights, 9, capacity, weights);
    copy_components(c.slip, 3, capacity, slip);
    for (std::size_t k = 0; k < c.size() && k < static_cast<std::size_t>(capacity); ++k) new_contact[k] = c.new_contact[k];
    return static_cast<int64_t>(c.size());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "reference_kinematics: %s\n", e.what());
    return -1;
  }
}
