// SPDX-License-Identifier: BSD-3-Clause
/* The C++ object's answer for the C and Fortran tests: a fecontact::ContactSearch (AABB trees,
 * no skin) built afresh on the given arrays, searched once. */
#ifndef FECONTACT_TEST_REFERENCE_SEARCH_H
#define FECONTACT_TEST_REFERENCE_SEARCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum reference_kind {
  REFERENCE_NODE_CONTACTS = 0, /* node-to-surface contacts: slave node, master face, gap, normal, point */
  REFERENCE_NODE_PAIRS = 1,    /* node-to-surface pairs: slave node, master face, distance */
  REFERENCE_FACE_PAIRS = 2,    /* surface-to-surface pairs */
  REFERENCE_SELF_PAIRS = 3     /* self-contact pairs of the master faces */
};

/* Writes at most `capacity` results and returns their count (-1 on error, message on stderr).
 * Slave faces (offsets, nodes) for REFERENCE_FACE_PAIRS, slave nodes for the node kinds. */
int64_t reference_search(int kind, int64_t n_nodes, const double* xyz, int64_t n_master_faces,
                         const int64_t* master_offsets, const int64_t* master_nodes, int64_t n_slave,
                         const int64_t* slave_offsets, const int64_t* slave_nodes, double tolerance,
                         int64_t capacity, int64_t* slave, int64_t* master, double* value, double* normal,
                         double* point);

/* The C++ object's two-configuration search from xyz to predicted (AABB trees): as
 * reference_search, and predicted_value (node contacts: the gap, face pairs: the distance, at
 * predicted; unused for REFERENCE_NODE_PAIRS) and predicted_master (node contacts only: the face
 * at predicted). */
int64_t reference_swept_search(int kind, int64_t n_nodes, const double* xyz, const double* predicted,
                               int64_t n_master_faces, const int64_t* master_offsets, const int64_t* master_nodes,
                               int64_t n_slave, const int64_t* slave_offsets, const int64_t* slave_nodes,
                               double tolerance, int64_t capacity, int64_t* slave, int64_t* master, double* value,
                               int64_t* predicted_master, double* predicted_value);

/* The C++ object's node-to-surface kinematics (track_slip on, AABB trees, no skin) after `steps`
 * steps, step k at the coordinates xyz_steps + 3 * n_nodes * k: writes at most `capacity`
 * contacts of the last step (local 2, tangent1 and tangent2 3, master_nodes and weights 9,
 * slip 3, new_contact 1 per contact) and returns their count (-1 on error, message on stderr). */
int64_t reference_kinematics(int64_t n_nodes, int steps, const double* xyz_steps, int64_t n_master_faces,
                             const int64_t* master_offsets, const int64_t* master_nodes, int64_t n_slave_nodes,
                             const int64_t* slave_nodes, double tolerance, int64_t capacity, double* local,
                             double* tangent1, double* tangent2, int64_t* nodes, double* weights, double* slip,
                             int* new_contact);

#ifdef __cplusplus
}
#endif

#endif
