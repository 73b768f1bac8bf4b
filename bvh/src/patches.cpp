#include "fecontact/bvh/patches.hpp"

#include <algorithm>
#include <deque>

#include "fecontact/assert.hpp"

namespace fecontact {
namespace {

// Appends a patch made of `faces`: its face list and its sorted distinct nodes.
void append_patch(const Surface& surface, std::span<const Index> faces, PatchSet& patches) {
  const auto first_node = patches.nodes.size();
  for (const Index f : faces) {
    patches.faces.push_back(f);
    for (const Index n : surface.faces[static_cast<std::size_t>(f)].nodes()) patches.nodes.push_back(n);
  }
  const auto begin = patches.nodes.begin() + static_cast<std::ptrdiff_t>(first_node);
  std::sort(begin, patches.nodes.end());
  patches.nodes.erase(std::unique(begin, patches.nodes.end()), patches.nodes.end());
  patches.face_offsets.push_back(static_cast<Index>(patches.faces.size()));
  patches.node_offsets.push_back(static_cast<Index>(patches.nodes.size()));
}

// node -> faces touching it, in compressed rows over the nodes the surface uses.
struct NodeFaces {
  std::vector<Index> offsets, faces;
};

NodeFaces node_faces(const Surface& surface) {
  Index node_end = 0;
  for (const auto& face : surface.faces)
    for (const Index n : face.nodes()) node_end = std::max(node_end, n + 1);
  NodeFaces map;
  map.offsets.assign(static_cast<std::size_t>(node_end) + 1, 0);
  for (const auto& face : surface.faces)
    for (const Index n : face.nodes()) ++map.offsets[static_cast<std::size_t>(n) + 1];
  for (std::size_t i = 1; i < map.offsets.size(); ++i) map.offsets[i] += map.offsets[i - 1];
  map.faces.resize(static_cast<std::size_t>(map.offsets.back()));
  std::vector<Index> fill(map.offsets.begin(), map.offsets.end() - 1);
  for (Index f = 0; f < surface.size(); ++f)
    for (const Index n : surface.faces[static_cast<std::size_t>(f)].nodes())
      map.faces[static_cast<std::size_t>(fill[static_cast<std::size_t>(n)]++)] = f;
  return map;
}

}  // namespace

PatchSet face_patches(const Surface& surface) {
  PatchSet patches;
  for (Index f = 0; f < surface.size(); ++f) append_patch(surface, std::span(&f, 1), patches);
  return patches;
}

PatchSet clustered_patches(const Surface& surface, Index max_faces) {
  FECONTACT_ASSERT(max_faces >= 1, "clustered_patches: max_faces must be at least 1");
  const NodeFaces map = node_faces(surface);
  std::vector<char> assigned(surface.faces.size(), 0);
  PatchSet patches;
  std::vector<Index> cluster;
  for (Index seed = 0; seed < surface.size(); ++seed) {
    if (assigned[static_cast<std::size_t>(seed)]) continue;
    cluster.clear();
    std::deque<Index> queue{seed};
    assigned[static_cast<std::size_t>(seed)] = 1;
    while (!queue.empty() && static_cast<Index>(cluster.size()) < max_faces) {
      const Index f = queue.front();
      queue.pop_front();
      cluster.push_back(f);
      for (const Index n : surface.faces[static_cast<std::size_t>(f)].nodes())
        for (Index k = map.offsets[static_cast<std::size_t>(n)]; k < map.offsets[static_cast<std::size_t>(n) + 1]; ++k) {
          const Index g = map.faces[static_cast<std::size_t>(k)];
          if (assigned[static_cast<std::size_t>(g)]) continue;
          if (static_cast<Index>(cluster.size() + queue.size()) >= max_faces) break;
          assigned[static_cast<std::size_t>(g)] = 1;
          queue.push_back(g);
        }
    }
    std::sort(cluster.begin(), cluster.end());
    append_patch(surface, cluster, patches);
  }
  return patches;
}

bool share_node(const PatchSet& a, Index p, const PatchSet& b, Index q) {
  const auto x = a.nodes_of(p);
  const auto y = b.nodes_of(q);
  auto i = x.begin();
  auto j = y.begin();
  while (i != x.end() && j != y.end()) {
    if (*i == *j) return true;
    if (*i < *j) ++i; else ++j;
  }
  return false;
}

}  // namespace fecontact
