// Every reader takes a number field the same way: a single leading '+' is read as C's strtod
// reads it ("+0.5" is 0.5), and "+-0.5" is an error at its line, whatever the format.
#include <boost/test/unit_test.hpp>

#include <functional>
#include <string>

#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/io/obj_reader.hpp"
#include "fecontact/io/stl_reader.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

namespace {

using namespace fecontact;
using fecontact::test::ScratchFolder;

struct Format {
  std::string file;
  std::function<Mesh(const std::filesystem::path&)> read;
  std::string text;   // a tetrahedron or a triangle whose last x coordinate is written X
  std::size_t x_line; // the line of X
};

// The node or vertex at (X, 0, 1) last, the others with explicit '+' signs too.
const Format formats[] = {
    {"t.msh", read_gmsh,
     "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n+4\n1 +0 0 0\n2 1 0 0\n3 0 +1 0\n4 X 0 1\n"
     "$EndNodes\n$Elements\n1\n1 4 0 +1 2 3 4\n$EndElements\n",
     9},
    {"t.inp", read_abaqus,
     "*NODE\n+1, +0, 0, 0\n2, 1, 0, 0\n3, 0, +1, 0\n4, X, 0, 1\n*ELEMENT, TYPE=C3D4, ELSET=solid\n"
     "1, 1, 2, 3, +4\n",
     5},
    {"t.obj", read_obj, "v +0 0 0\nv 1 0 0\nv 0 +1 0\nv X 0 1\nf 1 2 +4\n", 4},
    {"t.stl", read_stl,
     "solid t\nfacet normal 0 +0 1\nouter loop\nvertex +0 0 0\nvertex 1 0 0\nvertex X 0 1\n"
     "endloop\nendfacet\nendsolid t\n",
     6},
};

std::string with_x(std::string text, const std::string& x) { return text.replace(text.find('X'), 1, x); }

}  // namespace

BOOST_AUTO_TEST_SUITE(number_fields)

BOOST_AUTO_TEST_CASE(a_leading_plus_reads_as_strtod_reads_it) {
  const ScratchFolder folder;
  for (const Format& format : formats) {
    BOOST_TEST_CONTEXT(format.file) {
      const Mesh mesh = format.read(folder.write(format.file, with_x(format.text, "+0.5e+0")));
      BOOST_TEST_REQUIRE(!mesh.coordinates.empty());
      BOOST_TEST(mesh.coordinates.back().x() == 0.5);
      BOOST_TEST(mesh.coordinates.front().x() == 0.0);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_plus_before_a_sign_is_an_error_at_its_line) {
  const ScratchFolder folder;
  for (const Format& format : formats) {
    BOOST_TEST_CONTEXT(format.file) {
      const auto path = folder.write(format.file, with_x(format.text, "+-0.5"));
      test::expect_read_error([&] { format.read(path); }, path, format.x_line, "+-0.5");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
