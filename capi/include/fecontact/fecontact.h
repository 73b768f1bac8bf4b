// SPDX-License-Identifier: BSD-3-Clause
/* fecontact's C interface: contact search, mass properties, bounding volumes and the analytic
 * 3x3 symmetric eigen solver, for solvers written in C or Fortran (fecontact.f90 binds it).
 *
 * C99, and C++ (extern "C"). Every function catches whatever the library throws: no C++ exception
 * crosses this interface. A function that fails returns -1 (NULL for fecontact_search_new), leaves
 * its output arguments and the search object as they were, and records a message naming the
 * function and the argument, which fecontact_last_error() returns.
 *
 * Conventions: indices are 0-based; coordinates are xyz[3 * k + i] (coordinate i of point k);
 * a 3x3 matrix is 9 doubles in column-major order, m[i + 3 * j] (Fortran's m(i+1, j+1)), so
 * that axes + 3 * k is axis (column) k. Gaps are negative for penetration. The README
 * ("Conventions") defines the node order of faces and elements and the inertia tensor.
 *
 * Threads: one fecontact_search must not be used by two threads at once; distinct objects and
 * every other function may be called from any thread. The library parallelises inside with
 * OpenMP (OMP_NUM_THREADS). */
#ifndef FECONTACT_FECONTACT_H
#define FECONTACT_FECONTACT_H

#include <stdint.h>

#if defined(__GNUC__)
#define FECONTACT_API __attribute__((visibility("default")))
#else
#define FECONTACT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The message of the last failed call on this thread ("" before any): valid until the next
 * failed call on this thread. */
FECONTACT_API const char* fecontact_last_error(void);

/* Records `message` as this thread's last error and returns -1: for bindings in other languages
 * (the Fortran module) that reject an argument themselves. */
FECONTACT_API int fecontact_report_error(const char* message);

/* ---- Contact search ----------------------------------------------------------------------
 * A search object collects interfaces and options, in any order, then is called once per step
 * with the coordinates of all nodes. The first step builds the search (its trees); a later step
 * rebuilds it when an interface was added or an option set since the last step, or when the
 * node count differs from the last step's. Other steps refit and search the kept trees and
 * allocate no memory (once the results have grown to their size). */
typedef struct fecontact_search fecontact_search; /* opaque */

FECONTACT_API fecontact_search* fecontact_search_new(void); /* NULL on failure */
FECONTACT_API void fecontact_search_free(fecontact_search* s); /* NULL is fine */

/* Faces: face f has the nodes face_nodes[face_offsets[f] .. face_offsets[f + 1]), with
 * face_offsets[0] = 0; node indices 0-based, corners first, in the order whose right-hand rule
 * gives the outward normal; 3, 4, 6, 8 or 9 nodes (tri3, quad4, tri6, quad8, quad9). Node
 * indices are checked against the node count at the next step. `tolerance` >= 0: the search
 * distance. Each returns the interface's index (0, 1, ... in the order added) or -1. */

/* The slave nodes against the faces (results: fecontact_get_contacts, fecontact_get_pairs). */
FECONTACT_API int fecontact_add_node_to_surface(fecontact_search* s, int64_t n_faces,
                                                const int64_t* face_offsets, const int64_t* face_nodes,
                                                int64_t n_slave_nodes, const int64_t* slave_nodes,
                                                double tolerance);
/* The slave faces against the master faces (results: fecontact_get_pairs). */
FECONTACT_API int fecontact_add_surface_to_surface(fecontact_search* s, int64_t n_master_faces,
                                                   const int64_t* master_offsets, const int64_t* master_nodes,
                                                   int64_t n_slave_faces, const int64_t* slave_offsets,
                                                   const int64_t* slave_nodes, double tolerance);
/* Pairs of faces of one surface that share no node (results: fecontact_get_pairs, with
 * slave_face < master_face). */
