// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Messages between ranks as bytes: values of trivially copyable types written one after another
// and read back in the same order by the receiver, which runs the same code.

#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include <Eigen/Core>

#include "fecontact/detail/assert.hpp"

namespace fecontact::detail::distributed {

using Message = std::vector<std::byte>;

template <class T>
void put(Message& message, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>, "put: only trivially copyable values travel as bytes");
  const std::size_t at = message.size();
  message.resize(at + sizeof(T));
  std::memcpy(message.data() + at, &value, sizeof(T));
}

template <int n>
void put(Message& message, const Eigen::Matrix<double, n, 1>& vector) {
  for (int i = 0; i < n; ++i) put(message, vector[i]);
}

/// Reads a message in the order it was written.
class MessageReader {
 public:
  explicit MessageReader(std::span<const std::byte> bytes) : bytes_(bytes) {}

  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>, "get: only trivially copyable values travel as bytes");
    FECONTACT_ASSERT(position_ + sizeof(T) <= bytes_.size(), "MessageReader: read past the end of a message");
    T value;
    std::memcpy(&value, bytes_.data() + position_, sizeof(T));
    position_ += sizeof(T);
    return value;
  }

  template <int n>
  Eigen::Matrix<double, n, 1> get_vector() {
    Eigen::Matrix<double, n, 1> vector;
    for (int i = 0; i < n; ++i) vector[i] = get<double>();
    return vector;
  }

  bool done() const { return position_ == bytes_.size(); }

 private:
  std::span<const std::byte> bytes_;
  std::size_t position_ = 0;
};

}  // namespace fecontact::detail::distributed
