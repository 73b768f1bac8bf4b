// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The public API of fecontact::distributed: the contact search over the ranks of an MPI
// communicator (not part of fecontact/fecontact.hpp: nothing else needs MPI).

#include "fecontact/distributed/distributed_search.hpp"
