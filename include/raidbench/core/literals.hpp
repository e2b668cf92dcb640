#pragma once
/// Size literals: 16_KiB, 1_GiB.
#include <cstdint>

namespace raidbench {

inline namespace literals {
/// 16_KiB, 1_GiB: sizes in code read like sizes in the docs.
constexpr std::uint64_t operator""_KiB(unsigned long long n) { return n << 10; }
constexpr std::uint64_t operator""_MiB(unsigned long long n) { return n << 20; }
constexpr std::uint64_t operator""_GiB(unsigned long long n) { return n << 30; }
constexpr std::uint64_t operator""_TiB(unsigned long long n) { return n << 40; }
}  // namespace literals

}  // namespace raidbench
