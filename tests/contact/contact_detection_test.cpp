// SPDX-License-Identifier: BSD-3-Clause
// Contact detection between components (contact_detection.hpp) and its Abaqus include
// (contact_pairs_inp.hpp). References: closed forms on boxes (faces, areas, gaps), a brute force
// over every pair of exterior faces of different components (face_distance and the centre normals,
// no tree), and the Abaqus reader reading the written include back.

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "contact_scenes.hpp"
#include "detection_brute_force.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/frontend/contact_detection.hpp"
#include "fecontact/frontend/contact_pairs_inp.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "scratch_files.hpp"
#include "structured_mesh.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

/// Appends a hex8 block `name` filling the box [lo, hi] with `cells`, on new nodes; file ids go
/// on from the mesh's largest (nodes) and from 1000 × (block + 1) (elements).
void add_box(Mesh& mesh, const std::string& name, const Vector3d& lo, const Vector3d& hi,
             std::array<int, 3> cells) {
  const Mesh box = testing::structured_mesh(ElementType::hex8, cells, [&](const Vector3d& p) {
    return Vector3d(lo + p.cwiseProduct(hi - lo));
  });
  const Index offset = mesh.node_count();
  for (Index n = 0; n < box.node_count(); ++n) {
    mesh.coordinates.push_back(box.coordinates[static_cast<std::size_t>(n)]);
    mesh.node_ids.push_back(offset + n + 1);
    mesh.node_index[offset + n + 1] = offset + n;
  }
  ElementBlock block = box.blocks.front();
  block.name = name;
  for (Index& n : block.connectivity) n += offset;
  for (FileId& id : block.element_ids) id += 1000 * static_cast<FileId>(mesh.blocks.size() + 1);
  mesh.blocks.push_back(std::move(block));
}

/// The pairs between the connected parts of `mesh` within `distance`, normals within `angle`.
ContactDetection detect_within(const Mesh& mesh, double distance, double angle = 45) {
  DetectionOptions options;
  options.distance = distance;
  options.angle_degrees = angle;
  return detect_contact(mesh, connected_components(mesh), options);
}

using FaceSet = std::set<std::pair<Index, Index>>;  // (component, face of its skin)

/// Every face of every component that has a partner on another component (detection_brute_force.hpp).
FaceSet brute_force_faces(const Mesh& mesh, const ContactDetection& d, double distance, double angle) {
  FaceSet result;
  for (std::size_t a = 0; a < d.components.size(); ++a)
    for (std::size_t b = a + 1; b < d.components.size(); ++b)
      for (std::size_t i = 0; i < d.components[a].skin.faces.size(); ++i)
        for (std::size_t j = 0; j < d.components[b].skin.faces.size(); ++j)
          if (test::partners(mesh, d.components[a].skin.faces[i], d.components[b].skin.faces[j], distance, angle)) {
            result.insert({static_cast<Index>(a), static_cast<Index>(i)});
            result.insert({static_cast<Index>(b), static_cast<Index>(j)});
          }
  return result;
}

FaceSet detected_faces(const ContactDetection& d) {
  FaceSet result;
  for (const DetectedPair& p : d.pairs)
    for (int side = 0; side < 2; ++side)
      for (const Index f : p.faces[static_cast<std::size_t>(side)])
        result.insert({p.components[static_cast<std::size_t>(side)], f});
  return result;
}

// The normal of a skin face at its reference centre.
Vector3d normal_of(const Mesh& mesh, const SurfaceFace& face) {
  const FaceNodes nodes = gather_face_nodes(face, mesh.coordinates);
  return face_normal(nodes, corner_count(face.type) == 3 ? Eigen::Vector2d(1.0 / 3, 1.0 / 3) : Eigen::Vector2d(0, 0));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_detection)

