// SPDX-License-Identifier: BSD-3-Clause
// The distributed contact search of the C interface (fecontact_mpi.h): collects this rank's node
// ids, interfaces and options as plain arrays, builds a fecontact::DistributedSearch at the first
// step (again after a change on some rank) and keeps its results, which the getters copy out.

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/distributed/agreement.hpp"
#include "fecontact/distributed/distributed_search.hpp"
#include "fecontact/fecontact_mpi.h"
#include "search_arguments.hpp"

// A step views xyz as Eigen::Vector3d without a copy: three contiguous doubles, no padding.
static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double) && alignof(Eigen::Vector3d) == alignof(double));

struct fecontact_mpi_search {
  MPI_Comm comm = MPI_COMM_NULL;  ///< the caller's, duplicated
  int rank = 0, ranks = 1;
  std::optional<std::vector<fecontact::GlobalId>> node_ids;  ///< set by fecontact_mpi_set_nodes
  std::vector<fecontact::DistributedInterface> interfaces;
  std::optional<fecontact::DistributedSearch> search;  ///< of the above as they were at its build
  std::vector<char> tracks_slip;                        ///< each interface's track_slip at that build
  bool changed = false;                                 ///< nodes, an interface or an option since
  /// The last successful step's results, one per interface the search then had.
  std::vector<fecontact::DistributedResult> results;

  ~fecontact_mpi_search() {
    search.reset();  // frees its own communicator first
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (comm != MPI_COMM_NULL && !finalized) MPI_Comm_free(&comm);
  }
};

namespace fecontact::capi {
namespace {

using Mode = ContactMode;

// The faces of offsets[n + 1] and nodes, checked as fecontact_add_*'s (search_arguments.hpp),
// with their global ids ids[n], which must not be NULL when there are faces.
Surface surface_of(std::int64_t n_faces, const std::int64_t* offsets, const std::int64_t* nodes,
                   const std::int64_t* ids, std::vector<GlobalId>& face_ids, const char* count_name,
                   const char* offsets_name, const char* nodes_name, const char* ids_name) {
  Surface surface = capi::surface_of(n_faces, offsets, nodes, count_name, offsets_name, nodes_name);
  if (n_faces > 0) require(ids, ids_name);
  face_ids.assign(ids, ids + n_faces);
  return surface;
}

int add(fecontact_mpi_search* s, DistributedInterface interface, double tolerance) {
  require_tolerance(tolerance);
  interface.options.tolerance = tolerance;
  if (s->interfaces.size() >= INT32_MAX) throw ArgumentError("s: too many interfaces");
  s->interfaces.push_back(std::move(interface));
  s->changed = true;
  return static_cast<int>(s->interfaces.size() - 1);
}

void require_interface(const fecontact_mpi_search* s, int index) {
  require(s, "s");
  if (index < 0 || static_cast<std::size_t>(index) >= s->interfaces.size())
    throw ArgumentError("interface_index = " + std::to_string(index) + " is not one of the " +
                        std::to_string(s->interfaces.size()) + " interfaces added");
}

// Sets one option of interface `index` through `set` (search_arguments.hpp: throws, changing
// nothing, for a bad value) and marks the search for a rebuild. A relative tolerance is refused
// here rather than at the next step, where DistributedSearch would refuse it on every rank.
template <class Set>
int set_option_with(fecontact_mpi_search* s, int index, const char* name, Set&& set) {
  require_interface(s, index);
  require(name, "name");
  SearchOptions& options = s->interfaces[static_cast<std::size_t>(index)].options;
  SearchOptions changed = options;
  set(changed, std::string_view(name));
  if (changed.relative)
    throw ArgumentError("option \"relative\" on is not supported by the distributed search: give an absolute "
                        "tolerance (\"relative\" off)");
  options = changed;
  s->changed = true;
  return 0;
}

const DistributedResult& result_of(const fecontact_mpi_search* s, int index) {
  require_interface(s, index);
  if (static_cast<std::size_t>(index) >= s->results.size())
    throw ArgumentError("interface_index = " + std::to_string(index) + ": no successful step since it was added");
  return s->results[static_cast<std::size_t>(index)];
}

// The contacts of node-to-surface interface `index`, checked to fit in `capacity`.
const DistributedContacts& contacts_within(const fecontact_mpi_search* s, int index, std::int64_t capacity) {
  const DistributedResult& r = result_of(s, index);
  if (s->interfaces[static_cast<std::size_t>(index)].mode != Mode::node_to_surface)
    throw ArgumentError("interface_index = " + std::to_string(index) +
                        " is not node-to-surface: its results are pairs (fecontact_mpi_get_pairs)");
  require_capacity(capacity, r.contacts.size(), "capacity", "contacts (fecontact_mpi_contact_count)");
  return r.contacts;
}

template <class From, class To>
void copy_out(const std::vector<From>& from, To* out) {
  if (out) std::copy(from.begin(), from.end(), out);
}

// Copies `width` components of each vector of `from` into out[width * k + i].
template <class Vectors, class To>
void copy_components(const Vectors& from, int width, To* out) {
  if (!out) return;
  for (std::size_t k = 0; k < from.size(); ++k)
    for (int i = 0; i < width; ++i)
      out[static_cast<std::size_t>(width) * k + static_cast<std::size_t>(i)] = static_cast<To>(from[k][i]);
}

fecontact_mpi_search* new_search(MPI_Comm comm) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) throw ArgumentError("MPI is not initialised (MPI_Init before, MPI_Finalize after)");
  if (comm == MPI_COMM_NULL) throw ArgumentError("comm is MPI_COMM_NULL");
  auto* s = new fecontact_mpi_search;
  MPI_Comm_dup(comm, &s->comm);
  MPI_Comm_rank(s->comm, &s->rank);
  MPI_Comm_size(s->comm, &s->ranks);
  return s;
}

}  // namespace
}  // namespace fecontact::capi

