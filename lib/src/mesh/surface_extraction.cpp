// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mesh/surface_extraction.hpp"

#include <algorithm>
#include <array>
#include <tuple>

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

/// A face's identity regardless of orientation and midside nodes: its corners, sorted; a
/// triangle's fourth entry is -1 so that it never equals a quadrilateral's.
using FaceKey = std::array<Index, 4>;

FaceKey key_of(std::span<const Index> nodes, int corners) {
  FaceKey key{-1, -1, -1, -1};
  for (int i = 0; i < corners; ++i) {  // insertion sort of at most four corners
    int j = i;
    for (; j > 0 && key[static_cast<std::size_t>(j - 1)] > nodes[static_cast<std::size_t>(i)]; --j)
      key[static_cast<std::size_t>(j)] = key[static_cast<std::size_t>(j - 1)];
    key[static_cast<std::size_t>(j)] = nodes[static_cast<std::size_t>(i)];
  }
  return key;
}

FaceKey key_of(const SurfaceFace& face) { return key_of(face.nodes(), corner_count(face.type)); }

}  // namespace

SurfaceFace element_face(const Mesh& mesh, const FaceRef& ref) {
  FECONTACT_ASSERT(
      ref.element.block >= 0 && ref.element.block < static_cast<Index>(mesh.blocks.size()),
      "FaceRef block out of range");
  const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(ref.element.block)];
  FECONTACT_ASSERT(ref.element.element >= 0 && ref.element.element < block.size(),
                   "FaceRef element out of range");
  const std::span<const Index> element = block.element(ref.element.element);
  SurfaceFace face;
  face.owner = ref;
  if (!is_volume(block.type)) {
    FECONTACT_ASSERT(ref.local_face == 0 || ref.local_face == 1,
                     "a surface element has two sides: local_face 0 (as numbered) or 1 (reversed)");
    face.type = block.type;
    std::copy(element.begin(), element.end(), face.node_storage.begin());
    if (ref.local_face == 1) {
      // The reversed side (Abaqus SNEG): corners 0, n−1, ..., 1; the mid-edge node of new edge k
      // (between new corners k and k + 1) is that of old edge n − 1 − k; the centre stays.
      const int n = corner_count(block.type);
      const bool quadratic = static_cast<int>(element.size()) > n;
      for (int k = 1; k < n; ++k) face.node_storage[static_cast<std::size_t>(k)] = element[static_cast<std::size_t>(n - k)];
      if (quadratic)
        for (int k = 0; k < n; ++k)
          face.node_storage[static_cast<std::size_t>(n + k)] = element[static_cast<std::size_t>(n + (n - 1 - k))];
    }
    return face;
  }
  const auto reference_faces = faces(block.type);
  FECONTACT_ASSERT(ref.local_face >= 0 && ref.local_face < static_cast<int>(reference_faces.size()),
                   "local_face out of range for the element type");
  const ReferenceFace& reference = reference_faces[static_cast<std::size_t>(ref.local_face)];
  face.type = reference.type;
  for (std::size_t i = 0; i < reference.nodes.size(); ++i)
    face.node_storage[i] = element[reference.nodes[i]];
  return face;
}

namespace {

/// Calls fn(face_ref) for every face of every element of the volume block `block`.
template <class Fn>
void for_each_face(const Mesh& mesh, Index block, Fn&& fn) {
  const ElementBlock& b = mesh.blocks[static_cast<std::size_t>(block)];
  const int face_count = static_cast<int>(faces(b.type).size());
  for (Index e = 0; e < b.size(); ++e)
    for (int f = 0; f < face_count; ++f) fn(FaceRef{{block, e}, f});
}

struct KeyedFace {
  FaceKey key;
  Index position;  // of the block in the caller's list (orders the output)
  FaceRef ref;
  auto order() const { return std::tie(key, position, ref.element.element, ref.local_face); }
};

}  // namespace

