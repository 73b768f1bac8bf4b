#pragma once
// Big arrays that a parallel loop writes before anything reads them, without a first pass that
// initializes them: that is a memset by one thread, which kept the Morton build from scaling
// (bench_bvh_scenes: 2-thread build of the 121k scenes 4-6% faster without it). A std::vector
// without the zero fill for trivial elements; a fixed array of unconstructed elements for types
// whose default constructor writes.

#include <memory>
#include <new>
#include <span>
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

/// Fixed storage for n elements of a type with a default constructor that writes (an Aabb's:
/// the empty box) but no destructor, left unconstructed: element i is constructed by
/// construct(i, value), by the parallel loop that fills the array, before anything reads it.
/// Value-initializing the patch boxes of a build was a serial pass over them, 40% of the
/// 2-thread build's box pass (122k cylinders of bench_bvh_scenes: 1.35 → 0.8 ms).
template <class T>
class UninitializedArray {
  static_assert(std::is_trivially_destructible_v<T>, "elements are never destroyed");

 public:
  explicit UninitializedArray(std::size_t size) : data_(std::allocator<T>().allocate(size)), size_(size) {}
  ~UninitializedArray() { std::allocator<T>().deallocate(data_, size_); }
  UninitializedArray(const UninitializedArray&) = delete;
  UninitializedArray& operator=(const UninitializedArray&) = delete;

  void construct(std::size_t i, const T& value) { std::construct_at(data_ + i, value); }
  /// All elements, once every one has been constructed.
  std::span<const T> elements() const { return {data_, size_}; }

 private:
  T* data_;
  std::size_t size_;
};

}  // namespace fecontact::detail
