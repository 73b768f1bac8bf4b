// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Big arrays that a parallel loop writes before anything reads them, without a first pass that
// initializes them: that is a memset by one thread, which keeps a parallel build from scaling.
// A std::vector without the zero fill for trivial elements.

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace fecontact::detail {

/// std::allocator whose construction without arguments default-initializes, which leaves an
/// element of a trivial type unwritten (its page is first touched by the loop that fills it).
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  template <class U>
  void construct(U* p) noexcept {
    static_assert(std::is_trivially_default_constructible_v<U>, "only trivial elements are left unwritten");
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

/// A vector whose n-element constructor and resize leave trivial elements unwritten.
template <class T>
using UninitializedVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace fecontact::detail
