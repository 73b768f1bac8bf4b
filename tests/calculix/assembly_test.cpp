// SPDX-License-Identifier: BSD-3-Clause
// Proof by a real solver: gmsh assemblies whose bodies share no node, loaded so that only
// contact can carry the load, run by ccx with and without the include that `fecontact pairs`
// writes. With it ccx converges and the reaction where the assembly is held equals the load;
// without it the loaded body is held by nothing along the load: the reaction is not the load
// (or ccx fails).
// - stacked_blocks: three blocks (hex8 meshes of 4, 3 and 2 cells a side, so no face meets a
//   face of the other body node to node), the base held at its bottom, the two others guided
//   sideways at their tops, the top one pushed down.
// - pin_in_hole: a pin (tet10) through a hole of the same radius in a plate (tet10, meshed
//   apart), the plate held at two sides, the pin held along its axis and, against turning,
//   across the seam line of its mesh; pushed sideways at its top: frictionless contact on the
//   curved wall carries the push.

#include <cmath>
#include <functional>
#include <initializer_list>
#include <iomanip>
#include <sstream>
#include <numbers>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "calculix_tools.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "json_parse.hpp"

namespace fs = std::filesystem;
using namespace fecontact;

namespace {

constexpr const char* stacked_blocks_geometry = R"(SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 2, 2, 1};
Box(2) = {0.5, 0.5, 1, 1, 1, 1};
Box(3) = {0.75, 0.75, 2, 0.5, 0.5, 0.5};
n() = {5, 4, 3};  // nodes per edge of each box
For v In {1:3}
  s() = Boundary{ Volume{v}; };
  c() = Unique(Abs(Boundary{ Surface{s()}; }));
  Transfinite Curve{c()} = n(v - 1);
EndFor
Transfinite Surface{:};
Recombine Surface{:};
Transfinite Volume{:};
Physical Volume("base") = {1};
Physical Volume("middle") = {2};
Physical Volume("top") = {3};
Mesh 3;
Save "assembly.inp";
)";

constexpr const char* pin_in_hole_geometry = R"(SetFactory("OpenCASCADE");
Box(1) = {-1.5, -1.5, 0, 3, 3, 1};
Cylinder(2) = {0, 0, 0, 0, 0, 1, 0.5};
BooleanDifference(3) = { Volume{1}; Delete; }{ Volume{2}; Delete; };
Cylinder(4) = {0, 0, -0.5, 0, 0, 2, 0.5};
Physical Volume("plate") = {3};
Physical Volume("pin") = {4};
Mesh.CharacteristicLengthMax = 0.5;
Mesh.ElementOrder = 2;
Mesh 3;
Save "assembly.inp";
)";

using NodeTest = std::function<bool(const Eigen::Vector3d&)>;

