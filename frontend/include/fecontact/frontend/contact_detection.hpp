// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Which components of an assembly touch, and where: the contact definitions an engineer writes
// before a solve (Abaqus/CAE "Find Contact Pairs", ANSYS automatic contact, PrePoMax "Search
// contact pairs"). A component is a group of elements that shares no node with another
// component (by default a connected component of the mesh; "body" is a volume-block name,
// mass/body_mass.hpp); the exterior faces of two components that lie within a distance D of each
// other and face each other (outward normals opposed within an angle) are grouped into connected
// regions, and each group of regions linked across the two components becomes one contact pair
// with a master side.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Elements that the caller calls one component: a block, an element set, several of them.
struct ElementGroup {
  std::string name;
  std::vector<ElementRef> elements;
};

/// The components of a mesh as it stands: the connected components (elements linked by shared
/// nodes) of its volume elements and shell elements, in the order of their first element
/// (block, element). A surface element whose corners are those of a volume element's face
/// marks that face (a Gmsh physical surface) and belongs to no component; any other surface
/// element is a shell. A component is named after the blocks of its elements ('+' between names,
/// in block order); components that would share a name get "-1", "-2", ... in their order.
std::vector<ElementGroup> connected_components(const Mesh& mesh);

struct DetectionOptions {
  /// D ≥ 0, in mesh units: faces closer than this may touch. Without a value,
  /// default_distance_fraction × the mean face size of all the components' exterior faces (mean
  /// over the faces of their mean corner-to-corner edge length).
  std::optional<double> distance;
  /// Largest angle, in degrees in [0, 180], between one face's outward normal and the other
  /// face's reversed outward normal (both at the faces' reference centres). Of two shells, only
  /// the sides that face each other count: the centres' offset along the two normals adds up
  /// to ≥ 0 (front to front, not back to back).
  double angle_degrees = 45;
};

/// Faces a quarter of a face apart are still a candidate contact: mismatched meshes of one
/// curved surface (a pin in a hole) lie a chord's sagitta apart, h²/(8R) ≤ h/8 for R ≥ h, and a
/// gap of a whole face size is more likely a clearance the analyst meant.
inline constexpr double default_distance_fraction = 0.25;

struct DetectedComponent {
  std::string name;                 ///< the group's name; '+'-joined names when groups merged
  std::vector<std::string> groups;  ///< the groups it is made of: several when they share nodes
  std::vector<ElementRef> elements;  ///< ascending (block, element), each once
  /// Its faces that can touch another component: the faces of its volume elements on the
  /// boundary of all of the mesh's volume elements (a face glued to an element outside every
  /// component is not one), in (block, element, face) order, then both sides of each shell
  /// element: local face 0 (Abaqus SPOS, nodes as given) and 1 (SNEG, reversed).
  Surface skin;
};

/// One contact pair: the faces of component `components[0]` and of component `components[1]`
/// (components[0] < components[1]) that face each other within the distance, connected on each
/// side through shared nodes and across through face pairs within the distance.
struct DetectedPair {
  std::array<Index, 2> components{};
  /// Names for the solver deck: "<component>_C<k>" (k the pair's number from 1), reduced to letters,
  /// digits, '_' and '-', starting with a letter, at most 80 characters, distinct from every
  /// surface and set name of the mesh and from each other, ignoring case.
  std::array<std::string, 2> surfaces;
  std::array<std::vector<Index>, 2> faces;  ///< into each component's skin, ascending
  std::array<double, 2> areas{};            ///< sum of the faces' areas
  /// The smallest face-to-face distance of the pair, and the largest over its faces of each
  /// face's distance to the closest face across (face_distance: a lower bound unless both
  /// faces are tri3; 0 where the components touch or overlap).
  double min_distance = 0;
  double max_distance = 0;
  /// The master side (0 or 1), as the Abaqus and CalculiX manuals advise the coarser mesh: the
  /// side with the larger mean face area (area / faces); sides whose mean face areas agree to
  /// 1% count as equal, and then the larger area is master, then side 1 (the later component).
  int master = 1;
};

struct ContactDetection {
  double distance = 0;  ///< D used
  double angle_degrees = 45;
  std::vector<DetectedComponent> components;
  /// Ascending (components, smallest face of side 0).
  std::vector<DetectedPair> pairs;
};

/// The contact pairs between the components made of `groups`: groups that share a node are
/// merged into one component (DetectedComponent::groups says which); surface elements that mark
/// a volume face (see connected_components) are dropped from their group. Two components whose
/// skins' boxes come within the distance are searched as one surface-to-surface interface of
/// ContactSearch (all in one call), so the result is the same for any thread count and no face
/// pair within a component is measured. Throws std::invalid_argument naming the group for a
/// group without volume or shell element or with an element outside the mesh, and for a
/// distance that is negative or not finite or an angle outside [0, 180].
ContactDetection detect_contact(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                                const DetectionOptions& options = {});

}  // namespace fecontact
