// SPDX-License-Identifier: BSD-3-Clause
// Gmsh reader on meshes made at test time by the real gmsh binary: every element type, in .msh
// 4.1 and 2.2, ASCII and binary. What is checked does not come from the reader's own tables:
// positive corner-tet volumes, midside nodes at the midpoints of VTK's edges, the face tables'
// divergence-theorem volume against the corner volume, the closed-form volume of the box bounded
// by the exterior surface, and outward physical surfaces.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "element_geometry.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "gmsh_runner.hpp"
#include "named.hpp"

namespace {

using namespace fecontact;
using fecontact::test::GmshRunner;

struct GmshCase {
  std::string name;
  std::string geometry;                // .geo text before the meshing commands
  std::string meshing;                 // e.g. "Mesh 3; SetOrder 2;"
  std::set<ElementType> volume_types;  // expected
  ElementType bottom_type;             // the elements of the physical surface "bottom"
  double box_volume;                   // closed form
  double bottom_area;                  // closed form; its outward normal is -z
  bool has_tool;                       // a free rectangle "tool" of area 2 at z = 4
};

const std::string occ_box = R"(SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 1, 2, 3};
Rectangle(20) = {0, 0, 4, 1, 2};
Physical Volume("solid") = {1};
Physical Surface("bottom") = {5};
Physical Surface("tool") = {20};
Mesh.CharacteristicLengthMax = 0.9;
)";

// A 2 x 1 rectangle extruded by 1.5 in two layers: hexahedra if `recombine`, else wedges.
std::string extruded(bool recombine) {
  return std::string(
             R"(Point(1) = {0, 0, 0}; Point(2) = {2, 0, 0}; Point(3) = {2, 1, 0}; Point(4) = {0, 1, 0};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};
Transfinite Curve{1, 3} = 4; Transfinite Curve{2, 4} = 3; Transfinite Surface{1};
)") + (recombine ? "Recombine Surface{1};\n" : "") +
         R"(out[] = Extrude{0, 0, 1.5}{Surface{1}; Layers{2}; Recombine;};
Physical Volume("solid") = {out[1]};
Physical Surface("bottom") = {1};
)";
}

// A box of hexahedra under a box of tetrahedra: pyramids where the tets meet the quadrangles.
const std::string hybrid =
    R"(Point(1) = {0, 0, 0}; Point(2) = {1, 0, 0}; Point(3) = {1, 1, 0}; Point(4) = {0, 1, 0};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};
Transfinite Curve{1, 2, 3, 4} = 3; Transfinite Surface{1}; Recombine Surface{1};
out[] = Extrude{0, 0, 1}{Surface{1}; Layers{2}; Recombine;};
out2[] = Extrude{0, 0, 1}{Surface{out[0]};};
Physical Volume("hexes") = {out[1]};
Physical Volume("tets") = {out2[1]};
Physical Surface("bottom") = {1};
Mesh.CharacteristicLengthMax = 0.5;
)";

const std::vector<GmshCase>& cases() {
  using T = ElementType;
  const std::string serendipity = "Mesh.SecondOrderIncomplete = 1; Mesh 3; SetOrder 2;";
  const std::string lagrange = "Mesh.SecondOrderIncomplete = 0; Mesh 3; SetOrder 2;";
  static const std::vector<GmshCase> all = {
      {"tet4", occ_box, "Mesh 3;", {T::tet4}, T::tri3, 6.0, 2.0, true},
      {"tet10", occ_box, "Mesh 3; SetOrder 2;", {T::tet10}, T::tri6, 6.0, 2.0, true},
      {"hex8", extruded(true), "Mesh 3;", {T::hex8}, T::quad4, 3.0, 2.0, false},
      {"hex20", extruded(true), serendipity, {T::hex20}, T::quad8, 3.0, 2.0, false},
      {"hex27", extruded(true), lagrange, {T::hex27}, T::quad9, 3.0, 2.0, false},
      {"wedge6", extruded(false), "Mesh 3;", {T::wedge6}, T::tri3, 3.0, 2.0, false},
      {"wedge15", extruded(false), serendipity, {T::wedge15}, T::tri6, 3.0, 2.0, false},
      {"hybrid", hybrid, "Mesh 3;", {T::hex8, T::tet4, T::pyramid5}, T::quad4, 2.0, 1.0, false},
  };
  return all;
}

const std::vector<std::string> formats = {"v41.msh", "v41_binary.msh", "v22.msh", "v22_binary.msh"};

