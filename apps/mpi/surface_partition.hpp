// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The ranks' parts of a contact interface when every rank has read the whole mesh, as a solver's
// mesh partition would give them: METIS (Karypis & Kumar 1998, k-way) on the face-adjacency
// graph of the master and slave surfaces, balancing master faces and slave faces separately.
// METIS rather than Zoltan's recursive coordinate bisection: FE solvers partition their meshes
// with it, cutting few neighbour links (few faces near another rank), and it is one small Debian
// package (libmetis-dev) where Zoltan comes with Trilinos.

#include <vector>

#include "fecontact/contact/contact_search.hpp"

namespace fecontact::cli {

/// The rank of each master face and of each slave item: slave node (in the interface's sorted
/// slave_nodes) or slave face. Deterministic (METIS with a fixed seed).
struct SurfacePartition {
  std::vector<int> master;
  std::vector<int> slave;
};

/// `in` is an interface as searched (slave_nodes sorted); `slave_faces`, for node-to-surface, the
/// faces whose nodes are its slave nodes (empty for a node surface: its nodes are then dealt
/// out in turn). A slave node goes with the first slave face that holds it.
SurfacePartition partition_interface(const ContactInterface& in, const Surface& slave_faces, int ranks);

}  // namespace fecontact::cli
