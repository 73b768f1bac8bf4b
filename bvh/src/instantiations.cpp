// SPDX-License-Identifier: BSD-3-Clause
// The explicit instantiations of the query and quality templates for the library's bounding
// volumes; build.cpp and refit.cpp hold the others. Separate translation units: GCC's inlining
// budget (inline-unit-growth) is per unit, and one unit holding every algorithm for every
// volume uses it up before the pair search's hot lambdas are inlined.
#include "find_pairs_impl.hpp"
#include "quality_impl.hpp"

namespace fecontact {

template double sah_cost(const Bvh<Aabb>&, double);
template double sah_cost(const Bvh<Obb>&, double);
template void find_pairs(const Bvh<Aabb>&, const Bvh<Aabb>&, PairSearch&, PairSearchBuffers&);
template void find_pairs(const Bvh<Obb>&, const Bvh<Obb>&, PairSearch&, PairSearchBuffers&);
template void find_self_pairs(const Bvh<Aabb>&, PairSearch&, PairSearchBuffers&);
template void find_self_pairs(const Bvh<Obb>&, PairSearch&, PairSearchBuffers&);

}  // namespace fecontact