// A block of 0.8 × 0.8 (3 × 3 cells) standing on a 2 × 2 block (4 × 4 cells): the four cells of
// the lower top face under the footprint (0.6 .. 1.4)² and the nine faces of the upper bottom.
BOOST_AUTO_TEST_CASE(block_on_block) {
  Mesh mesh;
  add_box(mesh, "lower", {0, 0, 0}, {2, 2, 1}, {4, 4, 2});
  add_box(mesh, "upper", {0.6, 0.6, 1}, {1.4, 1.4, 1.8}, {3, 3, 3});
  const ContactDetection d = detect_within(mesh, 0.05);
  BOOST_TEST(d.distance == 0.05);
  BOOST_REQUIRE_EQUAL(d.components.size(), 2u);
  BOOST_TEST(d.components[0].name == "lower");
  BOOST_TEST(d.components[1].name == "upper");
  BOOST_TEST(d.components[0].skin.faces.size() == 2u * (16 + 8 + 8));  // 2(4·4) + 4(4·2)
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  const DetectedPair& p = d.pairs[0];
  BOOST_TEST(p.components[0] == 0);
  BOOST_TEST(p.components[1] == 1);
  BOOST_TEST(p.faces[0].size() == 4u);
  BOOST_TEST(p.faces[1].size() == 9u);
  BOOST_TEST(p.areas[0] == 1.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(p.areas[1] == 0.64, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(p.min_distance == 0.0);
  BOOST_TEST(p.max_distance == 0.0);
  BOOST_TEST(p.master == 0);  // the coarser side: 0.25 per face against 0.071
  BOOST_TEST(p.surfaces[0] == "lower_C1");
  BOOST_TEST(p.surfaces[1] == "upper_C1");
  for (const Index f : p.faces[0]) {
    const SurfaceFace& face = d.components[0].skin.faces[static_cast<std::size_t>(f)];
    BOOST_TEST(face.owner.local_face == 1);  // hex8 face S2: the top (+z)
    BOOST_TEST(normal_of(mesh, face).z() == 1.0, boost::test_tools::tolerance(1e-12));
  }
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.05, 45));
}

// Lifted by a gap g: found with its distance when g < D, not at all when g > D.
BOOST_AUTO_TEST_CASE(gap_against_distance) {
  Mesh mesh;
  add_box(mesh, "lower", {0, 0, 0}, {1, 1, 1}, {2, 2, 1});
  add_box(mesh, "upper", {0, 0, 1.03}, {1, 1, 2}, {2, 2, 1});
  ContactDetection d = detect_within(mesh, 0.05);
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].min_distance == 0.03, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(d.pairs[0].max_distance == 0.03, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(d.pairs[0].faces[0].size() == 4u);
  BOOST_TEST(d.pairs[0].master == 1);  // same faces, same area: the later component
  d = detect_within(mesh, 0.02);
  BOOST_TEST(d.pairs.empty());
  // Default distance: a quarter of the mean face size (every face here is 0.5 × 0.5 or 0.5 × 1,
  // mean edge 0.5 or 0.75): above the gap.
  d = detect_contact(mesh, connected_components(mesh));
  double sum = 0, count = 0;
  for (const auto& component : d.components)
    for (const SurfaceFace& face : component.skin.faces) {
      const FaceNodes nodes = gather_face_nodes(face, mesh.coordinates);
      sum += ((nodes.x[0] - nodes.x[1]).norm() + (nodes.x[1] - nodes.x[2]).norm()) / 2;
      ++count;
    }
  BOOST_TEST(d.distance == default_distance_fraction * sum / count, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(d.pairs.size() == 1u);
}

// Two blocks side by side touch on x = 1 only: their top faces meet at an edge, at distance 0,
// but point the same way; with an angle of 100° the faces of one that meet the other's side at
// a right angle along its edges count too.
BOOST_AUTO_TEST_CASE(angle_filter) {
  Mesh mesh;
  add_box(mesh, "left", {0, 0, 0}, {1, 1, 1}, {2, 2, 2});
  add_box(mesh, "right", {1, 0, 0}, {2, 1, 1}, {2, 2, 2});
  ContactDetection d = detect_within(mesh, 0.01);
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].faces[0].size() == 4u);
  BOOST_TEST(d.pairs[0].faces[1].size() == 4u);
  for (int side = 0; side < 2; ++side)
    for (const Index f : d.pairs[0].faces[static_cast<std::size_t>(side)])
      BOOST_TEST(std::abs(normal_of(mesh, d.components[static_cast<std::size_t>(side)].skin.faces[static_cast<std::size_t>(f)]).x()) ==
                 1.0, boost::test_tools::tolerance(1e-12));
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.01, 45));
  d = detect_within(mesh, 0.01, 100);
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].faces[0].size() == 4u + 4 * 2);  // and the faces along the edges, 4 sides
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.01, 100));
}

