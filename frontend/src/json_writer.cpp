// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/json_writer.hpp"

#include <cmath>

#include "fecontact/detail/assert.hpp"

namespace fecontact {

JsonWriter::JsonWriter(std::ostream& out, int indent) : out_(out), indent_(indent) {
  FECONTACT_ASSERT(indent >= 0, "JsonWriter: indent must be >= 0");
}

JsonWriter& JsonWriter::begin_object() {
  begin(Container::object, '{');
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  end(Container::object, '}');
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  begin(Container::array, '[');
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  end(Container::array, ']');
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  FECONTACT_ASSERT(!open_.empty() && open_.back() == Container::object && !after_key_,
                   "JsonWriter: a key belongs in an object, before its value");
  if (!first_in_container_) out_ << ',';
  first_in_container_ = false;
  new_line();
  write_string(name);
  out_ << (indent_ > 0 ? ": " : ":");
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  before_value();
  write_string(text);
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) { return scalar(flag ? "true" : "false"); }

JsonWriter& JsonWriter::value(double number) {
  if (!std::isfinite(number)) return null();  // JSON has no NaN or infinity
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);  // shortest round trip
  return scalar(std::string_view(buffer, static_cast<std::size_t>(result.ptr - buffer)));
}

JsonWriter& JsonWriter::null() { return scalar("null"); }

bool JsonWriter::complete() const { return has_value_ && open_.empty(); }

JsonWriter& JsonWriter::scalar(std::string_view json) {
  before_value();
  out_ << json;
  return *this;
}

// Separators before a value: a comma and a new line inside an array, nothing after a key.
void JsonWriter::before_value() {
  if (open_.empty()) {
    FECONTACT_ASSERT(!has_value_, "JsonWriter: only one top-level value");
    has_value_ = true;
  } else if (open_.back() == Container::object) {
    FECONTACT_ASSERT(after_key_, "JsonWriter: a value in an object needs its key first");
    after_key_ = false;
  } else {
    if (!first_in_container_) out_ << ',';
    first_in_container_ = false;
    new_line();
  }
}

void JsonWriter::begin(Container container, char bracket) {
  before_value();
  out_ << bracket;
  open_.push_back(container);
  first_in_container_ = true;
}

void JsonWriter::end([[maybe_unused]] Container container, char bracket) {
  FECONTACT_ASSERT(!open_.empty() && open_.back() == container && !after_key_,
                   "JsonWriter: end does not match the open object or array");
  open_.pop_back();
  if (!first_in_container_) new_line();  // an empty container stays "{}" or "[]"
  out_ << bracket;
  first_in_container_ = false;
}

void JsonWriter::new_line() {
  if (indent_ == 0) return;
  out_ << '\n';
  for (std::size_t i = 0; i < open_.size() * static_cast<std::size_t>(indent_); ++i) out_ << ' ';
}

// RFC 8259 section 7: '"', '\' and U+0000..U+001F must be escaped.
void JsonWriter::write_string(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out_ << '"';
  for (const char c : text) {
    switch (c) {
      case '"': out_ << "\\\""; break;
      case '\\': out_ << "\\\\"; break;
      case '\b': out_ << "\\b"; break;
      case '\f': out_ << "\\f"; break;
      case '\n': out_ << "\\n"; break;
      case '\r': out_ << "\\r"; break;
      case '\t': out_ << "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out_ << "\\u00" << hex[(c >> 4) & 0xf] << hex[c & 0xf];
        } else {
          out_ << c;
        }
    }
  }
  out_ << '"';
}

}  // namespace fecontact