Surface exterior_surface(const Mesh& mesh, std::span<const Index> blocks, std::string name) {
  std::vector<KeyedFace> all;
  for (std::size_t p = 0; p < blocks.size(); ++p) {
    FECONTACT_ASSERT(blocks[p] >= 0 && blocks[p] < static_cast<Index>(mesh.blocks.size()),
                     "block index out of range");
    FECONTACT_ASSERT(is_volume(mesh.blocks[static_cast<std::size_t>(blocks[p])].type),
                     "exterior_surface takes volume blocks");
    for_each_face(mesh, blocks[p], [&](const FaceRef& ref) {
      all.push_back({key_of(element_face(mesh, ref)), static_cast<Index>(p), ref});
    });
  }
  std::sort(all.begin(), all.end(),
            [](const KeyedFace& a, const KeyedFace& b) { return a.order() < b.order(); });
  std::vector<KeyedFace> exterior;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i + 1;
    while (j < all.size() && all[j].key == all[i].key) ++j;
    if (j == i + 1) exterior.push_back(all[i]);
    i = j;
  }
  std::sort(exterior.begin(), exterior.end(), [](const KeyedFace& a, const KeyedFace& b) {
    return std::tie(a.position, a.ref.element.element, a.ref.local_face) <
           std::tie(b.position, b.ref.element.element, b.ref.local_face);
  });
  Surface surface;
  surface.name = std::move(name);
  surface.faces.reserve(exterior.size());
  for (const KeyedFace& f : exterior) surface.faces.push_back(element_face(mesh, f.ref));
  return surface;
}

Surface surface_from_definition(const Mesh& mesh, const SurfaceDefinition& definition) {
  FECONTACT_ASSERT(definition.kind == SurfaceDefinition::Kind::element_faces,
                   "an element-face surface definition");
  Surface surface;
  surface.name = definition.name;
  surface.faces.reserve(definition.faces.size());
  for (const FaceRef& ref : definition.faces) surface.faces.push_back(element_face(mesh, ref));
  return surface;
}

Surface surface_from_boundary_elements(const Mesh& mesh, const SurfaceDefinition& definition) {
  Surface surface = surface_from_definition(mesh, definition);
  // Keys of the surface elements, then the volume faces carrying one of them (bounded by the
  // surface's size, not the mesh's), first in (block, element, face) order.
  std::vector<FaceKey> wanted;
  for (const SurfaceFace& face : surface.faces)
    if (!is_volume(mesh.blocks[static_cast<std::size_t>(face.owner.element.block)].type))
      wanted.push_back(key_of(face));
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  std::vector<KeyedFace> found;
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b) {
    if (wanted.empty() || !is_volume(mesh.blocks[static_cast<std::size_t>(b)].type)) continue;
    for_each_face(mesh, b, [&](const FaceRef& ref) {
      const FaceKey key = key_of(element_face(mesh, ref));
      if (std::binary_search(wanted.begin(), wanted.end(), key)) found.push_back({key, b, ref});
    });
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const KeyedFace& a, const KeyedFace& b) { return a.key < b.key; });
  for (SurfaceFace& face : surface.faces) {
    if (is_volume(mesh.blocks[static_cast<std::size_t>(face.owner.element.block)].type)) continue;
    const FaceKey key = key_of(face);
    const auto match =
        std::lower_bound(found.begin(), found.end(), key,
                         [](const KeyedFace& f, const FaceKey& k) { return f.key < k; });
    if (match != found.end() && match->key == key) face = element_face(mesh, match->ref);
  }
  return surface;
}

std::vector<Index> surface_nodes(const Surface& surface) {
  // Marks over the node range instead of a sort of every face's nodes: linear in both.
  Index end = 0;
  for (const SurfaceFace& face : surface.faces)
    for (const Index n : face.nodes()) end = std::max(end, n + 1);
  std::vector<char> used(static_cast<std::size_t>(end), 0);
  for (const SurfaceFace& face : surface.faces)
    for (const Index n : face.nodes()) used[static_cast<std::size_t>(n)] = 1;
  std::vector<Index> nodes;
  for (Index n = 0; n < end; ++n)
    if (used[static_cast<std::size_t>(n)]) nodes.push_back(n);
  return nodes;
}

}  // namespace fecontact
