#pragma once
// What a tool prints first with --context --no-controller: the storage context of its path, then
// that no controller was read, and only then its own output.
#include <string>

#include <boost/test/unit_test.hpp>

namespace raidbench::test {

/// `text` opens with the context of `path` and goes on after the controller's line with `next`.
inline void expect_context_first(const std::string& text, const std::string& path, const std::string& next) {
  BOOST_TEST(text.starts_with("context of " + path + "\n  kernel: "), text);
  BOOST_TEST(text.find("\ncontroller: not read (--no-controller)\n\n" + next) != std::string::npos, text);
}

}  // namespace raidbench::test
