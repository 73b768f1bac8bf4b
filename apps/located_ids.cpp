// SPDX-License-Identifier: BSD-3-Clause
#include "located_ids.hpp"

#include <algorithm>

namespace fecontact::cli {
namespace {

// How many ids a report shows; the count says how many there are in all.
constexpr std::size_t shown_ids = 5;

LocatedIds sorted(std::string noun, std::vector<FileId> ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return {ids.empty() ? std::string() : std::move(noun), std::move(ids)};
}

}  // namespace

std::string LocatedIds::text() const {
  if (ids.empty()) return "";
  std::string out = noun + (ids.size() > 1 ? "s " : " ");
  const std::size_t shown = std::min(ids.size(), shown_ids);
  for (std::size_t i = 0; i < shown; ++i) out += (i > 0 ? ", " : "") + std::to_string(ids[i]);
  if (ids.size() > shown) out += ", ... (" + std::to_string(ids.size()) + " in all)";
  return out;
}

void LocatedIds::write_json(JsonWriter& json) const {
  if (ids.empty()) return;
  json.key(noun + "s").begin_array();
  for (std::size_t i = 0; i < std::min(ids.size(), shown_ids); ++i) json.value(ids[i]);
  json.end_array().key(noun + "_count").value(ids.size());
}

LocatedIds element_ids(std::span<const InvalidElement> invalid) {
  std::vector<FileId> ids;
  for (const InvalidElement& element : invalid) ids.push_back(element.id);
  return sorted("element", std::move(ids));
}

LocatedIds face_ids(const Mesh& mesh, const Surface& surface,
                    std::span<const SurfaceEdgeIssue> edges) {
  std::vector<FileId> ids;
  for (const SurfaceEdgeIssue& edge : edges) {
    for (const Index face : edge.faces) {
      if (face < 0) continue;
      const ElementRef owner = surface.faces[static_cast<std::size_t>(face)].owner.element;
      ids.push_back(mesh.blocks[static_cast<std::size_t>(owner.block)]
                        .element_ids[static_cast<std::size_t>(owner.element)]);
    }
  }
  return sorted("face", std::move(ids));
}

}  // namespace fecontact::cli
