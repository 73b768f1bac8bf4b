// SPDX-License-Identifier: BSD-3-Clause
// bench_culling [--max-level L] [--runs N] [--out DIR] [--quiet] [--smoke]: the AABB-versus-OBB
// culling study (culling_study.hpp) as a table, a CSV and PNG plots drawn by gnuplot when it is
// installed (Debian gnuplot-nox). docs/culling holds a run of it.

#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "culling_study.hpp"

namespace {

using namespace fecontact::bench;

constexpr const char* usage =
    "usage: bench_culling [--max-level L] [--runs N] [--out DIR] [--quiet] [--smoke]\n"
    "AABB versus OBB trees on two contact scenes at growing resolution (icosphere levels 2..L):\n"
    "a sphere resting on a block (search distance 1e-4) and two coaxial cylindrical shells\n"
    "0.002 apart (search distance 0.003). Per scene, resolution and volume: build, refit and\n"
    "query time (medians of N runs, both trees), BV tests, candidate pairs, true contacts (exact\n"
    "triangle distance), BV tests per contact, false-positive ratio and tightness (patch volumes\n"
    "over area x 2 x search distance).\n"
    "  --max-level L  finest icosphere level, 2..8 (default 5; 7 is ~0.6 M patches)\n"
    "  --runs N       timing runs per figure, 1..100 (default 3)\n"
    "  --out DIR      where culling.csv, culling.gp and the PNG plots go (default culling)\n"
    "  --quiet        no progress lines\n"
    "  --smoke        level 2 only, one run (the ctest instance)\n";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

int integer(std::string_view text, const char* option, int lo, int hi) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < lo || value > hi)
    throw UsageError(std::string(option) + ": expected an integer in " + std::to_string(lo) + ".." +
                     std::to_string(hi) + ", found '" + std::string(text) + "'");
  return value;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

std::string fixed(double x, int digits) {
  if (std::isnan(x)) return "-";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

void print_rows(const std::vector<CullingRow>& rows) {
  std::printf("%-40s %9s %4s %9s %9s %9s %12s %11s %9s %13s %10s %9s\n", "scene", "patches", "bv", "build ms",
              "refit ms", "query ms", "bv tests", "candidates", "contacts", "tests/contact", "false pos.",
              "tightness");
  for (const auto& r : rows)
    std::printf("%-40s %9zu %4s %9s %9s %9s %12llu %11llu %9llu %13s %10s %9s\n", r.scene.c_str(), r.patches,
                r.bv.c_str(), fixed(r.build_ms, 2).c_str(), fixed(r.refit_ms, 2).c_str(), fixed(r.query_ms, 2).c_str(),
                static_cast<unsigned long long>(r.bv_tests), static_cast<unsigned long long>(r.candidates),
                static_cast<unsigned long long>(r.contacts), fixed(r.bv_tests_per_contact(), 1).c_str(),
                fixed(r.false_positive_ratio(), 3).c_str(), fixed(r.tightness, 2).c_str());
}

// Runs `gnuplot culling.gp` inside `folder`, with no shell between (a folder name may hold any
// character). Returns gnuplot's exit status, 127 when it could not be started.
int run_gnuplot(const std::filesystem::path& folder) {
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("cannot start gnuplot: fork failed");
  if (child == 0) {
    if (chdir(folder.c_str()) == 0) execlp("gnuplot", "gnuplot", "culling.gp", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  if (waitpid(child, &status, 0) < 0) throw std::runtime_error("cannot wait for gnuplot");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int run(int argc, char** argv) {
  CullingSettings settings;
  std::filesystem::path out = "culling";
  bool quiet = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    const auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) throw UsageError(std::string(word) + " needs a value");
      return argv[++i];
    };
    if (word == "--help") {
      std::cout << usage;
      return 0;
    } else if (word == "--max-level") {
      settings.max_level = integer(value(), "--max-level", 2, 8);
    } else if (word == "--runs") {
      settings.runs = integer(value(), "--runs", 1, 100);
    } else if (word == "--out") {
      out = std::string(value());
    } else if (word == "--quiet") {
      quiet = true;
    } else if (word == "--smoke") {
      settings.max_level = 2;
      settings.runs = 1;
    } else {
      throw UsageError("unknown argument '" + std::string(word) + "'");
    }
  }
  std::filesystem::create_directories(out);
  const auto rows = culling_study(settings, [&](const std::string& text) {
    if (!quiet) std::cerr << text << '\n';
  });
  print_rows(rows);
  write_file(out / "culling.csv", culling_csv(rows));
  write_file(out / "culling.gp", culling_gnuplot_script(rows));
  std::cout << "\nwrote " << (out / "culling.csv").string() << '\n';
  const int gnuplot = run_gnuplot(out);
  if (gnuplot == 127) {
    std::cout << "gnuplot not found: no plots (install the Debian package gnuplot-nox, then run gnuplot "
                 "culling.gp in "
              << out.string() << ")\n";
    return 0;
  }
  if (gnuplot != 0) throw std::runtime_error("gnuplot failed on " + (out / "culling.gp").string());
  for (const auto& png : culling_plots()) std::cout << "wrote " << (out / png).string() << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "bench_culling: " << e.what() << '\n' << usage;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "bench_culling: " << e.what() << '\n';
    return 1;
  }
}
