// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Test helpers for readers and writers: a scratch folder for files a test writes (removed when
// the test ends), and the optional third-party meshes of FECONTACT_SHARED_DATA.

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fecontact::test {

/// A fresh folder under the system temporary folder, removed with everything in it on destruction.
class ScratchFolder {
 public:
  ScratchFolder() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("fecontact-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `bytes` verbatim (binary mode) to the file `name` (relative to this folder, folders
  /// created); returns its path.
  std::filesystem::path write(const std::string& name, std::string_view bytes) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write test file " + file.string());
    return file;
  }

  /// The whole content of a file.
  static std::string read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }

 private:
  std::filesystem::path path_;
};

/// `relative` (a file or a folder) under $FECONTACT_SHARED_DATA when the variable is set and it
/// exists. A case that needs it has the precondition SharedData (requirements.hpp).
inline std::optional<std::filesystem::path> shared_data_path(const std::string& relative) {
  const char* root = std::getenv("FECONTACT_SHARED_DATA");
  if (root == nullptr) return std::nullopt;
  const std::filesystem::path path = std::filesystem::path(root) / relative;
  if (!std::filesystem::exists(path)) return std::nullopt;
  return path;
}

}  // namespace fecontact::test
