// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A read measured in a process of its own, so that its peak memory is the read's alone: the
// child runs the work and sends its Measure back through a pipe. Shared by bench_mesh_read and
// bench_exodus_read.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace fecontact::bench {

/// The resident set of this process, in KiB.
inline long resident_kib() {
  long pages = 0, resident = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// Runs work(m) in a forked child, m.start_kib set before it and m.peak_kib (the child's peak
/// resident set) after, and returns the child's m; m.ok is 0 when it did not come back.
template <class Measure, class Work>
Measure in_child(Work&& work) {
  static_assert(std::is_trivially_copyable_v<Measure>, "a Measure crosses the pipe as bytes");
  int fds[2];
  if (pipe(fds) != 0) std::abort();
  const pid_t child = fork();
  if (child == 0) {
    Measure m;
    m.start_kib = resident_kib();
    work(m);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    m.peak_kib = usage.ru_maxrss;
    m.ok = 1;
    if (write(fds[1], &m, sizeof m) != static_cast<ssize_t>(sizeof m)) _exit(1);
    _exit(0);
  }
  close(fds[1]);
  Measure m;
  if (read(fds[0], &m, sizeof m) != static_cast<ssize_t>(sizeof m)) m.ok = 0;
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return m;
}

}  // namespace fecontact::bench
