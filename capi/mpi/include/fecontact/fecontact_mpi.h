// SPDX-License-Identifier: BSD-3-Clause
/* fecontact's C interface to the contact search over the ranks of an MPI communicator
 * (fecontact::DistributedSearch, fecontact/distributed/distributed_search.hpp), for solvers
 * written in C or Fortran (fecontact_mpi.f90 binds it). Library: fecontact_capi_mpi, which links
 * fecontact_capi (fecontact.h) and MPI.
 *
 * The shape of fecontact.h's search: an opaque object collects interfaces and options, then is
 * called once per step. Each rank gives its own part of the model: its node array (a global id
 * per node: the solver's numbering, the same on every rank), its faces over that array with a
 * global id per face, and its slave nodes (or faces). Any partition: a face id is given by one
 * rank only, a slave node by one rank only, and a node held by several ranks has the same
 * coordinates on each (not checked across ranks). The results of a rank are those of its own
 * slave nodes (faces) with global ids, and equal, bit for bit, to those of one serial search over
 * the whole model (fecontact_search_*) whose nodes and faces are numbered by the global ids
 * (distributed_search.hpp states the one limit, for face pairs that are not both tri3).
 *
 * Conventions and errors as in fecontact.h: indices of the rank's own arrays 0-based; a function
 * that fails returns -1 (NULL for fecontact_mpi_search_new), changes nothing and records a message
 * (fecontact_last_error). The collective functions (marked so) fail on every rank together
 * when one rank's input is bad, with the message of the lowest such rank ("rank R: ..."). The
 * others check this rank's arguments only and fail on this rank only.
 *
 * Threads: one object must not be used by two threads at once. Its MPI calls are made by the
 * calling thread only (the OpenMP threads inside make none): MPI_THREAD_FUNNELED suffices. Every
 * rank calls the collective functions in the same order. */
#ifndef FECONTACT_FECONTACT_MPI_H
#define FECONTACT_FECONTACT_MPI_H

#include <stdint.h>

#include <mpi.h>

#include "fecontact/fecontact.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fecontact_mpi_search fecontact_mpi_search; /* opaque */

/* A search over the ranks of `comm` (duplicated: its messages never meet the caller's).
 * Collective over comm. NULL on failure (MPI not initialised, comm MPI_COMM_NULL). */
FECONTACT_API fecontact_mpi_search* fecontact_mpi_search_new(MPI_Comm comm);
/* The same from a Fortran communicator handle (converted by MPI_Comm_f2c): for bindings. */
FECONTACT_API fecontact_mpi_search* fecontact_mpi_search_new_f(MPI_Fint comm);
/* Frees the object and its communicator. Collective; before MPI_Finalize. NULL is fine. */
FECONTACT_API void fecontact_mpi_search_free(fecontact_mpi_search* s);

/* This rank's node array: node k has the global id node_ids[k] (distinct on the rank; checked at
 * the next step). Faces and slave nodes index it; every step gives its coordinates. Needed before
 * the first step (a rank with no node: n_nodes = 0). 0 or -1. */
FECONTACT_API int fecontact_mpi_set_nodes(fecontact_mpi_search* s, int64_t n_nodes, const int64_t* node_ids);

/* This rank's part of an interface: faces as in fecontact.h (face f has the nodes
 * face_nodes[face_offsets[f] .. face_offsets[f + 1]) of this rank's node array), face f has the
 * global id face_ids[f]. Every rank adds the same interfaces in the same order with the same
 * tolerance and options, possibly with no face or node (n_faces = 0: face_offsets = {0}).
 * tolerance >= 0: an absolute search distance. Node indices and ids are checked at the next
 * step. Each returns the interface's index (0, 1, ... in the order added) or -1. */

/* This rank's master faces and slave nodes (results: fecontact_mpi_get_contacts, _get_pairs). */
FECONTACT_API int fecontact_mpi_add_node_to_surface(fecontact_mpi_search* s, int64_t n_faces,
                                                    const int64_t* face_offsets, const int64_t* face_nodes,
                                                    const int64_t* face_ids, int64_t n_slave_nodes,
                                                    const int64_t* slave_nodes, double tolerance);