FECONTACT_API int fecontact_add_self_contact(fecontact_search* s, int64_t n_faces, const int64_t* face_offsets,
                                             const int64_t* face_nodes, double tolerance);

/* Options of one interface (SearchOptions in contact_search.hpp), by name; each returns 0 or -1:
 *   "bv"             name: "aabb" (default) | "obb" | "dual": the trees' bounding volumes
 *   "leaves"         name: "face" (default) | "spectral-patch" (or "spectral_patch"): the trees'
 *                    primitives, one face or a spectral patch of up to "patch_faces" faces (needs
 *                    the library built with Spectra: otherwise the next step fails and says so)
 *   "patch_faces"    integer >= 1 (default 8)
 *   "tolerance"      number >= 0: replaces the one given when the interface was added
 *   "relative"       on | off (default off): the tolerance is a multiple of the master surface's
 *                    mean face size (the mean over its faces of the mean corner-to-corner edge)
 *   "skin"           number >= 0 (default 0): search the trees only when some node has moved far
 *                    enough to change the answer (contact_search.hpp)
 *   "rebuild_factor" number >= 1 (default 1.5): rebuild a refitted tree whose cost has grown so much
 *   "track_slip"     on | off (default off): node-to-surface, report each contact's slip since the
 *                    accepted step (fecontact_get_contact_slip)
 * fecontact_set_option takes every value as text: names ignoring case, numbers read in the C
 * locale ("0.25", "1e-3"), integers in decimal, on | off ignoring case. The typed forms take the
 * value itself: fecontact_set_option_double the numbers; fecontact_set_option_int the integers
 * and on | off as 1 | 0. A name of another type, a value out of range or not finite: -1 and a
 * message naming the option; the options stay as they were. */
FECONTACT_API int fecontact_set_option(fecontact_search* s, int interface_index, const char* name,
                                       const char* value);
FECONTACT_API int fecontact_set_option_double(fecontact_search* s, int interface_index, const char* name,
                                              double value);
FECONTACT_API int fecontact_set_option_int(fecontact_search* s, int interface_index, const char* name,
                                           int64_t value);

/* One step at the coordinates xyz[3 * n_nodes] of all nodes; 0 or -1. A rejected step (a node of
 * an interface with a coordinate that is not finite, a node index of an interface outside
 * [0, n_nodes)) changes neither the search nor its results. */
FECONTACT_API int fecontact_search_step(fecontact_search* s, int64_t n_nodes, const double* xyz);

/* The two-configuration (swept) step: from the coordinates current[3 * n_nodes] to
 * predicted[3 * n_nodes] (the solver's guess at the end of the step). The trees bound every face
 * and slave node over its straight motion between the two, so a node that passes through a face
 * during the step is found (fecontact_search_step at either end misses it); contacts and pairs
 * are those whose swept volumes come within the tolerance, with gaps and distances at current
 * (fecontact_get_contacts, fecontact_get_pairs), and again at predicted (the two getters below).
 * Always searches the trees (no skin). 0 or -1; a rejected step changes nothing, as above. */
FECONTACT_API int fecontact_search_step_swept(fecontact_search* s, int64_t n_nodes, const double* current,
                                              const double* predicted);

/* Makes the configuration of the last successful step the accepted one (0 or -1): the slip and
 * new_contact of later steps (option "track_slip") are measured from the contacts found there,
 * however many steps come before the next accept. An implicit solver calls it once a step has
 * converged (a rejected step or a cut-back: not at all, and the next steps measure from the step
 * accepted before); an explicit solver after every step. Before the first accept every contact
 * is new. A rebuild of the search (an interface added, an option set, another node count) starts
 * without an accepted step. */
FECONTACT_API int fecontact_accept_step(fecontact_search* s);

/* Node-to-surface results of the last successful step: one contact per slave node with a master
 * face within the tolerance, ascending node; the closest such face. The count is -1 on failure
 * (no step since the interface was added, another kind of interface). Arrays hold `capacity`
 * contacts (fewer than the count: -1 and a message; normal and point: 3 doubles per contact);
 * any pointer may be NULL. */
