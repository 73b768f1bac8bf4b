// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Meshing a .geo file with the gmsh program at run time, as the sphere examples do: gmsh is found
// on PATH unless given, and a program without it reports itself skipped (exit status 77).

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <fecontact/core.hpp>

#include "command_line.hpp"

namespace solver {

/// The executable `name` in a folder of PATH, if any.
inline std::optional<std::filesystem::path> find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string folders = path ? path : "";
  for (std::size_t begin = 0; begin <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', begin), folders.size());
    const std::filesystem::path candidate = std::filesystem::path(folders.substr(begin, end - begin)) / name;
    if (end > begin && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return std::nullopt;
}

/// `gmsh` (empty: found on PATH) if it exists, else nullopt: the caller then prints
/// "skipped: gmsh not found" and exits with 77, ctest's SKIP_RETURN_CODE.
inline std::optional<std::filesystem::path> find_gmsh(const std::filesystem::path& gmsh) {
  const std::optional<std::filesystem::path> found = gmsh.empty() ? find_on_path("gmsh") : std::optional(gmsh);
  if (!found || !std::filesystem::exists(*found)) return std::nullopt;
  return found;
}

/// Meshes `geo` in 3D with gmsh, its DefineConstant parameters set to `parameters`, in a temporary
/// folder, and reads the result. Throws std::runtime_error with gmsh's log when gmsh fails.
inline fecontact::Mesh mesh_with_gmsh(const std::filesystem::path& gmsh, const std::filesystem::path& geo,
                                      const std::vector<std::pair<std::string, double>>& parameters) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::temp_directory_path() / ("fecontact_example_" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const auto quoted = [](const fs::path& p) { return std::string("'").append(p.string()).append("'"); };
  std::string command = quoted(gmsh) + " " + quoted(geo) + " -3 -format msh41 -v 1";
  for (const auto& [name, value] : parameters) command += " -setnumber " + name + " " + std::to_string(value);
  const fs::path msh = folder / (geo.stem().string() + ".msh");
  command += " -o " + quoted(msh) + " > " + quoted(folder / "gmsh.log") + " 2>&1";
  if (std::system(command.c_str()) != 0) {
    std::ifstream log(folder / "gmsh.log");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    fs::remove_all(folder);
    throw std::runtime_error("gmsh failed on " + geo.string() + ":\n" + text);
  }
  fecontact::Mesh mesh = fecontact::read_mesh(msh);
  fs::remove_all(folder);
  return mesh;
}

/// The meshing options the gmsh examples share: the .geo file, the gmsh program and the sizes the
/// .geo file takes as DefineConstants (size_contact near the contact, size_max away from it and
/// growth between), with the program's defaults.
struct GmshSizing {
  std::filesystem::path geo, gmsh;  // gmsh empty: found on PATH
  double size_contact = 0, size_max = 0, growth = 0;

  /// Takes --geo, --gmsh, --size-contact, --size-max and --growth; false for another option.
  bool parse(Option& option) {
    const std::string& name = option.name();
    if (name == "--geo") geo = option.text();
    else if (name == "--gmsh") gmsh = option.text();
    else if (name == "--size-contact") size_contact = option.number();
    else if (name == "--size-max") size_max = option.number();
    else if (name == "--growth") growth = option.number();
    else return false;
    return true;
  }

  /// The .geo file's parameters: size_contact, size_max and growth.
  std::vector<std::pair<std::string, double>> parameters() const {
    return {{"size_contact", size_contact}, {"size_max", size_max}, {"growth", growth}};
  }
};

}  // namespace solver