// File ids of the nodes of element set `set` that pass `test`, ascending.
std::vector<FileId> nodes_of(const Mesh& mesh, const std::string& set, const NodeTest& test) {
  std::vector<FileId> ids;
  for (const auto& s : mesh.element_sets)
    if (s.name == set)
      for (const ElementRef& e : s.elements)
        for (const Index n : mesh.blocks[static_cast<std::size_t>(e.block)].element(e.element))
          if (test(mesh.coordinates[static_cast<std::size_t>(n)])) ids.push_back(mesh.node_ids[static_cast<std::size_t>(n)]);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

NodeTest at(int axis, double value) {
  return [=](const Eigen::Vector3d& x) { return std::abs(x[axis] - value) < 1e-9; };
}

std::string node_set(const std::string& name, const std::vector<FileId>& ids) {
  std::string card = "*NSET, NSET=" + name + "\n";
  for (const FileId id : ids) card += std::to_string(id) + "\n";
  return card;
}

/// The model data and step of a deck, the mesh and (with_pairs) the pairs included: one steel
/// section per body, `constraints` (node sets and *BOUNDARY), a force `per_node` along `axis` on
/// each of `loaded`, the total reaction at node set FIXED printed.
std::string deck(bool with_pairs, const std::vector<std::string>& bodies, const std::string& constraints,
                 const std::vector<FileId>& loaded, int axis, double per_node) {
  std::string text = "*INCLUDE, INPUT=assembly.inp\n";
  if (with_pairs) text += "*INCLUDE, INPUT=pairs.inp\n";
  text += "*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n";
  for (const auto& body : bodies) text += "*SOLID SECTION, ELSET=" + body + ", MATERIAL=STEEL\n";
  text += constraints + "*STEP\n*STATIC\n*CLOAD\n";
  for (const FileId id : loaded) text += std::to_string(id) + ", " + std::to_string(axis + 1) + ", " + std::to_string(per_node) + "\n";
  return text + "*NODE PRINT, NSET=FIXED, TOTALS=ONLY\nRF\n*END STEP\n";
}

struct CcxRun {
  int status = 0;
  bool finished = false;  // "Job finished" and no *ERROR in its output
  std::vector<double> reaction;
};

CcxRun run_ccx(const test::Tools& tools, const fs::path& folder, const std::string& job) {
  CcxRun run;
  run.status = test::run_in(folder, test::quoted(tools.ccx) + " -i " + job, job + ".log");
  const std::string log = test::read_text(folder / (job + ".log"));
  run.finished = log.find("Job finished") != std::string::npos && log.find("*ERROR") == std::string::npos;
  run.reaction = test::ccx_totals(test::read_text(folder / (job + ".dat")), "total force (fx,fy,fz)", "FIXED");
  return run;
}

std::string vector_text(const std::vector<double>& v) {
  std::ostringstream text;
  text << std::setprecision(7) << "(";
  for (std::size_t i = 0; i < v.size(); ++i) text << (i > 0 ? ", " : "") << v[i];
  text << ")";
  return text.str();
}

/// Runs ccx on with_pairs.inp and without_pairs.inp in `folder`: with the pairs, the reaction
/// at FIXED must be −load (to 1e-6 of |load|) in each of `components`; without them, not along
/// the load (or ccx fails).
void check_ccx(const test::Tools& tools, const fs::path& folder, const Eigen::Vector3d& load,
               std::initializer_list<int> components) {
  const CcxRun with = run_ccx(tools, folder, "with_pairs");
  BOOST_TEST(with.status == 0);
  BOOST_TEST(with.finished);
  BOOST_TEST_REQUIRE(with.reaction.size() == 3u);
  for (const int i : components)
    BOOST_TEST(std::abs(with.reaction[static_cast<std::size_t>(i)] + load[i]) <= 1e-6 * load.norm(),
               "reaction component " << i << ": " << with.reaction[static_cast<std::size_t>(i)] << ", load " << load[i]);
  std::cout << "ccx with the pairs: reaction " << vector_text(with.reaction) << ", load (" << load.x() << ", "
            << load.y() << ", " << load.z() << ")\n";

  const CcxRun without = run_ccx(tools, folder, "without_pairs");
  const bool failed = without.status != 0 || !without.finished || without.reaction.size() != 3;
  const auto along = [&](const std::vector<double>& r) { return Eigen::Vector3d(r[0], r[1], r[2]).dot(load); };
  BOOST_TEST((failed || std::abs(along(without.reaction) + load.squaredNorm()) > 1e-3 * load.squaredNorm()));
  std::cout << "ccx without them: status " << without.status << (without.finished ? ", finished" : ", not finished")
            << (without.reaction.size() == 3 ? ", reaction " + vector_text(without.reaction) : "") << "\n";
}

struct ExpectedPair {
  std::string a, b;
  double faces_a, faces_b, area_a, area_b;
  std::string master;
};

/// Meshes `geometry` with gmsh and runs `fecontact pairs assembly.inp --bodies ... --json --inp
/// pairs.inp` in a fresh folder; returns its JSON.
test::JsonValue find_pairs(const test::Tools& tools, const fs::path& folder, const std::string& geometry,
                           const std::string& bodies) {
  test::write_text(folder / "assembly.geo", geometry);
  BOOST_TEST_REQUIRE(test::run_in(folder, test::quoted(tools.gmsh) + " assembly.geo - -v 1", "gmsh.log") == 0);
  BOOST_TEST_REQUIRE(test::run_in(folder, test::quoted(tools.fecontact) + " pairs assembly.inp --bodies " + bodies +
                                              " --json --inp pairs.inp",
                                  "pairs.json") == 0);
  return test::parse_json(test::read_text(folder / "pairs.json"));
}

}  // namespace