FECONTACT_API int64_t fecontact_contact_count(const fecontact_search* s, int interface_index);
FECONTACT_API int fecontact_get_contacts(const fecontact_search* s, int interface_index, int64_t capacity,
                                         int64_t* slave_node, int64_t* master_face, double* gap, double* normal,
                                         double* point);

/* The kinematics of the node-to-surface contacts of the last successful step, in the order of
 * fecontact_get_contacts: what a solver needs to push a contact force onto a deformable master
 * (a force f on the slave node puts -weights[9k + i] f on node master_nodes[9k + i]) and to
 * apply friction. Per contact of the last step; arrays hold `capacity` contacts (fewer than the
 * count: -1 and a message); any pointer may be NULL. local: 2 per contact, the local coordinates
 * (xi, eta) of the point on the master face; tangent1, tangent2: 3 per contact, with the normal
 * an orthonormal right-handed frame, tangent1 = dx/dxi normalised, tangent2 = normal x tangent1. */
FECONTACT_API int fecontact_get_contact_frames(const fecontact_search* s, int interface_index, int64_t capacity,
                                               double* local, double* tangent1, double* tangent2);
/* master_nodes: 9 per contact, 0-based node indices, -1 beyond the face's node count;
 * weights: 9 per contact, the face's shape functions at the contact point, 0 beyond (they sum
 * to 1 and interpolate the contact point from the master nodes). */
FECONTACT_API int fecontact_get_contact_weights(const fecontact_search* s, int interface_index, int64_t capacity,
                                                int64_t* master_nodes, double* weights);
/* Option "track_slip" = "on" | "off" (fecontact_set_option). slip: 3 per contact, the
 * tangential part (w.r.t. the current normal) of the contact point's motion over the master
 * since the accepted step (fecontact_accept_step): point - sum_i N_i(xi_acc) x_i, over the
 * node's master face of that step at the current coordinates (convected slip); new_contact: 1
 * per contact, 1 where the node had no contact at the accepted step (slip 0 there; every contact
 * before the first accept after the search was built or rebuilt). An interface without
 * track_slip: -1 and a message. */
FECONTACT_API int fecontact_get_contact_slip(const fecontact_search* s, int interface_index, int64_t capacity,
                                             double* slip, int* new_contact);

/* Pairs within the tolerance of the last successful step, ascending (slave, master): face pairs
 * of a surface-to-surface or self interface; (slave node, master face) pairs of a
 * node-to-surface interface. Distance: face to face (a conservative lower bound for curved or
 * quadrilateral faces), node to face. The count is -1 on failure. Arrays hold `capacity` pairs
 * (fewer than the count: -1 and a message); any pointer may be NULL. */
FECONTACT_API int64_t fecontact_pair_count(const fecontact_search* s, int interface_index);
FECONTACT_API int fecontact_get_pairs(const fecontact_search* s, int interface_index, int64_t capacity,
                                      int64_t* slave_face, int64_t* master_face, double* distance);

/* After fecontact_search_step_swept (otherwise -1 and a message): node-to-surface contacts at
 * the predicted coordinates, entry k the same slave node as fecontact_get_contacts' entry k with
 * its closest candidate face there (master_face -1 and gap +inf when every candidate face has
 * zero area at predicted); arrays as fecontact_get_contacts'. */
FECONTACT_API int fecontact_get_predicted_contacts(const fecontact_search* s, int interface_index, int64_t capacity,
                                                   int64_t* slave_node, int64_t* master_face, double* gap,
                                                   double* normal, double* point);
/* After fecontact_search_step_swept: the distance of each surface-to-surface or self pair of
 * fecontact_get_pairs at the predicted coordinates (capacity: pairs; node-to-surface: -1, see
 * fecontact_get_predicted_contacts). */