// A plank on two legs of one component: two separate regions, two pairs between the same components.
BOOST_AUTO_TEST_CASE(two_regions_two_pairs) {
  Mesh mesh;
  add_box(mesh, "table", {0, 0, -1}, {5, 1, 0}, {5, 1, 2});
  // Remove the three middle cells of the top row: legs under x in [0, 1] and [4, 5].
  ElementBlock& table = mesh.blocks[0];
  ElementBlock legs = table;
  legs.connectivity.clear();
  legs.element_ids.clear();
  for (Index e = 0; e < table.size(); ++e) {
    const bool top_row = e >= 5, middle = e % 5 >= 1 && e % 5 <= 3;
    if (top_row && middle) continue;
    const auto nodes = table.element(e);
    legs.connectivity.insert(legs.connectivity.end(), nodes.begin(), nodes.end());
    legs.element_ids.push_back(table.element_ids[static_cast<std::size_t>(e)]);
  }
  table = legs;
  add_box(mesh, "plank", {0, 0, 0}, {5, 1, 0.5}, {5, 1, 1});
  const ContactDetection d = detect_within(mesh, 0.1);
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 2u);
  for (const DetectedPair& p : d.pairs) {
    BOOST_TEST(p.components[0] == 0);
    BOOST_TEST(p.components[1] == 1);
    BOOST_TEST(p.faces[0].size() == 1u);  // the top of a leg
    BOOST_TEST(p.faces[1].size() == 2u);  // the plank above it and the next face (touching at the edge)
    BOOST_TEST(p.areas[0] == 1.0, boost::test_tools::tolerance(1e-12));
  }
  BOOST_TEST(d.pairs[0].surfaces[0] == "table_C1");
  BOOST_TEST(d.pairs[1].surfaces[1] == "plank_C2");
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.1, 45));
}

// Groups that share nodes are one component; a block of two parts splits into two components.
BOOST_AUTO_TEST_CASE(components_from_connectivity) {
  Mesh mesh;
  add_box(mesh, "part", {0, 0, 0}, {1, 1, 1}, {2, 2, 2});
  add_box(mesh, "other", {0, 0, 1}, {1, 1, 2}, {2, 2, 2});
  // Move every element of "other" into "part": one block of two parts.
  ElementBlock& part = mesh.blocks[0];
  part.connectivity.insert(part.connectivity.end(), mesh.blocks[1].connectivity.begin(), mesh.blocks[1].connectivity.end());
  part.element_ids.insert(part.element_ids.end(), mesh.blocks[1].element_ids.begin(), mesh.blocks[1].element_ids.end());
  mesh.blocks.pop_back();
  // A surface element on a volume face (as Gmsh writes a physical surface): no component.
  ElementBlock marker{"marker", ElementType::quad4, {}, {9001}};
  const auto top_face = faces(ElementType::hex8)[1];
  for (const int k : top_face.nodes) marker.connectivity.push_back(part.element(7)[static_cast<std::size_t>(k)]);
  mesh.blocks.push_back(marker);
  const std::vector<ElementGroup> groups = connected_components(mesh);
  BOOST_REQUIRE_EQUAL(groups.size(), 2u);
  BOOST_TEST(groups[0].name == "part-1");
  BOOST_TEST(groups[1].name == "part-2");
  BOOST_TEST(groups[0].elements.size() == 8u);
  const ContactDetection d = detect_contact(mesh, groups);
  BOOST_TEST(d.pairs.size() == 1u);

  // The lower part as two groups of four elements, which share nodes: one component.
  ElementGroup a{"a", {}}, b{"b", {}};
  for (Index e = 0; e < 8; ++e) (e < 4 ? a : b).elements.push_back({0, e});
  const ContactDetection merged = detect_contact(mesh, {a, b, groups[1]});
  BOOST_REQUIRE_EQUAL(merged.components.size(), 2u);
  BOOST_TEST(merged.components[0].name == "a+b");
  BOOST_TEST((merged.components[0].groups == std::vector<std::string>{"a", "b"}));
  BOOST_TEST(merged.components[0].skin.faces.size() == 24u);  // the cube's outside, not the a|b interface
  BOOST_TEST(merged.pairs.size() == 1u);
}

