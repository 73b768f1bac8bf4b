// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The fuzzer's bytes as a file: the readers take a path, so each input is written to a file in a
// scratch folder of this process (one folder per process, removed at exit) and read from there.

#include <filesystem>
#include <string_view>

#include "scratch_files.hpp"

namespace fecontact::fuzz {

/// Writes the input to `name` in this process's scratch folder; returns its path.
inline std::filesystem::path input_file(const std::string& name, std::string_view bytes) {
  static const test::ScratchFolder folder;
  return folder.write(name, bytes);
}

}  // namespace fecontact::fuzz