using namespace fecontact::capi;
using fecontact::GlobalId;

extern "C" fecontact_mpi_search* fecontact_mpi_search_new(MPI_Comm comm) {
  return guarded("fecontact_mpi_search_new", static_cast<fecontact_mpi_search*>(nullptr), [&] { return new_search(comm); });
}

extern "C" fecontact_mpi_search* fecontact_mpi_search_new_f(MPI_Fint comm) {
  return guarded("fecontact_mpi_search_new_f", static_cast<fecontact_mpi_search*>(nullptr),
                 [&] { return new_search(MPI_Comm_f2c(comm)); });
}

extern "C" void fecontact_mpi_search_free(fecontact_mpi_search* s) { delete s; }

extern "C" int fecontact_mpi_set_nodes(fecontact_mpi_search* s, int64_t n_nodes, const int64_t* node_ids) {
  return guarded("fecontact_mpi_set_nodes", -1, [&] {
    require(s, "s");
    require_count(n_nodes, "n_nodes");
    if (n_nodes > 0) require(node_ids, "node_ids");
    s->node_ids.emplace(node_ids, node_ids + n_nodes);
    s->changed = true;
    return 0;
  });
}

extern "C" int fecontact_mpi_add_node_to_surface(fecontact_mpi_search* s, int64_t n_faces, const int64_t* face_offsets,
                                                 const int64_t* face_nodes, const int64_t* face_ids,
                                                 int64_t n_slave_nodes, const int64_t* slave_nodes, double tolerance) {
  return guarded("fecontact_mpi_add_node_to_surface", -1, [&] {
    require(s, "s");
    fecontact::DistributedInterface in;
    in.mode = Mode::node_to_surface;
    in.master = surface_of(n_faces, face_offsets, face_nodes, face_ids, in.master_ids, "n_faces", "face_offsets",
                           "face_nodes", "face_ids");
    require_count(n_slave_nodes, "n_slave_nodes");
    if (n_slave_nodes > 0) require(slave_nodes, "slave_nodes");
    in.slave_nodes.resize(static_cast<std::size_t>(n_slave_nodes));
    for (std::int64_t k = 0; k < n_slave_nodes; ++k)
      in.slave_nodes[static_cast<std::size_t>(k)] = to_index(slave_nodes, k, "slave_nodes");
    return add(s, std::move(in), tolerance);
  });
}

