// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Runs the real gmsh binary (path in FECONTACT_GMSH, set by ctest) on a .geo script written into
// a fresh temporary folder, which is removed with the runner. A case that uses it has the
// precondition gmsh_found (requirements.hpp).

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

#include "requirements.hpp"

namespace fecontact::test {

class GmshRunner {
 public:
  explicit GmshRunner(const std::string& name)
      : folder_(std::filesystem::temp_directory_path() /
                ("fecontact_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(folder_);
  }
  ~GmshRunner() {
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
  }
  GmshRunner(const GmshRunner&) = delete;
  GmshRunner& operator=(const GmshRunner&) = delete;

  const std::filesystem::path& folder() const { return folder_; }

  /// Writes `text` to folder()/name and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const auto path = folder_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  /// Runs `gmsh script -` in folder() (the script saves its own outputs); true on success,
  /// false also without gmsh.
  bool run(const std::string& script_name, const std::string& script) const {
    if (!gmsh_) return false;
    write(script_name, script);
    const std::string command = "cd '" + folder_.string() + "' && '" + gmsh_->string() + "' '" +
                                script_name + "' - -v 1 > '" + script_name + ".log' 2>&1";
    return std::system(command.c_str()) == 0;
  }

 private:
  std::filesystem::path folder_;
  std::optional<std::filesystem::path> gmsh_ = gmsh_binary();
};

}  // namespace fecontact::test