// Version 4.1 with the nodes' parametric coordinates, which the reader skips.
const std::string saves = R"(
Mesh.SaveParametric = 1;
Mesh.MshFileVersion = 4.1; Mesh.Binary = 0; Save "v41.msh";
Mesh.Binary = 1; Save "v41_binary.msh";
Mesh.SaveParametric = 0;
Mesh.MshFileVersion = 2.2; Mesh.Binary = 0; Save "v22.msh";
Mesh.Binary = 1; Save "v22_binary.msh";
)";

double size_of(const std::vector<Eigen::Vector3d>& p) {
  double s = 0.0;
  for (const auto& q : p) s = std::max(s, (q - p[0]).norm());
  return s;
}

/// Positive corner tets; midside and centre nodes where VTK's order puts them (the geometry is
/// straight-sided); the face table encloses the corners' volume. Returns the element's volume.
double check_element(const Mesh& mesh, const ElementBlock& block, Index e) {
  const auto p = test::points(mesh, block.element(e));
  const double s = size_of(p);
  const FileId id = block.element_ids[static_cast<std::size_t>(e)];
  double corner_volume = 0.0;
  for (const auto& t : test::corner_tets(block.type)) {
    const double v = test::tet_volume(p[t[0]], p[t[1]], p[t[2]], p[t[3]]);
    BOOST_TEST_REQUIRE(v > 1e-6 * s * s * s,
                       block.name << " element " << id << ": corner tet volume " << v);
    corner_volume += v;
  }
  const auto corners = static_cast<std::size_t>(corner_count(block.type));
  const auto edges = test::midside_edges(block.type);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const Eigen::Vector3d mid = 0.5 * (p[edges[k][0]] + p[edges[k][1]]);
    BOOST_TEST_REQUIRE((p[corners + k] - mid).norm() < 1e-9 * s,
                       block.name << " element " << id << ": node " << corners + k);
  }
  const auto groups = test::centre_groups(block.type);
  for (std::size_t k = 0; k < groups.size(); ++k) {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (const int n : groups[k]) centre += p[static_cast<std::size_t>(n)];
    centre /= static_cast<double>(groups[k].size());
    BOOST_TEST_REQUIRE((p[corners + edges.size() + k] - centre).norm() < 1e-9 * s,
                       block.name << " element " << id << ": centre " << k);
  }
  if (!is_volume(block.type)) return 0.0;
  double face_volume = 0.0;
  for (const auto& face : faces(block.type)) {
    std::vector<Eigen::Vector3d> q;
    for (const auto n : face.nodes) q.push_back(p[n]);
    face_volume += test::face_integrals(face.type, q).volume;
  }
  BOOST_TEST_REQUIRE(std::abs(face_volume - corner_volume) < 1e-9 * s * s * s,
                     block.name << " element " << id << ": face-table volume " << face_volume
                                << ", corners " << corner_volume);
  return corner_volume;
}

Eigen::Vector3d centroid(const Mesh& mesh, const FaceRef& owner) {
  const auto p = test::points(
      mesh,
      mesh.blocks[static_cast<std::size_t>(owner.element.block)].element(owner.element.element));
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const auto& q : p) c += q;
  return c / static_cast<double>(p.size());
}

