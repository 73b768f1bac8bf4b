// SPDX-License-Identifier: BSD-3-Clause
#include "exodus_file.hpp"

#include <stdexcept>

#include <exodusII.h>

namespace fecontact::detail {
namespace {
std::mutex& library_lock() {
  static std::mutex lock;
  return lock;
}
}  // namespace

std::string exodus_error_message() {
  const char* message = nullptr;
  const char* function = nullptr;
  int code = 0;
  ex_get_err(&message, &function, &code);
  std::string text = message != nullptr && *message != '\0' ? message : "unknown error";
  if (code < 0) text.append(" (netCDF error ").append(std::to_string(code)).append(")");
  return text;
}

ExodusFile::ExodusFile(const std::filesystem::path& path, Mode mode, bool wide_ids) : lock_(library_lock()) {
  int compute_word_size = 8;  // doubles in memory, whatever the file stores
  int io_word_size = mode == Mode::create ? 8 : 0;
  if (mode == Mode::read) {
    float version = 0;
    id_ = ex_open(path.c_str(), EX_READ, &compute_word_size, &io_word_size, &version);
  } else {
    int flags = EX_CLOBBER;
    if (wide_ids) flags |= EX_NETCDF4 | EX_NOCLASSIC | EX_MAPS_INT64_DB | EX_IDS_INT64_DB;
    id_ = ex_create(path.c_str(), flags, &compute_word_size, &io_word_size);
  }
  if (id_ < 0) throw std::runtime_error(exodus_error_message());
  // Ids and maps as int64_t (FileId), bulk data (connectivity, set entries, counts) as int:
  // Index is 32-bit, and the netCDF library refuses a value that does not fit.
  ex_set_int64_status(id_, EX_IDS_INT64_API | EX_MAPS_INT64_API | EX_INQ_INT64_API);
}

ExodusFile::~ExodusFile() {
  if (id_ >= 0) ex_close(id_);
}

void ExodusFile::close() {
  const int status = ex_close(id_);
  id_ = -1;
  if (status < 0) throw std::runtime_error("cannot close: " + exodus_error_message());
}

void ExodusFile::check(int status, const std::string& what) const {
  if (status < 0) throw std::runtime_error(what + ": " + exodus_error_message());
}

}  // namespace fecontact::detail
