// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Looks up a block, set or surface of a Mesh by its name, failing the test when it is absent.

#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace fecontact::test {

/// The element of `items` (anything with a `name`: blocks, sets, surfaces) called `name`.
template <class Item>
const Item& named(const std::vector<Item>& items, const std::string& name) {
  const auto found = std::find_if(items.begin(), items.end(),
                                  [&](const Item& item) { return item.name == name; });
  BOOST_TEST_REQUIRE((found != items.end()), "nothing named " << name);
  return *found;
}

}  // namespace fecontact::test
