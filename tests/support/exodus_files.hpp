// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Exodus test files from netCDF text (CDL, as ncdump writes it): `ncgen` (Debian netcdf-bin, path
// in FECONTACT_NCGEN, set by ctest) makes the binary file, and a few functions read the values
// the text states, so that a test compares the reader with the file itself. A case that uses
// them has the label "exodus" and the precondition exodus_tools_found.

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

#include "scratch_files.hpp"

namespace fecontact::test {

/// The ncgen binary that FECONTACT_NCGEN names, if it exists.
inline std::optional<std::filesystem::path> ncgen_binary() {
  const char* ncgen = std::getenv("FECONTACT_NCGEN");
  if (ncgen == nullptr || *ncgen == '\0' || !std::filesystem::exists(ncgen)) return std::nullopt;
  return std::filesystem::path(ncgen);
}

/// Precondition: fecontact was built with the Exodus library, and ncgen is there.
inline boost::test_tools::assertion_result exodus_tools_found(boost::unit_test::test_unit_id) {
#ifdef FECONTACT_HAS_EXODUS
  boost::test_tools::assertion_result found(ncgen_binary().has_value());
  if (!found) found.message() << "FECONTACT_NCGEN does not name an ncgen binary (Debian netcdf-bin)";
#else
  boost::test_tools::assertion_result found(false);
  found.message() << "fecontact was built without the Exodus library (Debian libexodusii-dev)";
#endif
  return found;
}

/// Writes `cdl` to folder/name.cdl and makes folder/name with `ncgen -k KIND` (classic, nc4, ...).
inline std::filesystem::path ncgen(const ScratchFolder& folder, const std::string& name, const std::string& cdl,
                                   const std::string& kind = "classic") {
  const auto text = folder.write(name + ".cdl", cdl);
  const auto binary = folder.path() / name;
  // Appends only: g++ 12 warns falsely (-Wrestrict) on "'" + std::string.
  std::string command = "'";
  command.append(ncgen_binary()->string()).append("' -k ").append(kind).append(" -o '").append(binary.string());
  command.append("' '").append(text.string()).append("'");
  if (std::system(command.c_str()) != 0) throw std::runtime_error("ncgen failed on " + text.string());
  return binary;
}

/// The CDL text with the global attributes the Exodus library needs to open a file (version,
/// word size), which SEACAS's dumps leave out.
inline std::string with_exodus_version(std::string cdl, int float_size = 4) {
  const std::string marker = "// global attributes:\n";
  const auto at = cdl.find(marker);
  if (at == std::string::npos) throw std::runtime_error("CDL without global attributes");
  cdl.insert(at + marker.size(), "\t\t:api_version = 5.1f ;\n\t\t:version = 5.1f ;\n\t\t:floating_point_word_size = " +
                                     std::to_string(float_size) + " ;\n");
  return cdl;
}

/// The position just after "\n <name> =" in the data section, if the variable has data.
inline std::optional<std::size_t> cdl_data(const std::string& cdl, const std::string& name) {
  const auto data = cdl.find("\ndata:\n");
  const auto at = cdl.find("\n " + name + " =", data);
  if (data == std::string::npos || at == std::string::npos) return std::nullopt;
  return at + name.size() + 4;
}

/// The numbers of a variable's data ("_", the fill value, as NaN); empty if it has none.
inline std::vector<double> cdl_numbers(const std::string& cdl, const std::string& name) {
  std::vector<double> values;
  const auto begin = cdl_data(cdl, name);
  if (!begin) return values;
  const auto end = cdl.find(';', *begin);
  std::string item;
  for (std::size_t i = *begin; i <= end; ++i) {
    const char c = cdl[i];
    if (c == ',' || c == ';' || c == ' ' || c == '\n') {
      if (item == "_") values.push_back(std::numeric_limits<double>::quiet_NaN());
      else if (!item.empty()) values.push_back(std::stod(item));
      item.clear();
    } else {
      item += c;
    }
  }
  return values;
}

/// The strings of a character variable's data ("name1", "name2", ...).
inline std::vector<std::string> cdl_strings(const std::string& cdl, const std::string& name) {
  std::vector<std::string> strings;
  const auto begin = cdl_data(cdl, name);
  if (!begin) return strings;
  const auto end = cdl.find(';', *begin);
  for (std::size_t i = cdl.find('"', *begin); i < end; i = cdl.find('"', i + 1)) {
    const auto close = cdl.find('"', i + 1);
    strings.push_back(cdl.substr(i + 1, close - i - 1));
    i = close;
  }
  return strings;
}

/// A dimension's length ("\tname = 4 ;"), if declared.
inline std::optional<long> cdl_dimension(const std::string& cdl, const std::string& name) {
  const auto at = cdl.find("\t" + name + " = ");
  if (at == std::string::npos) return std::nullopt;
  return std::stol(cdl.substr(at + name.size() + 4));
}

/// A text attribute ("\t\tvariable:name = "value" ;").
inline std::string cdl_attribute(const std::string& cdl, const std::string& variable, const std::string& name) {
  const auto at = cdl.find(variable + ":" + name + " = \"");
  if (at == std::string::npos) return "";
  const auto begin = at + variable.size() + name.size() + 5;
  return cdl.substr(begin, cdl.find('"', begin) - begin);
}

}  // namespace fecontact::test
