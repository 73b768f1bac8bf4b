// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One rank's part of an interface of the whole model, for programs that hold the whole model on
// every rank and a partition of its faces (fecontact-mpi, tests): the DistributedInterface to
// give DistributedSearch, with the serial search's indices as global ids.

#include <span>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/distributed/distributed_search.hpp"

namespace fecontact {

/// The part of `whole` that `rank` holds: master face f when master_rank[f] == rank, slave item k
/// when slave_rank[k] == rank (node-to-surface: the k-th of whole.slave_nodes sorted, each once,
/// as ContactSearch keeps them; surface-to-surface: slave face k; self contact: none). Faces and
/// slave nodes keep the whole model's node indices (node ids = node indices); a face's id is its
/// index in `whole`. Preconditions: one rank per face and per slave item.
DistributedInterface interface_part(const ContactInterface& whole, std::span<const int> master_rank,
                                    std::span<const int> slave_rank, int rank);

}  // namespace fecontact
