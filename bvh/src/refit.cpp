// SPDX-License-Identifier: BSD-3-Clause
// The explicit instantiations of refit<BV> (instantiations.cpp says why apart).
#include "refit_impl.hpp"

namespace fecontact {

template void refit(Bvh<Aabb>&, const PatchGeometry&);
template void refit(Bvh<Obb>&, const PatchGeometry&);

}  // namespace fecontact
