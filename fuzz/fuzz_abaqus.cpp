// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target of read_abaqus with *INCLUDE: the input is two files. The bytes after the
// first line "**@part.inp" (an Abaqus comment, so a seed reads the same either way) become
// part.inp beside main.inp; part.inp is written, possibly empty, for every input, so that
// "*INCLUDE, INPUT=part.inp" always resolves (and part.inp may include main.inp: a cycle).

#include "fecontact/io/abaqus_reader.hpp"
#include "invariant.hpp"
#include "mesh_contract.hpp"
#include "reader_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fecontact;
  constexpr std::string_view marker = "\n**@part.inp\n";
  const std::string_view text = fuzz::as_text(data, size);
  const std::size_t split = text.find(marker);
  const std::string_view main = text.substr(0, split);
  const std::string_view part =
      split == std::string_view::npos ? std::string_view() : text.substr(split + marker.size());
  fuzz::input_file("part.inp", part);
  const auto path = fuzz::input_file("main.inp", main);
  fuzz::expect_mesh_or_read_error([&] { return read_abaqus(path); });
  return 0;
}
