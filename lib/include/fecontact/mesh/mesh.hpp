// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The FE mesh as read from a file: nodes, element blocks, sets, surfaces and contact pairs,
// named as in the file. Connectivity uses node indices (positions in `coordinates`) in the
// internal node ordering of element_type.hpp; ids as written in the file are kept beside them.

#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Elements of one type under one name (a Gmsh physical volume or entity, an Abaqus ELSET= of
/// an *ELEMENT keyword).
struct ElementBlock {
  std::string name;
  ElementType type = ElementType::tet4;
  std::vector<Index> connectivity;  ///< node_count(type) node indices per element
  std::vector<FileId> element_ids;  ///< one per element, as in the file

  Index size() const { return static_cast<Index>(element_ids.size()); }
  std::span<const Index> element(Index e) const {
    const auto n = static_cast<std::size_t>(node_count(type));
    return std::span<const Index>(connectivity).subspan(static_cast<std::size_t>(e) * n, n);
  }
};

/// An element of the mesh: its block and its position in that block.
struct ElementRef {
  Index block = 0;
  Index element = 0;
  friend bool operator==(const ElementRef&, const ElementRef&) = default;
};

/// A face of an element: for a volume element, `local_face` indexes faces(type) (Abaqus S1 = 0);
/// for a surface element the face is the element itself: 0 in its node order as given (Abaqus
/// SPOS), 1 reversed (Abaqus SNEG).
struct FaceRef {
  ElementRef element;
  int local_face = 0;
  friend bool operator==(const FaceRef&, const FaceRef&) = default;
};

struct NodeSet {
  std::string name;
  std::vector<Index> nodes;
};

struct ElementSet {
  std::string name;
  std::vector<ElementRef> elements;
};

/// A named surface as defined in the file: element faces, or nodes (Abaqus TYPE=NODE).
struct SurfaceDefinition {
  enum class Kind { element_faces, nodes };
  std::string name;
  Kind kind = Kind::element_faces;
  std::vector<FaceRef> faces;  ///< for element_faces
  std::vector<Index> nodes;    ///< for nodes
};

/// What a contact pair pairs: the slave's nodes or faces with the master's faces, or the faces
/// of one surface with each other.
enum class ContactMode { node_to_surface, surface_to_surface, self };

/// A contact pair as defined in the file (Abaqus *CONTACT PAIR: slave first, master second).
struct ContactPairDefinition {
  std::string slave;   ///< surface name
  std::string master;  ///< surface name
  ContactMode mode = ContactMode::node_to_surface;
  std::map<std::string, std::string> options;  ///< other parameters, keys in lower case
};

struct Mesh {
  std::vector<Eigen::Vector3d> coordinates;         ///< one per node, contiguous
  std::vector<FileId> node_ids;                     ///< one per node, as in the file
  std::unordered_map<FileId, Index> node_index;     ///< file id -> node index
  std::vector<ElementBlock> blocks;
  std::vector<NodeSet> node_sets;
  std::vector<ElementSet> element_sets;
  std::vector<SurfaceDefinition> surfaces;
  std::vector<ContactPairDefinition> contact_pairs;
  std::vector<std::string> warnings;  ///< non-fatal remarks of the reader (skipped lines, ...)

  Index node_count() const { return static_cast<Index>(coordinates.size()); }
};

}  // namespace fecontact