extern "C" int fecontact_mpi_add_surface_to_surface(fecontact_mpi_search* s, int64_t n_master_faces,
                                                    const int64_t* master_offsets, const int64_t* master_nodes,
                                                    const int64_t* master_ids, int64_t n_slave_faces,
                                                    const int64_t* slave_offsets, const int64_t* slave_nodes,
                                                    const int64_t* slave_ids, double tolerance) {
  return guarded("fecontact_mpi_add_surface_to_surface", -1, [&] {
    require(s, "s");
    fecontact::DistributedInterface in;
    in.mode = Mode::surface_to_surface;
    in.master = surface_of(n_master_faces, master_offsets, master_nodes, master_ids, in.master_ids, "n_master_faces",
                           "master_offsets", "master_nodes", "master_ids");
    in.slave = surface_of(n_slave_faces, slave_offsets, slave_nodes, slave_ids, in.slave_ids, "n_slave_faces",
                          "slave_offsets", "slave_nodes", "slave_ids");
    return add(s, std::move(in), tolerance);
  });
}

extern "C" int fecontact_mpi_add_self_contact(fecontact_mpi_search* s, int64_t n_faces, const int64_t* face_offsets,
                                              const int64_t* face_nodes, const int64_t* face_ids, double tolerance) {
  return guarded("fecontact_mpi_add_self_contact", -1, [&] {
    require(s, "s");
    fecontact::DistributedInterface in;
    in.mode = Mode::self;
    in.master = surface_of(n_faces, face_offsets, face_nodes, face_ids, in.master_ids, "n_faces", "face_offsets",
                           "face_nodes", "face_ids");
    return add(s, std::move(in), tolerance);
  });
}

extern "C" int fecontact_mpi_set_option(fecontact_mpi_search* s, int interface_index, const char* name,
                                        const char* value) {
  return guarded("fecontact_mpi_set_option", -1, [&] {
    require(value, "value");
    return set_option_with(s, interface_index, name, [&](fecontact::SearchOptions& options, std::string_view n) {
      set_text(options, n, value, "fecontact_mpi_set_option");
    });
  });
}

extern "C" int fecontact_mpi_set_option_double(fecontact_mpi_search* s, int interface_index, const char* name,
                                               double value) {
  return guarded("fecontact_mpi_set_option_double", -1, [&] {
    return set_option_with(s, interface_index, name, [&](fecontact::SearchOptions& options, std::string_view n) {
      set_double(options, n, value, "fecontact_mpi_set_option");
    });
  });
}

extern "C" int fecontact_mpi_set_option_int(fecontact_mpi_search* s, int interface_index, const char* name,
                                            int64_t value) {
  return guarded("fecontact_mpi_set_option_int", -1, [&] {
    return set_option_with(s, interface_index, name, [&](fecontact::SearchOptions& options, std::string_view n) {
      set_int(options, n, value, "fecontact_mpi_set_option");
    });
  });
}

extern "C" int fecontact_mpi_search_step(fecontact_mpi_search* s, int64_t n_nodes, const double* xyz) {
  return guarded("fecontact_mpi_search_step", -1, [&] {
    require(s, "s");  // without the object this rank cannot reach the others
    namespace agreement = fecontact::detail::distributed;
    // This rank's arguments, and whether it wants the search built anew, agreed by every rank in
    // one allreduce before any of them enters the search's collectives: a rank that failed or
    // rebuilt alone would leave the others waiting in collectives it never calls.
    std::string error;
    if (n_nodes < 0 || n_nodes > INT32_MAX)
      error = "n_nodes = " + std::to_string(n_nodes) + " is not a count from 0 to 2147483647";
    else if (n_nodes > 0 && !xyz)
      error = "xyz is NULL";
    else if (!s->node_ids)
      error = "no nodes: fecontact_mpi_set_nodes before the first step";
    double agreed[2] = {agreement::failure_code(!error.empty(), s->rank, s->ranks),
                        !s->search || s->changed ? 1.0 : 0.0};
    MPI_Allreduce(MPI_IN_PLACE, agreed, 2, MPI_DOUBLE, MPI_MAX, s->comm);
    agreement::throw_on_failure(s->comm, agreed[0], error);
    const std::span<const Eigen::Vector3d> coordinates(reinterpret_cast<const Eigen::Vector3d*>(xyz),
                                                       static_cast<std::size_t>(n_nodes));
    if (agreed[1] == 0) {
      s->search->search(coordinates, s->results);  // throws on every rank before it changes anything
      return 0;
    }
    // A new search, kept only when its first step succeeds (on every rank together).
    fecontact::DistributedSearch search(s->comm, *s->node_ids, s->interfaces);
    std::vector<fecontact::DistributedResult> results;
    search.search(coordinates, results);
    s->search = std::move(search);
    s->results = std::move(results);
    s->tracks_slip.clear();
    for (const fecontact::DistributedInterface& in : s->interfaces) s->tracks_slip.push_back(in.options.track_slip);
    s->changed = false;
    return 0;
  });
}

