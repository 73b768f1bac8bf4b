// fecontact bench [--max-level L] [--runs N] [--out DIR] [--quiet]: the AABB-versus-OBB
// culling study, as a table, a CSV and PNG plots (gnuplot).

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "command_line.hpp"
#include "culling_study.hpp"
#include "progress.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact bench [--max-level L] [--runs N] [--out DIR] [--quiet]\n"
    "AABB versus OBB trees on two contact scenes at growing resolution (icosphere levels 2..L):\n"
    "a sphere resting on a block (search distance 1e-4) and two coaxial cylindrical shells\n"
    "0.002 apart (search distance 0.003). Per scene, resolution and volume: build, refit and\n"
    "query time (medians of N runs, both trees), BV tests, candidate pairs, true contacts (exact\n"
    "triangle distance), BV tests per contact, false-positive ratio and tightness (patch volumes\n"
    "over area x 2 x search distance).\n"
    "  --max-level L  finest icosphere level (default 5; 7 is ~0.6 M patches)\n"
    "  --runs N       timing runs per figure (default 3)\n"
    "  --out DIR      where culling.csv, culling.gp and the PNG plots go (default fecontact-bench)\n"
    "  --quiet        no progress line\n";

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

void print_rows(const std::vector<CullingRow>& rows) {
  Table table({"scene", "patches", "bv", "build ms", "refit ms", "query ms", "bv tests", "candidates",
               "contacts", "tests/contact", "false pos.", "tightness"});
  for (const auto& r : rows) {
    const double per = r.bv_tests_per_contact(), fp = r.false_positive_ratio();
    table.add_row({r.scene, std::to_string(r.patches), r.bv, format_fixed(r.build_ms, 2), format_fixed(r.refit_ms, 2),
                   format_fixed(r.query_ms, 2), std::to_string(r.bv_tests), std::to_string(r.candidates),
                   std::to_string(r.contacts), std::isnan(per) ? "-" : format_number(per, 4),
                   std::isnan(fp) ? "-" : format_fixed(fp, 3), format_number(r.tightness, 4)});
  }
  table.print(std::cout);
}

}  // namespace

int run_bench(Words words) {
  static constexpr OptionSpec options[] = {{"max-level", true}, {"runs", true}, {"out", true}, {"quiet"}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  if (!arguments->positional().empty()) throw UsageError("bench takes no positional argument");
  CullingSettings settings;
  if (const auto l = arguments->value("max-level")) settings.max_level = parse_integer(*l, "--max-level", 2, 8);
  if (const auto n = arguments->value("runs")) settings.runs = parse_integer(*n, "--runs", 1, 100);
  const std::filesystem::path out = arguments->value("out").value_or("fecontact-bench");
  std::filesystem::create_directories(out);
  std::vector<CullingRow> rows;
  {
    Progress progress(arguments->has("quiet"));
    rows = culling_study(settings, [&](const std::string& text) { progress.update(text); });
  }
  print_rows(rows);
  write_file(out / "culling.csv", culling_csv(rows));
  write_file(out / "culling.gp", culling_gnuplot_script(rows));
  std::cout << "\nwrote " << (out / "culling.csv").string() << '\n';
  if (std::system("command -v gnuplot > /dev/null 2>&1") != 0) {
    std::cout << "gnuplot not found: no plots (install the Debian package gnuplot-nox, then run\n"
              << "  cd " << out.string() << " && gnuplot culling.gp)\n";
    return 0;
  }
  const std::string command = "cd '" + out.string() + "' && gnuplot culling.gp";
  if (std::system(command.c_str()) != 0) throw std::runtime_error("gnuplot failed on " + (out / "culling.gp").string());
  for (const auto& png : culling_plots()) std::cout << "wrote " << (out / png).string() << '\n';
  return 0;
}

}  // namespace fecontact::cli