// A shell (quad4 grid) 0.01 above a block: its lower side (SNEG, local face 1: reversed nodes)
// faces the block's top; the include names it SNEG and the reader reads it back.
BOOST_AUTO_TEST_CASE(shell_above_block) {
  Mesh mesh;
  add_box(mesh, "block", {0, 0, 0}, {1, 1, 1}, {2, 2, 2});
  test::mapped_grid(mesh, ElementType::quad4, 3, 3, test::plate(0, 1, 0, 1, 1.01));
  mesh.blocks[1].name = "sheet";
  BOOST_REQUIRE_EQUAL(connected_components(mesh).size(), 2u);
  const ContactDetection d = detect_within(mesh, 0.02);
  BOOST_TEST(d.components[1].skin.faces.size() == 18u);  // both sides of 9 shells
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].faces[1].size() == 9u);
  BOOST_TEST(d.pairs[0].min_distance == 0.01, boost::test_tools::tolerance(1e-9));
  for (const Index f : d.pairs[0].faces[1]) {
    const SurfaceFace& face = d.components[1].skin.faces[static_cast<std::size_t>(f)];
    BOOST_TEST(face.owner.local_face == 1);
    BOOST_TEST(normal_of(mesh, face).z() == -1.0, boost::test_tools::tolerance(1e-12));
  }
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.02, 45));
  std::ostringstream include;
  write_contact_pairs_inp(include, mesh, d);
  BOOST_TEST(include.str().find(", SNEG\n") != std::string::npos);
  BOOST_TEST(include.str().find(", SPOS\n") == std::string::npos);
}

// Coaxial tubes (quad4 shells, radii 1 and 1.02, offset meshes): the facing sides everywhere,
// by brute force; and the same answer with 1 and 2 threads.
BOOST_AUTO_TEST_CASE(coaxial_tubes_against_brute_force) {
  Mesh mesh;
  test::mapped_grid(mesh, ElementType::quad4, 6, 24, test::cylinder(1.0, 0, 1.5, 0), true);
  test::mapped_grid(mesh, ElementType::quad4, 5, 31, test::cylinder(1.02, 0.1, 1.4, 0), true);
  const ContactDetection d = detect_within(mesh, 0.04);
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].faces[0].size() == 6u * 24);  // the outer side of the inner tube
  BOOST_TEST(d.pairs[0].faces[1].size() == 5u * 31);  // the inner side of the outer tube
  BOOST_CHECK(detected_faces(d) == brute_force_faces(mesh, d, 0.04, 45));
  const int threads = omp_get_max_threads();
  for (const int n : {1, 2}) {
    omp_set_num_threads(n);
    const ContactDetection again = detect_within(mesh, 0.04);
    BOOST_TEST(again.pairs[0].faces[0] == d.pairs[0].faces[0]);
    BOOST_TEST(again.pairs[0].faces[1] == d.pairs[0].faces[1]);
    BOOST_TEST(again.pairs[0].areas[0] == d.pairs[0].areas[0]);  // bit for bit
    BOOST_TEST(again.pairs[0].min_distance == d.pairs[0].min_distance);
  }
  omp_set_num_threads(threads);
}

// The include read back by the Abaqus reader together with the deck it was made for: the same
// faces under the same names, slave first.
BOOST_AUTO_TEST_CASE(include_reads_back) {
  const test::ScratchFolder folder;
  const auto deck = folder.write("deck.inp",
                                 "*NODE\n"
                                 "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
                                 "11,0.2,0.2,1\n12,0.8,0.2,1\n13,0.8,0.8,1\n14,0.2,0.8,1\n"
                                 "15,0.2,0.2,1.6\n16,0.8,0.2,1.6\n17,0.8,0.8,1.6\n18,0.2,0.8,1.6\n"
                                 "*ELEMENT, TYPE=C3D8, ELSET=Eall\n"
                                 "7,1,2,3,4,5,6,7,8\n9,11,12,13,14,15,16,17,18\n"
                                 "*ELSET, ELSET=Smast\n7\n"  // a set that the surface names must avoid
                                 "*INCLUDE, INPUT=pairs.inp\n");
  folder.write("pairs.inp", "** written below\n");
  const Mesh mesh = read_abaqus(deck);
  const ContactDetection d = detect_contact(mesh, connected_components(mesh));
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.components[0].name == "Eall-1");
  std::ostringstream include;
  write_contact_pairs_inp(include, mesh, d);
  folder.write("pairs.inp", include.str());
  const Mesh read = read_abaqus(deck);
  BOOST_REQUIRE_EQUAL(read.contact_pairs.size(), 1u);
  const DetectedPair& p = d.pairs[0];
  BOOST_TEST(p.master == 0);  // the larger face of the lower cube
  BOOST_TEST(read.contact_pairs[0].slave == p.surfaces[1]);
  BOOST_TEST(read.contact_pairs[0].master == p.surfaces[0]);
  BOOST_TEST((read.contact_pairs[0].mode == ContactMode::surface_to_surface));
  for (int side = 0; side < 2; ++side) {
    const SurfaceDefinition* surface = nullptr;
    for (const auto& s : read.surfaces)
      if (s.name == p.surfaces[static_cast<std::size_t>(side)]) surface = &s;
    BOOST_REQUIRE(surface != nullptr);
    std::vector<FaceRef> expected;
    for (const Index f : p.faces[static_cast<std::size_t>(side)])
      expected.push_back(d.components[static_cast<std::size_t>(p.components[static_cast<std::size_t>(side)])].skin.faces[static_cast<std::size_t>(f)].owner);
    BOOST_TEST((surface->faces == expected));
  }
  // Element 7's top is S2 (face 1 of a hex8: nodes 5..8), element 9's bottom S1.
  BOOST_TEST(include.str().find("\n7, S2\n") != std::string::npos);
  BOOST_TEST(include.str().find("\n9, S1\n") != std::string::npos);
  BOOST_TEST(include.str().find("*SURFACE INTERACTION, NAME=FECONTACT\n") != std::string::npos);
}