FECONTACT_API int fecontact_get_predicted_pair_distances(const fecontact_search* s, int interface_index,
                                                         int64_t capacity, double* distance);

/* ---- Closest faces -----------------------------------------------------------------------
 * The face of one surface closest to each of any number of points
 * (fecontact/contact/closest_face_search.hpp): point location for a solver that makes its own
 * contact elements and asks, at every iteration or increment, which face lies opposite each of
 * its slave nodes or integration points, whose number may change from call to call. The answer
 * is exact (the brute-force one: every face projected, as fecontact_get_contacts projects);
 * faces of zero area are never returned. */
typedef struct fecontact_closest_face_search fecontact_closest_face_search; /* opaque */

/* The faces as fecontact_add_node_to_surface takes them; NULL on failure. */
FECONTACT_API fecontact_closest_face_search* fecontact_closest_face_search_new(int64_t n_faces,
                                                                               const int64_t* face_offsets,
                                                                               const int64_t* face_nodes);
FECONTACT_API void fecontact_closest_face_search_free(fecontact_closest_face_search* c); /* NULL is fine */

/* Moves the surface to the coordinates xyz[3 * n_nodes] (a copy is kept): the first call builds
 * the tree, later ones refit it (and rebuild it when the refit has made it much worse). 0 or -1;
 * a face node outside [0, n_nodes) or with a coordinate that is not finite: -1, and the search
 * stays as it was. */
FECONTACT_API int fecontact_closest_face_search_update(fecontact_closest_face_search* c, int64_t n_nodes,
                                                       const double* xyz);

/* For each point k of points[3 * n_points], at the coordinates of the last update: face[k] the
 * closest face within max_distance (INFINITY: at any distance), -1 when there is none;
 * distance[k] its distance (+inf for none), point[3k..3k+2] the closest point on it and
 * local[2k..2k+1] its local coordinates (NaN for none). Faces within tie_distance (finite, >= 0)
 * of the closest count as equally close (a point over an edge or vertex that faces share); of
 * those, the one whose corners' mean is nearest the point, then the lowest index. distance,
 * point and local may be NULL. 0 or -1 (no update yet, a point not finite, max_distance < 0 or
 * NaN, tie_distance out of range), leaving the outputs as they were. */
FECONTACT_API int fecontact_find_closest_faces(fecontact_closest_face_search* c, int64_t n_points,
                                               const double* points, double max_distance, double tie_distance,
                                               int64_t* face, double* distance, double* point, double* local);

/* ---- Mortar preprocessing ------------------------------------------------------------------
 * For a surface-to-surface interface: the integration cells where slave and master faces
 * overlap, their quadrature points, the mortar matrices D (slave x slave nodes) and M (slave x
 * master nodes) and the weighted gaps, from the pairs of the search's last successful step
 * (fecontact/contact/mortar/mortar_integration.hpp says how). A mortar object keeps its buffers:
 * a step whose sizes do not grow allocates nothing. Getters copy the last successful mortar step
 * out; arrays hold `capacity` items (fewer than the count: -1 and a message); any pointer may be
 * NULL. After a failed step the object has no results (its getters fail) until the next success. */
typedef struct fecontact_mortar fecontact_mortar; /* opaque */

enum fecontact_mortar_basis {
  FECONTACT_MORTAR_STANDARD = 0, /* Lagrange multipliers with the slave shape functions */
  FECONTACT_MORTAR_DUAL = 1      /* Wohlmuth's biorthogonal basis, D diagonal (quadratic slaves: on x~ = T x,
                                    fecontact_get_slave_transformation) */
};

FECONTACT_API fecontact_mortar* fecontact_mortar_new(void); /* NULL on failure */
FECONTACT_API void fecontact_mortar_free(fecontact_mortar* m); /* NULL is fine */

/* The mortar data of surface-to-surface interface `interface_index` of `s` at the coordinates
 * xyz[3 * n_nodes] of its last successful step; basis: an fecontact_mortar_basis. 0 or -1. */
