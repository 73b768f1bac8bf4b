// SPDX-License-Identifier: BSD-3-Clause
// JsonWriter: nesting, indentation, escaping, null for non-finite, doubles read back bit for bit.

#include "fecontact/frontend/json_writer.hpp"

#include <algorithm>
#include <bit>
#include <boost/test/unit_test.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fecontact::JsonWriter;

}  // namespace

BOOST_AUTO_TEST_SUITE(json_writer)

BOOST_AUTO_TEST_CASE(nesting_compact) {
  std::ostringstream out;
  JsonWriter json(out, 0);
  // One line per member:
  // clang-format off
  json.begin_object()
      .key("name").value("cube")
      .key("nodes").value(8)
      .key("ids").begin_array().value(std::int64_t{-3}).value(std::uint64_t{18446744073709551615u})
          .end_array()
      .key("empty").begin_object().end_object()
      .key("none").begin_array().end_array()
      .key("flags").begin_array().value(true).value(false).null().end_array()
      .key("nested").begin_array().begin_object().key("x").value(0.5).end_object()
          .begin_array().end_array().end_array()
      .end_object();
  // clang-format on
  BOOST_TEST(json.complete());
  BOOST_TEST(out.str() ==
             R"({"name":"cube","nodes":8,"ids":[-3,18446744073709551615],"empty":{},"none":[],)"
             R"("flags":[true,false,null],"nested":[{"x":0.5},[]]})");
}

BOOST_AUTO_TEST_CASE(nesting_indented) {
  std::ostringstream out;
  JsonWriter json(out, 2);
  BOOST_TEST(!json.complete());
  json.begin_object()
      .key("a")
      .begin_array()
      .value(1)
      .value(2)
      .end_array()
      .key("b")
      .begin_object()
      .end_object();
  BOOST_TEST(!json.complete());
  json.end_object();
  BOOST_TEST(json.complete());
  BOOST_TEST(out.str() == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

BOOST_AUTO_TEST_CASE(string_escaping) {
  std::ostringstream out;
  JsonWriter json(out, 0);
  const std::string text =
      std::string("q\" b\\ n\n r\r t\t b\b f\f nul") + '\0' + "\x1f del\x7f é/";
  json.begin_array().value(text).end_array();
  BOOST_TEST(out.str() ==
             "[\"q\\\" b\\\\ n\\n r\\r t\\t b\\b f\\f nul\\u0000\\u001f del\x7f é/\"]");
}

BOOST_AUTO_TEST_CASE(keys_are_escaped_too) {
  std::ostringstream out;
  JsonWriter(out, 0).begin_object().key("a\"b").value("c").end_object();
  BOOST_TEST(out.str() == R"({"a\"b":"c"})");
}

BOOST_AUTO_TEST_CASE(non_finite_doubles_are_null) {
  std::ostringstream out;
  JsonWriter json(out, 0);
  json.begin_array()
      .value(std::numeric_limits<double>::quiet_NaN())
      .value(std::numeric_limits<double>::infinity())
      .value(-std::numeric_limits<double>::infinity())
      .value(-0.0)
      .value(1.0)
      .value(1e300)
      .end_array();
  BOOST_TEST(out.str() == "[null,null,null,-0,1,1e+300]");
}

// Every double written reads back (std::from_chars) to the same bits: random bit patterns,
// which cover subnormals and extreme exponents, plus the edges of the range.
BOOST_AUTO_TEST_CASE(doubles_round_trip_bit_for_bit) {
  std::vector<double> values{0.1,
                             1.0 / 3.0,
                             std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::lowest(),
                             std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::denorm_min(),
                             -0.0,
                             0.0,
                             123456789.0};
  std::mt19937_64 random(42);
  while (values.size() < 5000) {
    const double x = std::bit_cast<double>(random());
    if (std::isfinite(x)) values.push_back(x);
  }
  std::ostringstream out;
  JsonWriter json(out, 0);
  json.begin_array();
  for (const double x : values) json.value(x);
  json.end_array();

  const std::string text = out.str();
  BOOST_TEST_REQUIRE(text.front() == '[');
  BOOST_TEST_REQUIRE(text.back() == ']');
  std::size_t start = 1;
  std::size_t mismatches = 0;
  for (const double x : values) {
    const std::size_t end = std::min(text.find(',', start), text.size() - 1);
    double back = 0;
    const auto result = std::from_chars(text.data() + start, text.data() + end, back);
    const bool same = result.ec == std::errc() && result.ptr == text.data() + end &&
                      std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(x);
    if (!same) ++mismatches;
    start = end + 1;
  }
  BOOST_TEST(mismatches == 0u);
  BOOST_TEST(start == text.size());  // exactly as many numbers as written
}

BOOST_AUTO_TEST_SUITE_END()
