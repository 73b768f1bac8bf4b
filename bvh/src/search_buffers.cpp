// SPDX-License-Identifier: BSD-3-Clause
// The special members of the pair searches' opaque scratch (find_pairs.hpp, dual_search.hpp),
// where their contents are complete types.
#include "fecontact/bvh/detail/dual_search_storage.hpp"
#include "fecontact/bvh/detail/pair_search_storage.hpp"

namespace fecontact {

PairSearchBuffers::PairSearchBuffers() : storage_(std::make_unique<detail::PairSearchStorage>()) {}
PairSearchBuffers::~PairSearchBuffers() = default;
PairSearchBuffers::PairSearchBuffers(PairSearchBuffers&&) noexcept = default;
PairSearchBuffers& PairSearchBuffers::operator=(PairSearchBuffers&&) noexcept = default;

DualSearchBuffers::DualSearchBuffers() : storage_(std::make_unique<detail::DualSearchStorage>()) {}
DualSearchBuffers::~DualSearchBuffers() = default;
DualSearchBuffers::DualSearchBuffers(DualSearchBuffers&&) noexcept = default;
DualSearchBuffers& DualSearchBuffers::operator=(DualSearchBuffers&&) noexcept = default;

}  // namespace fecontact
