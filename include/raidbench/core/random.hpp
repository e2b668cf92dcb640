#pragma once
/// A fast seedable generator (xoshiro256**, seeded by splitmix64) and unbiased bounded draws.
#include <cstdint>

namespace raidbench {

namespace detail {
__extension__ using uint128 = unsigned __int128;  // GCC and clang both have it; -Wpedantic does not know
}  // namespace detail

/// xoshiro256**: four words of state, a handful of instructions a draw, reproducible from one seed.
class random_generator {
 public:
  explicit constexpr random_generator(std::uint64_t seed = 0) noexcept {
    for (auto& word : state_) word = splitmix64(seed);
  }

  constexpr std::uint64_t operator()() noexcept {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  /// Uniform in [0, bound) without modulo bias (Lemire's multiply-and-reject); bound > 0.
  constexpr std::uint64_t below(std::uint64_t bound) noexcept {
    detail::uint128 m = static_cast<detail::uint128>((*this)()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<detail::uint128>((*this)()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  /// Uniform in [0, 1).
  constexpr double unit() noexcept { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  static constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_[4]{};
};

}  // namespace raidbench
