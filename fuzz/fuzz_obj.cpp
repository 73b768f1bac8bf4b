// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target of read_obj.

#include "fecontact/io/obj_reader.hpp"
#include "invariant.hpp"
#include "mesh_contract.hpp"
#include "reader_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fecontact;
  const auto path = fuzz::input_file("input.obj", fuzz::as_text(data, size));
  fuzz::expect_mesh_or_read_error([&] { return read_obj(path); });
  return 0;
}