void check_mesh(const GmshCase& c, const Mesh& mesh) {
  std::set<ElementType> volume_types;
  std::vector<Index> volume_blocks;
  double volume_sum = 0.0;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    const ElementBlock& block = mesh.blocks[b];
    BOOST_TEST_REQUIRE(block.size() > 0);
    BOOST_TEST_REQUIRE(block.connectivity.size() ==
                       block.element_ids.size() * static_cast<std::size_t>(node_count(block.type)));
    if (is_volume(block.type)) {
      volume_types.insert(block.type);
      volume_blocks.push_back(static_cast<Index>(b));
    }
    for (Index e = 0; e < block.size(); ++e) volume_sum += check_element(mesh, block, e);
  }
  BOOST_TEST((volume_types == c.volume_types));
  BOOST_TEST(volume_sum == c.box_volume, boost::test_tools::tolerance(1e-9));

  // The exterior of all volume blocks bounds the box: outward faces enclose its volume.
  const Surface exterior = exterior_surface(mesh, volume_blocks, "exterior");
  const auto integrals = test::surface_integrals(mesh, exterior);
  BOOST_TEST(integrals.volume == c.box_volume, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(integrals.area.norm() < 1e-9);
  for (const auto& face : exterior.faces) {
    const auto q = test::points(mesh, face.nodes());
    const auto f = test::face_integrals(face.type, q);
    BOOST_TEST_REQUIRE(f.area.dot(q[0] - centroid(mesh, face.owner)) > 0.0);
  }

  // The physical surface "bottom": its surface elements take the outward faces of the volume.
  const SurfaceDefinition& bottom = test::named(mesh.surfaces, "bottom");
  const Surface bottom_surface = surface_from_boundary_elements(mesh, bottom);
  BOOST_TEST(bottom_surface.faces.size() == bottom.faces.size());
  for (const auto& face : bottom_surface.faces) {
    BOOST_TEST_REQUIRE(
        is_volume(mesh.blocks[static_cast<std::size_t>(face.owner.element.block)].type));
    BOOST_TEST_REQUIRE((face.type == c.bottom_type));
    BOOST_TEST_REQUIRE(test::face_integrals(face.type, test::points(mesh, face.nodes())).area.z() <
                       0.0);
  }
  const auto bottom_area = test::surface_integrals(mesh, bottom_surface).area;
  BOOST_TEST(bottom_area.z() == -c.bottom_area, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(std::hypot(bottom_area.x(), bottom_area.y()) < 1e-9);

  if (c.has_tool) {  // a free surface bounds no volume: its elements are kept as given
    const SurfaceDefinition& tool = test::named(mesh.surfaces, "tool");
    const Surface tool_surface = surface_from_boundary_elements(mesh, tool);
    BOOST_TEST_REQUIRE(tool_surface.faces.size() == tool.faces.size());
    for (std::size_t i = 0; i < tool_surface.faces.size(); ++i)
      BOOST_TEST_REQUIRE((tool_surface.faces[i].owner == tool.faces[i]));
    BOOST_TEST(test::surface_integrals(mesh, tool_surface).area.norm() == 2.0,
               boost::test_tools::tolerance(1e-9));
  }
}

/// The mesh as geometry, independent of ids and orders (Gmsh renumbers nodes and elements in
/// version 2.2 and prints 16 digits in ASCII): per block its name, type and the sorted list of
/// its elements, each as its nodes' coordinates in internal order rounded to 1e-9; the same for
/// the surface definitions.
using Element = std::vector<std::array<long long, 3>>;
struct Canonical {
  Index node_count = 0;
  std::vector<std::tuple<std::string, ElementType, std::vector<Element>>> blocks;
  std::vector<std::pair<std::string, std::vector<Element>>> surfaces;
  bool operator==(const Canonical&) const = default;
};

Element rounded(const Mesh& mesh, std::span<const Index> nodes) {
  Element element;
  for (const auto& x : test::points(mesh, nodes))
    element.push_back(
        {std::llround(x.x() * 1e9), std::llround(x.y() * 1e9), std::llround(x.z() * 1e9)});
  return element;
}

Canonical canonical(const Mesh& mesh) {
  Canonical c;
  c.node_count = mesh.node_count();
  for (const auto& b : mesh.blocks) {
    std::vector<Element> elements;
    for (Index e = 0; e < b.size(); ++e) elements.push_back(rounded(mesh, b.element(e)));
    std::sort(elements.begin(), elements.end());
    c.blocks.emplace_back(b.name, b.type, std::move(elements));
  }
  for (const auto& s : mesh.surfaces) {
    std::vector<Element> faces;
    for (const auto& face : surface_from_definition(mesh, s).faces)
      faces.push_back(rounded(mesh, face.nodes()));
    std::sort(faces.begin(), faces.end());
    c.surfaces.emplace_back(s.name, std::move(faces));
  }
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gmsh_reader)

BOOST_AUTO_TEST_CASE(every_element_type_in_every_format,
                     *boost::unit_test::label("gmsh") *
                         boost::unit_test::precondition(fecontact::test::gmsh_found)) {
  GmshRunner gmsh("gmsh_reader");
  for (const GmshCase& c : cases()) {
    BOOST_TEST_CONTEXT("case " << c.name) {
      BOOST_TEST_REQUIRE(gmsh.run(c.name + ".geo", c.geometry + c.meshing + saves));
      const Canonical reference = canonical(read_gmsh(gmsh.folder() / formats[0]));
      for (const std::string& format : formats) {
        BOOST_TEST_CONTEXT("format " << format) {
          const Mesh mesh = read_gmsh(gmsh.folder() / format);
          check_mesh(c, mesh);
          BOOST_TEST((canonical(mesh) == reference));
        }
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
