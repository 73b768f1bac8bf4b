// SPDX-License-Identifier: BSD-3-Clause
// The explicit instantiations of build<BV> (instantiations.cpp says why apart).
#include "build_impl.hpp"

namespace fecontact {

template Bvh<Aabb> build(const PatchGeometry&, const BuildConfig&);
template Bvh<Obb> build(const PatchGeometry&, const BuildConfig&);

}  // namespace fecontact