BOOST_AUTO_TEST_CASE(stacked_blocks) {
  const auto tools = test::find_tools(true);
  if (!tools) return;
  const fs::path folder = test::work_folder("stacked_blocks");
  const test::JsonValue pairs = find_pairs(*tools, folder, stacked_blocks_geometry, "base,middle,top");
  // Closed forms: the base's 4 × 4 top faces (0.5 wide) all meet the middle block's 1 × 1
  // bottom (3 × 3 faces), at least along an edge; the middle's 3 × 3 top faces all meet the top
  // block's 0.5 × 0.5 bottom (2 × 2 faces); base and top are apart. The coarser side is master.
  const ExpectedPair expected[] = {{"base", "middle", 16, 9, 4, 1, "base_C1"},
                                   {"middle", "top", 9, 4, 1, 0.25, "middle_C2"}};
  BOOST_TEST_REQUIRE(pairs["pairs"].size() == 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    const test::JsonValue& p = pairs["pairs"][k];
    BOOST_TEST(p["bodies"][0].text == expected[k].a);
    BOOST_TEST(p["bodies"][1].text == expected[k].b);
    BOOST_TEST(p["faces"][0].number() == expected[k].faces_a);
    BOOST_TEST(p["faces"][1].number() == expected[k].faces_b);
    BOOST_TEST(p["areas"][0].number() == expected[k].area_a, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(p["areas"][1].number() == expected[k].area_b, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(p["min_distance"].number() == 0.0);
    BOOST_TEST(p["max_distance"].number() == 0.0);
    BOOST_TEST(p["master"].text == expected[k].master);
  }

  const Mesh mesh = read_abaqus(folder / "assembly.inp");
  const std::vector<FileId> loaded = nodes_of(mesh, "top", at(2, 2.5));
  std::vector<FileId> guided = nodes_of(mesh, "middle", at(2, 2));
  guided.insert(guided.end(), loaded.begin(), loaded.end());
  const std::string constraints = node_set("FIXED", nodes_of(mesh, "base", at(2, 0))) + node_set("GUIDED", guided) +
                                  "*BOUNDARY\nFIXED, 1, 3\nGUIDED, 1, 2\n";
  for (const bool with_pairs : {true, false})
    test::write_text(folder / (with_pairs ? "with_pairs.inp" : "without_pairs.inp"),
                     deck(with_pairs, {"base", "middle", "top"}, constraints, loaded, 2, -100));
  check_ccx(*tools, folder, Eigen::Vector3d(0, 0, -100.0 * static_cast<double>(loaded.size())), {0, 1, 2});
}

BOOST_AUTO_TEST_CASE(pin_in_hole) {
  const auto tools = test::find_tools(true);
  if (!tools) return;
  const fs::path folder = test::work_folder("pin_in_hole");
  const test::JsonValue pairs = find_pairs(*tools, folder, pin_in_hole_geometry, "plate,pin");
  BOOST_TEST_REQUIRE(pairs["pairs"].size() == 1u);
  const test::JsonValue& p = pairs["pairs"][0];
  BOOST_TEST(p["bodies"][0].text == "plate");
  BOOST_TEST(p["bodies"][1].text == "pin");
  // The plate's side is the hole's wall, 2π r h = π (its quadratic faces within 1e-3 of the
  // cylinder); the pin's side is its wall in the hole and the faces that meet the hole's rims.
  BOOST_TEST(p["areas"][0].number() == std::numbers::pi, boost::test_tools::tolerance(1e-3));
  BOOST_TEST(p["areas"][1].number() >= 0.999 * std::numbers::pi);

  const Mesh mesh = read_abaqus(folder / "assembly.inp");
  const std::vector<FileId> loaded = nodes_of(mesh, "pin", at(2, 1.5));
  const NodeTest side = [](const Eigen::Vector3d& x) { return std::abs(std::abs(x.x()) - 1.5) < 1e-9; };
  const NodeTest seam = [](const Eigen::Vector3d& x) { return std::abs(x.y()) < 1e-9 && x.x() > 0; };
  // The seam of the pin's mesh (OpenCASCADE starts a cylinder's surface at angle 0): nodes on
  // it hold the pin against turning about its axis.
  BOOST_TEST_REQUIRE(!nodes_of(mesh, "pin", seam).empty());
  const std::string constraints = node_set("FIXED", nodes_of(mesh, "plate", side)) +
                                  node_set("AXIAL", nodes_of(mesh, "pin", [](const Eigen::Vector3d&) { return true; })) +
                                  node_set("SEAM", nodes_of(mesh, "pin", seam)) +
                                  "*BOUNDARY\nFIXED, 1, 3\nAXIAL, 3, 3\nSEAM, 2, 2\n";
  for (const bool with_pairs : {true, false})
    test::write_text(folder / (with_pairs ? "with_pairs.inp" : "without_pairs.inp"),
                     deck(with_pairs, {"plate", "pin"}, constraints, loaded, 0, 100));
  // The plate carries the push along x; across (y) and along the axis (z) the pin's own
  // constraints share the reactions, so only x is compared.
  check_ccx(*tools, folder, Eigen::Vector3d(100.0 * static_cast<double>(loaded.size()), 0, 0), {0});
}
