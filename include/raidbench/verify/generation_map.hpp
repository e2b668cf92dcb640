#pragma once
/// The write generation of every block of a target, with a busy mark: a thread claims a block before
/// its I/O and releases it with the block's new generation after, so no two I/Os of a verified run
/// touch one block at once (what is there is then always known) — as sysbench keeps its threads off
/// each other's blocks with --validate. Four bytes per block.
#include <atomic>
#include <cstdint>
#include <memory>

namespace raidbench::verify {

class generation_map {
 public:
  /// Returned by try_claim for a block another I/O holds.
  static constexpr std::uint32_t busy = 0x8000'0000u;
  /// The highest generation a block can reach.
  static constexpr std::uint32_t max_generation = busy - 1;

  generation_map() = default;
  generation_map(std::uint32_t files, std::uint64_t blocks_per_file)
      : files_(files), blocks_per_file_(blocks_per_file), states_(std::make_unique<std::atomic<std::uint32_t>[]>(files * blocks_per_file)) {}

  std::uint32_t files() const noexcept { return files_; }
  std::uint64_t blocks_per_file() const noexcept { return blocks_per_file_; }
  std::uint64_t blocks() const noexcept { return files_ * blocks_per_file_; }
  std::uint64_t index(std::uint32_t file, std::uint64_t block) const noexcept { return file * blocks_per_file_ + block; }

  /// Marks the block busy and returns its generation, or `busy` when another I/O holds it.
  std::uint32_t try_claim(std::uint64_t i) noexcept {
    std::uint32_t s = states_[i].load(std::memory_order_relaxed);
    while (!(s & busy))
      if (states_[i].compare_exchange_weak(s, s | busy, std::memory_order_acquire, std::memory_order_relaxed)) return s;
    return busy;
  }
  /// Ends a claim, leaving `generation` as the block's.
  void release(std::uint64_t i, std::uint32_t generation) noexcept { states_[i].store(generation, std::memory_order_release); }
  /// The block's generation (with no I/O of the run in flight).
  std::uint32_t generation(std::uint64_t i) const noexcept { return states_[i].load(std::memory_order_acquire) & ~busy; }
  void set(std::uint64_t i, std::uint32_t generation) noexcept { states_[i].store(generation, std::memory_order_relaxed); }

 private:
  std::uint32_t files_ = 0;
  std::uint64_t blocks_per_file_ = 0;
  std::unique_ptr<std::atomic<std::uint32_t>[]> states_;
};

}  // namespace raidbench::verify
