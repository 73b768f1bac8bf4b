// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What the CalculiX tests run and read: the tools (the fecontact program, ccx, gmsh, the decks of
// ../shared/data/calculix, from the environment ctest sets), a skip that ctest reports as such
// (main.cpp turns it into exit status 77), commands run in a scratch folder of the build tree,
// and the totals that ccx prints into its .dat file.

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fecontact::test {

/// Records that the running test case cannot run, with the reason on stdout.
void skip_test(const std::string& reason);

/// An executable named by environment variable `variable`, if set and present.
inline std::optional<std::filesystem::path> tool(const char* variable) {
  const char* path = std::getenv(variable);
  if (path == nullptr || *path == '\0' || !std::filesystem::exists(path)) return std::nullopt;
  return std::filesystem::path(path);
}

/// The fecontact program, ccx and gmsh, or a skip naming the first that is missing.
struct Tools {
  std::filesystem::path fecontact, ccx, gmsh;
};
inline std::optional<Tools> find_tools(bool need_gmsh) {
  const auto fecontact = tool("FECONTACT_PROGRAM");
  const auto ccx = tool("FECONTACT_CCX");
  const auto gmsh = tool("FECONTACT_GMSH");
  if (!fecontact) skip_test("the fecontact program is not built (FECONTACT_BUILD_APPS=OFF)");
  else if (!ccx) skip_test("ccx (Debian package calculix-ccx) is not installed");
  else if (need_gmsh && !gmsh) skip_test("gmsh is not installed");
  else return Tools{*fecontact, *ccx, gmsh.value_or("")};
  return std::nullopt;
}

/// The CalculiX decks (FECONTACT_SHARED_DATA/calculix/*.inp), sorted; a skip when there are none.
inline std::vector<std::filesystem::path> calculix_decks() {
  std::vector<std::filesystem::path> decks;
  const char* root = std::getenv("FECONTACT_SHARED_DATA");
  const std::filesystem::path folder = std::filesystem::path(root ? root : "") / "calculix";
  if (root != nullptr && std::filesystem::is_directory(folder))
    for (const auto& entry : std::filesystem::directory_iterator(folder))
      if (entry.path().extension() == ".inp") decks.push_back(entry.path());
  std::sort(decks.begin(), decks.end());
  if (decks.empty()) skip_test("no CalculiX decks in " + folder.string() + " (FECONTACT_SHARED_DATA)");
  return decks;
}

/// A fresh folder FECONTACT_WORK/`name` (the build tree: ccx writes its files where it runs, and
/// they stay for a look after the test).
inline std::filesystem::path work_folder(const std::string& name) {
  const char* root = std::getenv("FECONTACT_WORK");
  const std::filesystem::path folder =
      (root != nullptr && *root != '\0' ? std::filesystem::path(root) : std::filesystem::temp_directory_path() / "fecontact_calculix") / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

/// Runs `command` (a shell command line) in `folder` with stdout to `log` and stderr to
/// `log`.err there; returns its exit status.
inline int run_in(const std::filesystem::path& folder, const std::string& command, const std::string& log) {
  const std::string line = "cd '" + folder.string() + "' && " + command + " > '" + log + "' 2> '" + log + ".err'";
  const int status = std::system(line.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string quoted(const std::filesystem::path& path) {
  std::string text(1, '\'');
  text.append(path.string()).push_back('\'');
  return text;
}

/// The numbers on the first non-blank line after the last line of `dat` that starts (after
/// blanks) with "<quantity> for set <SET> " as ccx prints its totals (*NODE PRINT or *EL PRINT
/// with TOTALS=ONLY), e.g. quantity "total force (fx,fy,fz)", set "BOTTOM" (ccx's upper case).
/// ccx 2.20 writes "center ofgravity": read as "center of gravity". Empty when there is none.
inline std::vector<double> ccx_totals(const std::string& dat, const std::string& quantity, const std::string& set) {
  const std::string header = quantity + " for set " + set + " ";
  std::istringstream in(dat);
  std::vector<double> values;
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    line.erase(0, first);
    if (const auto typo = line.find("ofgravity"); typo != std::string::npos)
      line = line.substr(0, typo).append("of gravity").append(line.substr(typo + 9));
    if (line.compare(0, header.size(), header) != 0) continue;
    std::string numbers;
    while (std::getline(in, numbers) && numbers.find_first_not_of(" \r") == std::string::npos) {}
    std::istringstream fields(numbers);
    values.clear();
    for (double v; fields >> v;) values.push_back(v);
  }
  return values;
}

}  // namespace fecontact::test