extern "C" int fecontact_mpi_accept_step(fecontact_mpi_search* s) {
  return guarded("fecontact_mpi_accept_step", -1, [&] {
    require(s, "s");
    if (s->search) s->search->accept_step();
    return 0;
  });
}

extern "C" int64_t fecontact_mpi_contact_count(const fecontact_mpi_search* s, int interface_index) {
  return guarded("fecontact_mpi_contact_count", int64_t{-1}, [&] {
    return static_cast<int64_t>(contacts_within(s, interface_index, INT64_MAX).size());
  });
}

extern "C" int fecontact_mpi_get_contacts(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                          int64_t* slave_node, int64_t* master_face, int* face_rank, double* gap,
                                          double* normal, double* point) {
  return guarded("fecontact_mpi_get_contacts", -1, [&] {
    const fecontact::DistributedContacts& c = contacts_within(s, interface_index, capacity);
    copy_out(c.node, slave_node);
    copy_out(c.face, master_face);
    copy_out(c.face_rank, face_rank);
    copy_out(c.gap, gap);
    copy_components(c.normal, 3, normal);
    copy_components(c.point, 3, point);
    return 0;
  });
}

extern "C" int fecontact_mpi_get_contact_frames(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                                double* local, double* tangent1, double* tangent2) {
  return guarded("fecontact_mpi_get_contact_frames", -1, [&] {
    const fecontact::DistributedContacts& c = contacts_within(s, interface_index, capacity);
    copy_components(c.local, 2, local);
    copy_components(c.tangent1, 3, tangent1);
    copy_components(c.tangent2, 3, tangent2);
    return 0;
  });
}

extern "C" int fecontact_mpi_get_contact_weights(const fecontact_mpi_search* s, int interface_index,
                                                 int64_t capacity, int64_t* master_nodes, double* weights) {
  return guarded("fecontact_mpi_get_contact_weights", -1, [&] {
    const fecontact::DistributedContacts& c = contacts_within(s, interface_index, capacity);
    copy_components(c.master_nodes, 9, master_nodes);
    copy_components(c.weights, 9, weights);
    return 0;
  });
}

extern "C" int fecontact_mpi_get_contact_slip(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                              double* slip, int* new_contact) {
  return guarded("fecontact_mpi_get_contact_slip", -1, [&] {
    const fecontact::DistributedContacts& c = contacts_within(s, interface_index, capacity);
    // The options as the search was built: one set since then waits for a step.
    if (!s->tracks_slip[static_cast<std::size_t>(interface_index)])
      throw ArgumentError("interface_index = " + std::to_string(interface_index) +
                          ": the last step did not track slip (option \"track_slip\" \"on\")");
    copy_components(c.slip, 3, slip);
    if (new_contact) std::copy(c.new_contact.begin(), c.new_contact.end(), new_contact);
    return 0;
  });
}

extern "C" int64_t fecontact_mpi_pair_count(const fecontact_mpi_search* s, int interface_index) {
  return guarded("fecontact_mpi_pair_count", int64_t{-1}, [&] {
    return static_cast<int64_t>(result_of(s, interface_index).pair_slave.size());
  });
}

extern "C" int fecontact_mpi_get_pairs(const fecontact_mpi_search* s, int interface_index, int64_t capacity,
                                       int64_t* slave, int64_t* master, int* master_rank, double* distance) {
  return guarded("fecontact_mpi_get_pairs", -1, [&] {
    const fecontact::DistributedResult& r = result_of(s, interface_index);
    require_capacity(capacity, r.pair_slave.size(), "capacity", "pairs (fecontact_mpi_pair_count)");
    copy_out(r.pair_slave, slave);
    copy_out(r.pair_master, master);
    copy_out(r.pair_master_rank, master_rank);
    copy_out(r.pair_distance, distance);
    return 0;
  });
}
