// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A small streaming JSON writer for reports: values go straight to an output stream.

#include <charconv>
#include <concepts>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

namespace fecontact {

/// Writes one JSON value (usually an object) to `out`, in the order of the calls:
///
///   JsonWriter json(out);
///   json.begin_object().key("nodes").value(8).key("name").value("cube").end_object();
///
/// Integers of any type but bool (char included) are written as numbers.
/// Doubles are written in the shortest form that reads back to the same double (std::to_chars);
/// NaN and ±infinity, which JSON cannot hold, are written as null. Strings are expected in UTF-8
/// and copied byte for byte, with '"', '\' and control characters escaped. Misuse (a value in an
/// object without its key, a key outside an object, an unbalanced end, a second top-level value)
/// is a programmer error caught by FECONTACT_ASSERT. Stream errors are the caller's to check.
class JsonWriter {
 public:
  /// `indent` spaces per nesting level, one element per line; 0 writes everything on one line.
  explicit JsonWriter(std::ostream& out, int indent = 2);

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(bool flag);
  JsonWriter& value(double number);
  template <std::integral Integer>
    requires(!std::same_as<Integer, bool>)
  JsonWriter& value(Integer number) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
    return scalar(std::string_view(buffer, static_cast<std::size_t>(result.ptr - buffer)));
  }
  JsonWriter& null();

  /// True once the top-level value is complete (every begin matched by its end).
  bool complete() const;

 private:
  enum class Container : std::uint8_t { object, array };

  JsonWriter& scalar(std::string_view json);  // a value already in JSON form
  void before_value();
  void begin(Container container, char bracket);
  void end(Container container, char bracket);
  void new_line();
  void write_string(std::string_view text);

  std::ostream& out_;
  int indent_;
  std::vector<Container> open_;
  bool first_in_container_ = true;
  bool after_key_ = false;
  bool has_value_ = false;  // the top-level value has begun
};

}  // namespace fecontact
