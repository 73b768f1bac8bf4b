// SPDX-License-Identifier: BSD-3-Clause
// Sizes past the 2^31 - 1 items an Index addresses are refused with a clear error, not wrapped
// around (checked_index.hpp). The counts are synthetic: a model that large does not fit a test.

#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "fecontact/compressed_rows.hpp"
#include "fecontact/detail/checked_index.hpp"

using namespace fecontact;

BOOST_AUTO_TEST_SUITE(index_limits)

BOOST_AUTO_TEST_CASE(counts_up_to_the_largest_index_pass_unchanged) {
  constexpr std::int64_t largest = std::numeric_limits<Index>::max();
  BOOST_TEST(detail::checked_index(0, "points") == 0);
  BOOST_TEST(detail::checked_index(largest, "points") == std::numeric_limits<Index>::max());
}

BOOST_AUTO_TEST_CASE(counts_past_it_throw_naming_what_overflowed) {
  constexpr std::int64_t largest = std::numeric_limits<Index>::max();
  // 1.2·10⁸ quad9 faces in a two-configuration tree: 2 × 9 control points each.
  const std::int64_t quad9_points = std::int64_t{120'000'000} * 2 * 9;
  for (const std::int64_t count : {largest + 1, quad9_points, std::int64_t{-1}}) {
    try {
      detail::checked_index(count, "patch geometry points");
      BOOST_ERROR("no error for " << count);
    } catch (const std::invalid_argument& e) {
      const std::string message = e.what();
      BOOST_TEST(message.find("patch geometry points") != std::string::npos, message);
      BOOST_TEST(message.find(std::to_string(count)) != std::string::npos, message);
    }
  }
}

BOOST_AUTO_TEST_CASE(compressed_rows_keep_their_offsets) {
  CompressedRows rows;
  const Index first[] = {4, 5};
  rows.push_row(first);
  rows.push_row({});
  BOOST_TEST(rows.size() == 2);
  BOOST_TEST(rows.offsets == (std::vector<Index>{0, 2, 2}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