// Components in instances of an Abaqus assembly: their surfaces would belong inside *ASSEMBLY and
// the pairs after it, which one flat include cannot do; refused before anything is written.
BOOST_AUTO_TEST_CASE(include_refuses_instances) {
  const test::ScratchFolder folder;
  const Mesh mesh = read_abaqus(folder.write("deck.inp",
                                             "*Part, name=Cube\n*Node\n"
                                             "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
                                             "*Element, type=C3D8, elset=Solid\n1,1,2,3,4,5,6,7,8\n*End Part\n"
                                             "*Assembly, name=A\n*Instance, name=Lower, part=Cube\n*End Instance\n"
                                             "*Instance, name=Upper, part=Cube\n0.2, 0.2, 1.\n*End Instance\n"
                                             "*End Assembly\n"));
  const ContactDetection d = detect_contact(mesh, connected_components(mesh));
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.components[0].name == "Lower.Solid");
  std::ostringstream include;
  BOOST_CHECK_EXCEPTION(write_contact_pairs_inp(include, mesh, d), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()).find("component 'Lower.Solid' is in an instance") != std::string::npos;
  });
  BOOST_TEST(include.str().empty());
}

BOOST_AUTO_TEST_CASE(surface_names_avoid_the_mesh_names) {
  Mesh mesh;
  add_box(mesh, "9 lower/part", {0, 0, 0}, {1, 1, 1}, {1, 1, 1});
  add_box(mesh, "upper", {0, 0, 1}, {1, 1, 2}, {1, 1, 1});
  mesh.surfaces.push_back({"UPPER_C1", SurfaceDefinition::Kind::nodes, {}, {0}});
  const ContactDetection d = detect_contact(mesh, connected_components(mesh));
  BOOST_REQUIRE_EQUAL(d.pairs.size(), 1u);
  BOOST_TEST(d.pairs[0].surfaces[0] == "S9_lower_part_C1");
  BOOST_TEST(d.pairs[0].surfaces[1] == "upper_C1_1");
}

BOOST_AUTO_TEST_CASE(bad_arguments_are_rejected) {
  Mesh mesh;
  add_box(mesh, "a", {0, 0, 0}, {1, 1, 1}, {1, 1, 1});
  const auto groups = connected_components(mesh);
  const auto message_of = [&](const std::vector<ElementGroup>& g, const DetectionOptions& o) {
    try {
      detect_contact(mesh, g, o);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  DetectionOptions options;
  options.distance = -1;
  BOOST_TEST(message_of(groups, options).find("distance") != std::string::npos);
  options.distance = std::nan("");
  BOOST_TEST(message_of(groups, options).find("distance") != std::string::npos);
  options = {};
  options.angle_degrees = 181;
  BOOST_TEST(message_of(groups, options).find("angle") != std::string::npos);
  BOOST_TEST(message_of({{"empty", {}}}, {}).find("'empty' has no volume or shell element") != std::string::npos);
  BOOST_TEST(message_of({{"far", {{0, 5}}}}, {}).find("'far': element (block 0, element 5)") != std::string::npos);
  BOOST_TEST(message_of({{"far", {{3, 0}}}}, {}).find("'far'") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
