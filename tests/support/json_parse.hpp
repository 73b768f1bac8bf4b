// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Test helper: a small strict JSON reader (RFC 8259 values; strings with the escapes JsonWriter
// writes), independent of the writer. Numbers keep their text so a test can read them back
// exactly with std::from_chars.

#include <charconv>
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fecontact::test {

struct JsonValue {
  enum class Type { null, boolean, number, string, array, object } type = Type::null;
  bool flag = false;
  std::string text;  // number: its JSON text; string: the unescaped string
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue> members;

  const JsonValue& operator[](const std::string& key) const {
    const auto found = members.find(key);
    if (type != Type::object || found == members.end()) throw std::runtime_error("no key " + key);
    return found->second;
  }
  const JsonValue& operator[](std::size_t i) const {
    if (type != Type::array || i >= items.size()) throw std::runtime_error("no item " + std::to_string(i));
    return items[i];
  }
  bool has(const std::string& key) const { return type == Type::object && members.count(key) > 0; }
  std::size_t size() const { return type == Type::object ? members.size() : items.size(); }
  /// The number, read back with std::from_chars (exact for the shortest round-trip form).
  double number() const {
    if (type != Type::number) throw std::runtime_error("not a number");
    double value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc{} || result.ptr != text.data() + text.size()) throw std::runtime_error("bad number " + text);
    return value;
  }
  long long integer() const {
    if (type != Type::number) throw std::runtime_error("not a number");
    long long value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc{} || result.ptr != text.data() + text.size()) throw std::runtime_error("not an integer " + text);
    return value;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  JsonValue document() {
    JsonValue v = value();
    skip_space();
    if (at_ != text_.size()) fail("text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON at " + std::to_string(at_) + ": " + what);
  }
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t')) ++at_;
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  JsonValue value() {
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end");
    JsonValue v;
    const char c = text_[at_];
    if (c == '{') {
      v.type = JsonValue::Type::object;
      ++at_;
      if (take('}')) return v;
      do {
        skip_space();
        const std::string key = string();
        expect(':');
        if (!v.members.emplace(key, value()).second) fail("duplicate key " + key);
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      v.type = JsonValue::Type::array;
      ++at_;
      if (take(']')) return v;
      do v.items.push_back(value());
      while (take(','));
      expect(']');
    } else if (c == '"') {
      v.type = JsonValue::Type::string;
      v.text = string();
    } else if (word("null")) {
    } else if (word("true")) {
      v.type = JsonValue::Type::boolean;
      v.flag = true;
    } else if (word("false")) {
      v.type = JsonValue::Type::boolean;
    } else {
      v.type = JsonValue::Type::number;
      const std::size_t start = at_;
      while (at_ < text_.size() && std::string_view("+-0123456789.eE").find(text_[at_]) != std::string_view::npos) ++at_;
      if (at_ == start) fail("unexpected character");
      v.text = std::string(text_.substr(start, at_ - start));
    }
    return v;
  }

  std::string string() {
    if (at_ >= text_.size() || text_[at_] != '"') fail("expected a string");
    ++at_;
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c == '\\') {
        if (at_ >= text_.size()) fail("unfinished escape");
        const char e = text_[at_++];
        const std::string_view from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
        const std::size_t k = from.find(e);
        if (k == std::string_view::npos) fail("unsupported escape");
        c = to[k];
      }
      out.push_back(c);
    }
    if (at_ >= text_.size()) fail("unterminated string");
    ++at_;
    return out;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

/// Parses a whole JSON text; throws std::runtime_error with the offset of the first error.
inline JsonValue parse_json(std::string_view text) { return JsonReader(text).document(); }

}  // namespace fecontact::test
