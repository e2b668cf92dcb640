#pragma once
/// Which raidbench this is and how it was built, for --version and every report: a figure is only as
/// good as the build that measured it (an unoptimised runner is slower, a debug build checks more).
#include <string>
#include <string_view>

namespace raidbench {

/// The library's version (CMakeLists.txt's project version; tests/cmake checks they agree).
inline constexpr std::string_view version = "0.1.0";

/// How this translation unit was built: "optimised" or "not optimised", and whether assertions run.
inline std::string build_type() {
  std::string out;
#if defined(__OPTIMIZE__)
  out = "optimised";
#else
  out = "not optimised";
#endif
#if !defined(NDEBUG)
  out += ", assertions on";
#endif
  return out;
}

/// The compiler that built it: "clang 14.0.6", "gcc 12.2.0".
inline std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "an unknown compiler";
#endif
}

}  // namespace raidbench
