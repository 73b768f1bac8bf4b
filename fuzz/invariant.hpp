// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What every fuzz target shares: its input bytes as text, and an abort that names the invariant
// a result broke (libFuzzer reports the abort as a crash, with this message and the input).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fecontact::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void broken(std::string_view invariant) {
  std::fprintf(stderr, "fuzz: the result breaks: %.*s\n", static_cast<int>(invariant.size()), invariant.data());
  std::abort();
}

inline void require(bool holds, std::string_view invariant) {
  if (!holds) broken(invariant);
}

}  // namespace fecontact::fuzz
