#pragma once
// Patches: the primitives of a BVH. A patch is one face of a Surface or a cluster of adjacent
// faces; it knows its faces and the mesh nodes it touches (to exclude neighbours in self-contact).

#include <span>
#include <vector>

#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Patches of one surface in compressed rows: patch p holds faces
/// faces[face_offsets[p] .. face_offsets[p+1]) (indices into Surface::faces) and the sorted,
/// distinct mesh nodes nodes[node_offsets[p] .. node_offsets[p+1]).
struct PatchSet {
  std::vector<Index> face_offsets{0};
  std::vector<Index> faces;
  std::vector<Index> node_offsets{0};
  std::vector<Index> nodes;

  Index size() const { return static_cast<Index>(face_offsets.size()) - 1; }
  std::span<const Index> faces_of(Index p) const { return row(face_offsets, faces, p); }
  std::span<const Index> nodes_of(Index p) const { return row(node_offsets, nodes, p); }

 private:
  static std::span<const Index> row(const std::vector<Index>& offsets,
                                    const std::vector<Index>& values, Index p) {
    const auto begin = static_cast<std::size_t>(offsets[static_cast<std::size_t>(p)]);
    const auto end = static_cast<std::size_t>(offsets[static_cast<std::size_t>(p) + 1]);
    return std::span<const Index>(values).subspan(begin, end - begin);
  }
};

/// One patch per face, in face order.
PatchSet face_patches(const Surface& surface);

/// Clusters of at most `max_faces` ≥ 1 faces grown breadth-first over faces that share a node,
/// seeded at the lowest-numbered unassigned face: deterministic, every face in exactly one patch.
PatchSet clustered_patches(const Surface& surface, Index max_faces);

/// True when patches p of `a` and q of `b` share a mesh node (both lists are sorted).
bool share_node(const PatchSet& a, Index p, const PatchSet& b, Index q);

}  // namespace fecontact
