// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// An Abaqus input deck split into keyword cards: "*KEYWORD, PARAM=VALUE, ..." lines with the
// data lines that follow them, *INCLUDE files expanded in place, "**" comments dropped. The
// files stay in memory for the whole read; cards point into them.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../mapped_file.hpp"

namespace fecontact::detail::abaqus {

/// Consecutive data lines of one card inside one file (comment and blank lines included; the
/// line reader skips them).
struct DataSegment {
  const MappedFile* file = nullptr;
  std::string_view text;
  std::size_t first_line = 0;  ///< 1-based line number of text's first line
};

struct Parameter {
  std::string key;    ///< upper case, inner blanks collapsed: "TYPE", "SMALL SLIDING"
  std::string value;  ///< as written, blanks and quotes trimmed; empty for a bare flag
  std::size_t column = 0;
};

struct Card {
  std::string keyword;  ///< upper case, inner blanks collapsed: "CONTACT PAIR"
  std::vector<Parameter> parameters;
  const MappedFile* file = nullptr;
  std::size_t line = 0;  ///< of the keyword line
  std::vector<DataSegment> data;

  const Parameter* find(std::string_view key) const;
  /// The value of a parameter that must be present and non-empty.
  const std::string& required(std::string_view key) const;
  /// Throws ReadError at this card's keyword line (at the parameter's column when given).
  [[noreturn]] void fail(const std::string& message, const Parameter* at = nullptr) const;
};

struct Deck {
  std::vector<std::unique_ptr<MappedFile>> files;
  std::vector<Card> cards;
};

/// Reads `path` and every file it includes (INPUT= relative to the including file).
/// Throws ReadError for unreadable files, include cycles and malformed keyword lines.
Deck read_deck(const std::filesystem::path& path);

/// Upper case with runs of blanks collapsed to one space and the ends trimmed.
std::string normalized(std::string_view text);

}  // namespace fecontact::detail::abaqus
