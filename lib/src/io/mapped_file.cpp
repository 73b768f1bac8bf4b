// SPDX-License-Identifier: BSD-3-Clause
#include "mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <system_error>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {
namespace {
std::string reason(int error) { return std::generic_category().message(error); }
}  // namespace

MappedFile::MappedFile(const std::filesystem::path& path) : name_(path.string()) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ReadError(name_, 0, 0, "cannot open the file: " + reason(errno));
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    const bool directory = S_ISDIR(status.st_mode);
    ::close(fd);
    throw ReadError(name_, 0, 0,
                    directory ? "cannot read the file: it is a directory"
                              : "cannot read the file: it is not a regular file");
  }
  size_ = static_cast<std::size_t>(status.st_size);
  if (size_ == 0) {
    ::close(fd);
    return;
  }
  void* data = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  const int error = errno;
  ::close(fd);
  if (data == MAP_FAILED) throw ReadError(name_, 0, 0, "cannot map the file: " + reason(error));
  ::madvise(data, size_, MADV_SEQUENTIAL);
  data_ = static_cast<const char*>(data);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : name_(std::move(other.name_)), data_(other.data_), size_(other.size_) {
  other.data_ = nullptr;
  other.size_ = 0;
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
}

void MappedFile::release(std::size_t begin, std::size_t end) const {
  // Only whole pages: MADV_DONTNEED drops the process's copy of a clean, read-only file page;
  // touching it again maps it back from the file. (Never on heap memory: released anonymous
  // pages come back as zeros.)
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = (reinterpret_cast<std::uintptr_t>(data_ + begin) + page - 1) / page * page;
  const auto last = reinterpret_cast<std::uintptr_t>(data_ + end) / page * page;
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

}  // namespace fecontact::detail
