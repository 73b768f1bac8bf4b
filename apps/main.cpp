// SPDX-License-Identifier: BSD-3-Clause
// fecontact: the command-line program. Without arguments it runs the demo on the bundled model;
// otherwise the first word names a subcommand (see usage below).

#include <algorithm>
#include <iterator>
#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "commands.hpp"
#include "fecontact/io/read_error.hpp"

namespace {

constexpr const char* usage =
    "usage: fecontact [COMMAND] [ARGS...]\n"
    "\n"
    "Without a command: the demo on the bundled model (data/demo.msh), writing fecontact-demo.vtu.\n"
    "\n"
    "commands:\n"
    "  demo     the same, with options (--help)\n"
    "  info     blocks, element types, surfaces, contact pairs, diagnostics of a mesh\n"
    "  mass     volume, mass, centre of mass, inertia and principal axes per block\n"
    "  search   contact search between named surfaces, AABB or OBB trees\n"
    "  pairs    which bodies touch: contact pairs for a CalculiX/Abaqus deck\n"
    "  spin     torque-free rotation of a block about a principal axis\n"
    "\n"
    "Meshes: Gmsh .msh (2.2, 4.1), Abaqus/CalculiX .inp, STL, OBJ. 'fecontact COMMAND --help' for more;\n"
    "'fecontact --version' for the version.\n";

constexpr std::string_view commands[] = {"demo", "info", "mass", "search", "pairs", "spin"};

int dispatch(std::string_view command, fecontact::cli::Words rest) {
  using namespace fecontact::cli;
  if (command == "demo") return run_demo(rest);
  if (command == "info") return run_info(rest);
  if (command == "mass") return run_mass(rest);
  if (command == "search") return run_search(rest);
  if (command == "pairs") return run_pairs(rest);
  if (command == "spin") return run_spin(rest);
  throw UsageError("unknown command '" + std::string(command) + "'");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const std::string_view command = words.empty() ? "demo" : words.front();
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << usage;
    return 0;
  }
  if (command == "--version") {
    std::cout << "fecontact " << FECONTACT_VERSION << '\n';
    return 0;
  }
  const fecontact::cli::Words rest = words.empty() ? fecontact::cli::Words{}
                                                   : fecontact::cli::Words(words).subspan(1);
  try {
    return dispatch(command, rest);
  } catch (const fecontact::cli::UsageError& e) {
    const bool known = std::find(std::begin(commands), std::end(commands), command) != std::end(commands);
    std::cerr << "fecontact: " << e.what() << "\n(run 'fecontact " << (known ? command : "") << (known ? " " : "")
              << "--help')\n";
    return 2;
  } catch (const fecontact::ReadError& e) {
    std::cerr << "fecontact: cannot read mesh: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "fecontact: error: " << e.what() << '\n';
    return 1;
  }
}
