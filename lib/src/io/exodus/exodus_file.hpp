// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// An open Exodus II file, for the reader and the writer: the Exodus library's handle, closed on
// destruction, held under one process-wide lock (the library keeps its error state and its
// table of open files in globals, so two threads must not call it at once), and the library's
// last error message for the exceptions.

#include <filesystem>
#include <mutex>
#include <string>

namespace fecontact::detail {

class ExodusFile {
 public:
  enum class Mode { read, create };
  /// Opens `path` for reading, or creates it (replacing a file there) with 64-bit ids and maps
  /// when `wide_ids`. Throws std::runtime_error with the library's message on failure.
  ExodusFile(const std::filesystem::path& path, Mode mode, bool wide_ids = false);
  ~ExodusFile();
  ExodusFile(const ExodusFile&) = delete;
  ExodusFile& operator=(const ExodusFile&) = delete;

  int id() const { return id_; }
  /// Closes the file now (a writer's last step: the library writes its buffers). Throws
  /// std::runtime_error on failure.
  void close();
  /// Throws std::runtime_error("WHAT: <the library's last message>") when `status` < 0.
  void check(int status, const std::string& what) const;

 private:
  std::unique_lock<std::mutex> lock_;
  int id_ = -1;
};

/// The Exodus library's last error message.
std::string exodus_error_message();

}  // namespace fecontact::detail
