// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target of read_gmsh: built twice (fuzz_gmsh_ascii, fuzz_gmsh_binary) with the
// ASCII or the binary seed corpus; the reader decides the format from the $MeshFormat header.

#include "fecontact/io/gmsh_reader.hpp"
#include "invariant.hpp"
#include "mesh_contract.hpp"
#include "reader_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fecontact;
  const auto path = fuzz::input_file("input.msh", fuzz::as_text(data, size));
  fuzz::expect_mesh_or_read_error([&] { return read_gmsh(path); });
  return 0;
}
