// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target of read_stl (ASCII and binary: the reader tells them apart by the file size).

#include "fecontact/io/stl_reader.hpp"
#include "invariant.hpp"
#include "mesh_contract.hpp"
#include "reader_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fecontact;
  const auto path = fuzz::input_file("input.stl", fuzz::as_text(data, size));
  fuzz::expect_mesh_or_read_error([&] { return read_stl(path); });
  return 0;
}
