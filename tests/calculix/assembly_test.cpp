// Proof by a real solver: three blocks stacked by gmsh without shared nodes (hex8 meshes of 4, 3
// and 2 cells a side, so no face meets a face of the other body node to node), the base held at
// its bottom, the two others guided sideways at their tops and the top one pushed down by F.
// With the include that `fecontact pairs` writes, contact is the only way down for the load:
// ccx converges and the reaction at the base is (0, 0, F). Without it the two upper blocks are
// not held along z: the reaction is not F (or ccx fails).

#include <cmath>
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

constexpr const char* geometry = R"(SetFactory("OpenCASCADE");
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

// File ids of the nodes of element set `set` at height z, ascending.
std::vector<FileId> nodes_at(const Mesh& mesh, const std::string& set, double z) {
  std::vector<FileId> ids;
  for (const auto& s : mesh.element_sets)
    if (s.name == set)
      for (const ElementRef& e : s.elements)
        for (const Index n : mesh.blocks[static_cast<std::size_t>(e.block)].element(e.element))
          if (std::abs(mesh.coordinates[static_cast<std::size_t>(n)].z() - z) < 1e-9)
            ids.push_back(mesh.node_ids[static_cast<std::size_t>(n)]);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::string node_set(const std::string& name, const std::vector<FileId>& ids) {
  std::string card = "*NSET, NSET=" + name + "\n";
  for (const FileId id : ids) card += std::to_string(id) + "\n";
  return card;
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

}  // namespace

BOOST_AUTO_TEST_CASE(assembly) {
  const auto tools = test::find_tools(true);
  if (!tools) return;
  const fs::path folder = test::work_folder("assembly");
  test::write_text(folder / "assembly.geo", geometry);
  BOOST_REQUIRE_EQUAL(test::run_in(folder, test::quoted(tools->gmsh) + " assembly.geo - -v 1", "gmsh.log"), 0);

  // The pairs, as a user would find them: the physical volumes are the bodies.
  BOOST_REQUIRE_EQUAL(test::run_in(folder, test::quoted(tools->fecontact) +
                                               " pairs assembly.inp --bodies base,middle,top --json --inp pairs.inp",
                                   "pairs.json"),
                      0);
  const test::JsonValue pairs = test::parse_json(test::read_text(folder / "pairs.json"));
  BOOST_REQUIRE_EQUAL(pairs["pairs"].size(), 2u);  // base - middle, middle - top; base and top are apart
  // Closed forms: the base's 4 × 4 top faces (0.5 wide) all meet the middle block's 1 × 1
  // bottom (3 × 3 faces), at least along an edge; the middle's 3 × 3 top faces all meet the top
  // block's 0.5 × 0.5 bottom (2 × 2 faces). The coarser side is the master.
  const struct {
    const char* a;
    const char* b;
    double faces_a, faces_b, area_a, area_b;
    const char* master;
  } expected[] = {{"base", "middle", 16, 9, 4, 1, "base_C1"}, {"middle", "top", 9, 4, 1, 0.25, "middle_C2"}};
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
  const std::vector<FileId> loaded = nodes_at(mesh, "top", 2.5);
  std::vector<FileId> guided = nodes_at(mesh, "middle", 2);
  guided.insert(guided.end(), loaded.begin(), loaded.end());
  const double per_node = 100;
  const double force = per_node * static_cast<double>(loaded.size());
  std::string loads;
  for (const FileId id : loaded) loads += std::to_string(id) + ", 3, -100.\n";
  for (const bool with_pairs : {true, false}) {
    test::write_text(folder / (with_pairs ? "with_pairs.inp" : "without_pairs.inp"),
                     std::string("*INCLUDE, INPUT=assembly.inp\n") + (with_pairs ? "*INCLUDE, INPUT=pairs.inp\n" : "") +
                         "*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n"
                         "*SOLID SECTION, ELSET=base, MATERIAL=STEEL\n"
                         "*SOLID SECTION, ELSET=middle, MATERIAL=STEEL\n"
                         "*SOLID SECTION, ELSET=top, MATERIAL=STEEL\n" +
                         node_set("FIXED", nodes_at(mesh, "base", 0)) + node_set("GUIDED", guided) +
                         "*BOUNDARY\nFIXED, 1, 3\nGUIDED, 1, 2\n*STEP\n*STATIC\n*CLOAD\n" + loads +
                         "*NODE PRINT, NSET=FIXED, TOTALS=ONLY\nRF\n*END STEP\n");
  }

  const CcxRun with = run_ccx(*tools, folder, "with_pairs");
  BOOST_TEST(with.status == 0);
  BOOST_TEST(with.finished);
  BOOST_REQUIRE_EQUAL(with.reaction.size(), 3u);
  BOOST_TEST(std::abs(with.reaction[0]) <= 1e-6 * force);
  BOOST_TEST(std::abs(with.reaction[1]) <= 1e-6 * force);
  BOOST_TEST(std::abs(with.reaction[2] - force) <= 1e-6 * force);
  std::cout << "ccx with the pairs: reaction at the base (" << with.reaction[0] << ", " << with.reaction[1] << ", "
            << with.reaction[2] << "), load " << force << "\n";

  const CcxRun without = run_ccx(*tools, folder, "without_pairs");
  const bool failed = without.status != 0 || !without.finished || without.reaction.size() != 3;
  BOOST_TEST((failed || std::abs(without.reaction[2] - force) > 1e-3 * force));
  std::cout << "ccx without them: status " << without.status << (without.finished ? ", finished" : ", not finished");
  if (without.reaction.size() == 3)
    std::cout << ", reaction at the base (" << without.reaction[0] << ", " << without.reaction[1] << ", "
              << without.reaction[2] << ")";
  std::cout << "\n";
}