FECONTACT_API int fecontact_mortar_step(fecontact_mortar* m, const fecontact_search* s, int interface_index,
                                        int64_t n_nodes, const double* xyz, int basis);

/* Counts of the last successful step: cells (7 quadrature points each), entries of D and of M,
 * slave nodes (every node of the slave surface), uncovered slave nodes, overlap polygons dropped
 * as slivers. 0 or -1. */
FECONTACT_API int fecontact_mortar_counts(const fecontact_mortar* m, int64_t* n_cells, int64_t* n_d_entries,
                                          int64_t* n_m_entries, int64_t* n_slave_nodes, int64_t* n_uncovered,
                                          int64_t* n_dropped_slivers);
/* Per cell (capacity: cells): slave and master face (0-based, in the order the interface's faces
 * were given); vertices: 9 per cell, its three corners (in the slave face's auxiliary plane). */
FECONTACT_API int fecontact_get_mortar_cells(const fecontact_mortar* m, int64_t capacity, int64_t* slave_face,
                                             int64_t* master_face, double* vertices);
/* Per quadrature point (capacity: points, 7 per cell, cell c's are 7c .. 7c + 6): slave_local
 * and master_local 2 each, (xi, eta) on the slave and the master face; weight, an area. */
FECONTACT_API int fecontact_get_mortar_points(const fecontact_mortar* m, int64_t capacity, double* slave_local,
                                              double* master_local, double* weight);
/* D and M as triplets (row, column, value) with rows and columns 0-based node indices: D's rows
 * and columns slave nodes, M's rows slave nodes and columns master nodes; ascending row, then
 * column, each (row, column) once. d_capacity, m_capacity: entries. */
FECONTACT_API int fecontact_get_mortar_matrices(const fecontact_mortar* m, int64_t d_capacity, int64_t* d_rows,
                                                int64_t* d_columns, double* d_values, int64_t m_capacity,
                                                int64_t* m_rows, int64_t* m_columns, double* m_values);
/* Per slave node, ascending (capacity: slave nodes): its index; weighted_gap =
 * n . (sum_l M_jl x_l - sum_k D_jk x_k) (positive open, negative penetrating; 0 uncovered);
 * normal: 3, the averaged outward unit normal n; coverage: the covered fraction of the faces
 * around the node (1 covered, 0 uncovered). */
FECONTACT_API int fecontact_get_weighted_gaps(const fecontact_mortar* m, int64_t capacity, int64_t* slave_node,
                                              double* weighted_gap, double* normal, double* coverage);
/* The slave nodes that no cell touches, ascending (capacity: their count). */
FECONTACT_API int fecontact_get_uncovered_slave_nodes(const fecontact_mortar* m, int64_t capacity, int64_t* nodes);

/* For a Newton solver: fecontact_mortar_step, and the weighted gaps' Jacobian G = d g~ / d x
 * (mortar_integration.hpp, MortarDerivatives). 0 or -1. */
FECONTACT_API int fecontact_mortar_step_with_jacobian(fecontact_mortar* m, const fecontact_search* s,
                                                      int interface_index, int64_t n_nodes, const double* xyz,
                                                      int basis);
/* The entries of G of the last successful step with the Jacobian (-1 without one). */
FECONTACT_API int64_t fecontact_gap_jacobian_count(const fecontact_mortar* m);
/* G in compressed sparse rows: row j is the j-th slave node of fecontact_get_weighted_gaps
 * (row_offsets: n_slave_nodes + 1 entries from 0), columns 3 * node + axis (0-based node
 * indices, ascending in each row), values; capacity: entries. A normal contact force on the
 * nodes is G^T lambda (one multiplier per row). */
FECONTACT_API int fecontact_get_gap_jacobian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets,
                                             int64_t* columns, double* values);
