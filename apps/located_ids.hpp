// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Where a problem of a mesh lies, as every report of the program gives it: the ids of the
// elements or faces at fault, the first few of them and how many there are.

#include <span>
#include <string>
#include <vector>

#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::cli {

struct LocatedIds {
  std::string noun;          ///< "element" or "face"; empty when nothing is located
  std::vector<FileId> ids;   ///< every one, ascending, each once

  /// "element 5", "elements 5, 9", "elements 1, 2, 3, 4, 5, ... (40 in all)"; empty when
  /// nothing is located.
  std::string text() const;
  /// Adds "<noun>s": [the first few] and "<noun>_count": n to the open JSON object.
  void write_json(JsonWriter& json) const;
};

/// What is wrong with the elements that element_mass_properties finds invalid.
inline constexpr const char* invalid_element_reason =
    "inverted or degenerate elements (Jacobian determinant <= 0)";

/// The file ids of the elements that element_mass_properties found invalid.
LocatedIds element_ids(std::span<const InvalidElement> invalid);

/// The faces next to the edges of `edges`, named by the file id of the element each face
/// belongs to (for a surface of triangles or quadrilaterals, the face's own id).
LocatedIds face_ids(const Mesh& mesh, const Surface& surface,
                    std::span<const SurfaceEdgeIssue> edges);

}  // namespace fecontact::cli