/* This rank's master faces and slave faces (results: fecontact_mpi_get_pairs). */
FECONTACT_API int fecontact_mpi_add_surface_to_surface(fecontact_mpi_search* s, int64_t n_master_faces,
                                                       const int64_t* master_offsets, const int64_t* master_nodes,
                                                       const int64_t* master_ids, int64_t n_slave_faces,
                                                       const int64_t* slave_offsets, const int64_t* slave_nodes,
                                                       const int64_t* slave_ids, double tolerance);
/* This rank's faces of a surface in self contact (results: fecontact_mpi_get_pairs, a pair (a, b),
 * a < b, on the rank of face a). */
FECONTACT_API int fecontact_mpi_add_self_contact(fecontact_mpi_search* s, int64_t n_faces,
                                                 const int64_t* face_offsets, const int64_t* face_nodes,
                                                 const int64_t* face_ids, double tolerance);

/* Options by name, as fecontact_set_option, _double and _int's (fecontact.h: the same names,
 * values and checks): every rank sets the same. 0 or -1; a bad name or value leaves the options
 * as they were. The distributed search takes an absolute tolerance only: "relative" on (or 1)
 * is refused here, -1 and a message, and "relative" off is the one value it accepts. */
FECONTACT_API int fecontact_mpi_set_option(fecontact_mpi_search* s, int interface_index, const char* name,
                                           const char* value);
FECONTACT_API int fecontact_mpi_set_option_double(fecontact_mpi_search* s, int interface_index, const char* name,
                                                  double value);
FECONTACT_API int fecontact_mpi_set_option_int(fecontact_mpi_search* s, int interface_index, const char* name,
                                               int64_t value);

/* One step at the coordinates xyz[3 * n_nodes] of this rank's nodes; 0 or -1. Collective. The
 * first step builds the search (its trees, the pattern of messages); a later step builds it anew
 * when some rank has set its nodes, added an interface or set an option since. A failed step
 * (bad input on some rank: the message names the rank and the interface, face or node) changes
 * neither the search nor its results on any rank. (s NULL: -1 on this rank alone, which cannot
 * reach the others.) */
FECONTACT_API int fecontact_mpi_search_step(fecontact_mpi_search* s, int64_t n_nodes, const double* xyz);

/* As fecontact_accept_step: the last successful step's contacts become the accepted ones, from
 * which the slip of later steps is measured; each rank keeps the history of its own slave nodes.
 * Not collective, but every rank calls it after the same steps. 0 or -1. */
FECONTACT_API int fecontact_mpi_accept_step(fecontact_mpi_search* s);

/* Node-to-surface contacts of this rank's slave nodes at the last successful step, ascending
 * node id: as fecontact_get_contacts with global ids (slave_node, master_face) and the rank that
 * holds the master face (face_rank). Count -1 on failure; arrays of `capacity` contacts (fewer
 * than the count: -1); any pointer may be NULL. */
FECONTACT_API int64_t fecontact_mpi_contact_count(const fecontact_mpi_search* s, int interface_index);
FECONTACT_API int fecontact_mpi_get_contacts(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                             int64_t* slave_node, int64_t* master_face, int* face_rank, double* gap,
                                             double* normal, double* point);
/* The contacts' kinematics, as fecontact_get_contact_frames, _weights (master_nodes: global ids,
 * -1 beyond the face's node count) and _slip (option "track_slip" "on"). */
FECONTACT_API int fecontact_mpi_get_contact_frames(const fecontact_mpi_search* s, int interface_index,
                                                   int64_t capacity, double* local, double* tangent1,
                                                   double* tangent2);
FECONTACT_API int fecontact_mpi_get_contact_weights(const fecontact_mpi_search* s, int interface_index,
                                                    int64_t capacity, int64_t* master_nodes, double* weights);
FECONTACT_API int fecontact_mpi_get_contact_slip(const fecontact_mpi_search* s, int interface_index,
                                                 int64_t capacity, double* slip, int* new_contact);

/* Pairs of this rank's slave nodes (faces) within the tolerance at the last successful step,
 * ascending (slave, master), as fecontact_get_pairs with global ids and the rank that holds the
 * master face (master_rank). Count -1 on failure. */
FECONTACT_API int64_t fecontact_mpi_pair_count(const fecontact_mpi_search* s, int interface_index);
FECONTACT_API int fecontact_mpi_get_pairs(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                          int64_t* slave, int64_t* master, int* master_rank, double* distance);

#ifdef __cplusplus
}
#endif

#endif /* FECONTACT_FECONTACT_MPI_H */