/* For a Newton solver's contact stiffness: fecontact_mortar_step_with_jacobian, and
 * H(lambda) = sum_j lambda_j d^2 g~_j / dx^2 (mortar_integration.hpp, MortarDerivatives::gap_hessian)
 * for multipliers[n_multipliers], one per row of G (n_multipliers: the slave surface's node count).
 * The stiffness of the force G^T lambda at fixed lambda. 0 or -1. */
FECONTACT_API int fecontact_mortar_step_with_hessian(fecontact_mortar* m, const fecontact_search* s,
                                                     int interface_index, int64_t n_nodes, const double* xyz,
                                                     int basis, int64_t n_multipliers, const double* multipliers);
/* The entries of H of the last successful step with it (-1 without one). */
FECONTACT_API int64_t fecontact_gap_hessian_count(const fecontact_mortar* m);
/* H in compressed sparse rows, symmetric with both triangles stored: rows and columns
 * 3 * node + axis (row_offsets: 3 * n_nodes + 1 entries from 0; columns ascending in each row),
 * values; capacity: entries. */
FECONTACT_API int fecontact_get_gap_hessian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets,
                                            int64_t* columns, double* values);
/* For a solver that assembles D^T lambda and M^T lambda itself: fecontact_mortar_step_with_jacobian,
 * and the derivatives of D's and M's entries (mortar_integration.hpp, MortarDerivatives::D_jacobian,
 * M_jacobian). 0 or -1. */
FECONTACT_API int fecontact_mortar_step_with_matrix_jacobians(fecontact_mortar* m, const fecontact_search* s,
                                                              int interface_index, int64_t n_nodes,
                                                              const double* xyz, int basis);
/* The entries of dD/dx and dM/dx of the last successful step with them. 0 or -1. */
FECONTACT_API int fecontact_matrix_jacobian_counts(const fecontact_mortar* m, int64_t* n_d_entries,
                                                   int64_t* n_m_entries);
/* dD/dx and dM/dx in compressed sparse rows: row e is the derivative of the e-th triplet of
 * fecontact_get_mortar_matrices (d_row_offsets: n_d_entries of D + 1 entries from 0, m_row_offsets
 * likewise), columns 3 * node + axis ascending, values; capacities: entries. */
FECONTACT_API int fecontact_get_matrix_jacobians(const fecontact_mortar* m, int64_t d_capacity, int64_t* d_row_offsets,
                                                 int64_t* d_columns, double* d_values, int64_t m_capacity,
                                                 int64_t* m_row_offsets, int64_t* m_columns, double* m_values);
/* The dual basis on quadratic slave faces multiplies the transformed nodal values x~ = T x
 * (D T in place of D for a solver whose unknowns are the physical ones): T as triplets (row,
 * column: slave node indices, value), ascending; count -1 on failure, 0 when there is none. */
FECONTACT_API int64_t fecontact_slave_transformation_count(const fecontact_mortar* m);
FECONTACT_API int fecontact_get_slave_transformation(const fecontact_mortar* m, int64_t capacity, int64_t* rows,
                                                     int64_t* columns, double* values);

/* Friction (mortar_integration.hpp, Friction): the weighted tangential slip of each slave node
 * since the accepted step, s_j = (tau1 . u~_j, tau2 . u~_j) with u~_j = sum_l (M_jl - M_jl^acc) x_l
 * - sum_k (D_jk - D_jk^acc) x_k (Gitterle, Popp, Gee & Wall 2010), zero for a rigid motion of
 * both bodies. fecontact_mortar_accept_step makes the last successful step the accepted one (an
 * implicit solver calls it once a step has converged; a rejected step is dropped by not calling
 * it); before the first, every slip is 0. 0 or -1 (no successful step). */
FECONTACT_API int fecontact_mortar_accept_step(fecontact_mortar* m);
/* Per slave node, as fecontact_get_weighted_gaps (capacity: slave nodes): tangents: 6, tau1 then
 * tau2 (orthonormal, (tau1, tau2, n) right-handed, tau1 the accepted tau1 transported); slip: 2,
 * the weighted tangential slip along them (0 for an uncovered node). */
