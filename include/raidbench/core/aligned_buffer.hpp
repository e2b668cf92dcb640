#pragma once
/// An I/O buffer aligned for O_DIRECT (4096 bytes covers every logical block size in use).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace raidbench {

/// Heap buffer with a fixed size and alignment, zero-filled, allocated once before the timed loop.
class aligned_buffer {
 public:
  static constexpr std::size_t default_alignment = 4096;

  aligned_buffer() noexcept = default;
  explicit aligned_buffer(std::size_t size, std::size_t alignment = default_alignment)
      : size_(size) {
    // aligned_alloc needs a size that is a multiple of the alignment (and rounding must not wrap).
    if (size > SIZE_MAX - alignment) throw std::bad_alloc();
    const std::size_t rounded = (size + alignment - 1) / alignment * alignment;
    data_ = static_cast<std::byte*>(std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded));
    if (data_ == nullptr) throw std::bad_alloc();
    std::memset(data_, 0, rounded == 0 ? alignment : rounded);
  }
  aligned_buffer(aligned_buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  aligned_buffer& operator=(aligned_buffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  ~aligned_buffer() { std::free(data_); }

  std::byte* data() noexcept { return data_; }
  const std::byte* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

 private:
  std::byte* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace raidbench
