// SPDX-License-Identifier: BSD-3-Clause
#include "deck.hpp"

#include <algorithm>
#include <optional>

#include "../text_cursor.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::detail::abaqus {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

std::string_view unquote(std::string_view text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
    return text.substr(1, text.size() - 2);
  return text;
}

// "*Keyword, key=value, flag" (continuation lines already joined) -> Card. Columns are those of
// the first physical line; parameters on a continuation line get column 0 (unknown).
Card parse_keyword_line(std::string_view line, std::size_t first_line_length,
                        const MappedFile* file, std::size_t number) {
  Card card;
  card.file = file;
  card.line = number;
  std::size_t start = line.find('*') + 1;
  bool first = true;
  while (start <= line.size()) {
    const std::size_t comma = std::min(line.find(',', start), line.size());
    const std::string_view token = trim(line.substr(start, comma - start));
    const std::size_t offset =
        token.empty() ? start : static_cast<std::size_t>(token.data() - line.data());
    const std::size_t column = offset < first_line_length ? offset + 1 : 0;
    if (first) {
      card.keyword = normalized(token);
      if (card.keyword.empty())
        throw ReadError(file->name(), number, column, "expected a keyword name after '*'");
      first = false;
    } else if (!token.empty()) {
      const std::size_t equal = token.find('=');
      Parameter parameter{normalized(token.substr(0, std::min(equal, token.size()))), {}, column};
      if (equal != std::string_view::npos)
        parameter.value = std::string(unquote(trim(token.substr(equal + 1))));
      if (parameter.key.empty())
        throw ReadError(file->name(), number, column, "expected a parameter name before '='");
      card.parameters.push_back(std::move(parameter));
    }
    start = comma + 1;
  }
  return card;
}

class DeckReader {
 public:
  Deck deck;

  void read_file(const std::filesystem::path& path, const MappedFile* from, std::size_t from_line);

 private:
  void scan(const MappedFile& file);
  void include(const Card& card);

  std::vector<std::filesystem::path> open_files_;  // the include chain, outermost first
  std::optional<std::size_t> current_;             // the card that receives data lines
};

void DeckReader::read_file(const std::filesystem::path& path, const MappedFile* from,
                           std::size_t from_line) {
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
  if (std::find(open_files_.begin(), open_files_.end(), canonical) != open_files_.end())
    throw ReadError(from->name(), from_line, 0,
                    "include cycle: '" + path.string() + "' is already being read");
  std::unique_ptr<MappedFile> file;
  try {
    file = std::make_unique<MappedFile>(path);
  } catch (const ReadError& error) {
    if (from == nullptr) throw;
    throw ReadError(from->name(), from_line, 0,
                    "cannot open included file '" + path.string() + "': " + error.message());
  }
  deck.files.push_back(std::move(file));
  open_files_.push_back(canonical);
  scan(*deck.files.back());
  open_files_.pop_back();
}

void DeckReader::include(const Card& card) {
  const Parameter* input = card.find("INPUT");
  if (input == nullptr || input->value.empty()) card.fail("*INCLUDE needs INPUT=<file>");
  std::filesystem::path path(input->value);
  if (path.is_relative()) path = open_files_.back().parent_path() / path;
  read_file(path, card.file, card.line);
}

void DeckReader::scan(const MappedFile& file) {
  TextCursor in(file);
  const char* segment_begin = nullptr;  // the open data segment's first line
  std::size_t segment_line = 0;
  const auto close_segment = [&](const char* end) {
    if (segment_begin != nullptr && current_)
      deck.cards[*current_].data.push_back(
          {&file, std::string_view(segment_begin, static_cast<std::size_t>(end - segment_begin)),
           segment_line});
    segment_begin = nullptr;
  };
  while (!in.at_end()) {
    const std::string_view line = in.line();
    const std::string_view content = trim(line);
    if (content.starts_with("**")) continue;
    if (content.starts_with("*")) {
      close_segment(line.data());
      const std::size_t keyword_line = in.place(line.data()).line;
      std::string joined(line);
      // A keyword line ending with a comma continues on the next line, unless that line is
      // itself a keyword or a comment.
      while (trim(joined).ends_with(",") && !in.at_end() &&
             !trim(in.peek_line()).starts_with("*"))
        joined += trim(in.line());
      Card card = parse_keyword_line(joined, line.size(), &file, keyword_line);
      if (card.keyword == "INCLUDE") {
        include(card);
      } else {
        deck.cards.push_back(std::move(card));
        current_ = deck.cards.size() - 1;
      }
    } else if (!content.empty()) {
      if (!current_) in.fail_at(line.data(), "expected a keyword line (starting with '*')");
      if (segment_begin == nullptr) {
        segment_begin = line.data();
        segment_line = in.place(line.data()).line;
      }
    }
  }
  close_segment(in.position());
}

}  // namespace

std::string normalized(std::string_view text) {
  std::string out;
  for (const char c : trim(text)) {
    if (is_blank(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += detail::to_upper_ascii(c);
    }
  }
  return out;
}

const Parameter* Card::find(std::string_view key) const {
  for (const Parameter& parameter : parameters)
    if (parameter.key == key) return &parameter;
  return nullptr;
}

const std::string& Card::required(std::string_view key) const {
  const Parameter* parameter = find(key);
  if (parameter == nullptr || parameter->value.empty())
    fail("*" + keyword + " needs " + std::string(key) + "=<value>");
  return parameter->value;
}

void Card::fail(const std::string& message, const Parameter* at) const {
  throw ReadError(file->name(), line, at != nullptr ? at->column : 0, message);
}

Deck read_deck(const std::filesystem::path& path) {
  DeckReader reader;
  reader.read_file(path, nullptr, 0);
  return std::move(reader.deck);
}

}  // namespace fecontact::detail::abaqus