FECONTACT_API int fecontact_get_weighted_slip(const fecontact_mortar* m, int64_t capacity, double* tangents,
                                              double* slip);
/* The entries of d s / d x of the last successful step with the Jacobian (-1 without one). */
FECONTACT_API int64_t fecontact_slip_jacobian_count(const fecontact_mortar* m);
/* d s / d x in compressed sparse rows: row 2 j + a is tau_(a+1) of the j-th slave node
 * (row_offsets: 2 n_slave_nodes + 1 entries from 0; empty rows before the first accepted step),
 * columns and capacity as fecontact_get_gap_jacobian. */
FECONTACT_API int fecontact_get_slip_jacobian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets,
                                              int64_t* columns, double* values);

/* ---- Mass properties ---------------------------------------------------------------------
 * Element types (node order of the README's conventions: VTK's, which is Abaqus's and
 * CalculiX's). */
enum fecontact_element_type {
  FECONTACT_TET4 = 0,
  FECONTACT_TET10 = 1,
  FECONTACT_HEX8 = 2,
  FECONTACT_HEX20 = 3,
  FECONTACT_HEX27 = 4,
  FECONTACT_WEDGE6 = 5,
  FECONTACT_WEDGE15 = 6,
  FECONTACT_PYRAMID5 = 7
};

/* Volume, mass, centre of mass [3] and inertia [9] about the centre of mass
 * (I = integral of rho (r.r 1 - r r^T): off-diagonals are -integral of rho x y) of the union of
 * the elements: element e has type element_types[e] (an fecontact_element_type) and the nodes
 * element_nodes[element_offsets[e] .. element_offsets[e + 1]) of xyz[3 * n_nodes]; densities:
 * one per element, or NULL for density 1. Exact quadrature per type. Returns 0 or -1 (also for
 * an inverted or degenerate element: the message names the first). No element: all zero, 0.
 * Any output pointer may be NULL. */
FECONTACT_API int fecontact_mass_properties(int64_t n_elements, const int* element_types,
                                            const int64_t* element_offsets, const int64_t* element_nodes,
                                            const double* densities, int64_t n_nodes, const double* xyz,
                                            double* volume, double* mass, double* center_of_mass,
                                            double* inertia);

/* ---- Bounding volumes and eigen solver ---------------------------------------------------- */

/* The smallest axis-aligned box [min, max] (3 doubles each) of the points xyz[3 * n_points],
 * n_points >= 1. Returns 0 or -1. */
FECONTACT_API int fecontact_fit_aabb(int64_t n_points, const double* xyz, double* min, double* max);

/* The oriented box of the points along the principal axes of their covariance (PCA): the points
 * {center + sum_k u_k axes[3k..3k+2] : |u_k| <= half_extents[k]}, axes right-handed and
 * orthonormal, axis 0 the direction of least spread. n_points >= 1. Any output may be NULL. */
FECONTACT_API int fecontact_fit_obb(int64_t n_points, const double* xyz, double* center, double* axes,
                                    double* half_extents);

/* Eigen-decomposition of the symmetric 3x3 matrix a (column-major; only its lower triangle,
 * a[i + 3j] with i >= j, is read): values[3] ascending, vectors[9] the eigenvectors as columns
 * (vectors + 3k is that of values[k]), right-handed, sign rule of the README's conventions.
 * Closed form (Smith 1961) with a Rayleigh-Ritz refinement: accurate at repeated eigenvalues.
 * Returns 0, or -1 when a holds NaN or infinity. Any output may be NULL. */
FECONTACT_API int fecontact_eigen_symmetric3(const double* a, double* values, double* vectors);

#ifdef __cplusplus
}
#endif

#endif /* FECONTACT_FECONTACT_H */
