// The explicit instantiations of the tree templates for the library's bounding volumes.
#include "build_impl.hpp"
#include "fecontact/bvh/dual_volume.hpp"
#include "find_pairs_impl.hpp"
#include "quality_impl.hpp"
#include "refit_impl.hpp"

namespace fecontact {

template Bvh<Aabb> build(const PatchGeometry&, const BuildConfig&);
template Bvh<Obb> build(const PatchGeometry&, const BuildConfig&);
template Bvh<DualVolume> build(const PatchGeometry&, const BuildConfig&);
template void refit(Bvh<Aabb>&, const PatchGeometry&, double);
template void refit(Bvh<Obb>&, const PatchGeometry&, double);
template void refit(Bvh<DualVolume>&, const PatchGeometry&, double);
template double sah_cost(const Bvh<Aabb>&, double);
template double sah_cost(const Bvh<Obb>&, double);
template double sah_cost(const Bvh<DualVolume>&, double);
template PairSearch find_pairs(const Bvh<Aabb>&, const Bvh<Aabb>&);
template PairSearch find_pairs(const Bvh<Obb>&, const Bvh<Obb>&);
template PairSearch find_pairs(const Bvh<DualVolume>&, const Bvh<DualVolume>&);
template PairSearch find_self_pairs(const Bvh<Aabb>&, const PatchSet&);
template PairSearch find_self_pairs(const Bvh<Obb>&, const PatchSet&);
template PairSearch find_self_pairs(const Bvh<DualVolume>&, const PatchSet&);

}  // namespace fecontact
