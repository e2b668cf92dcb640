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
  std::string out = "clang " __clang_version__;
#elif defined(__GNUC__)
  std::string out = "gcc " __VERSION__;
#else
  std::string out = "an unknown compiler";
#endif
  while (!out.empty() && out.back() == ' ') out.pop_back();  // clang's version string ends in a blank
  return out;
}

}  // namespace raidbench
