#pragma once
// The whole of an open file as text, for the tools that read other tools' output (rb-ctrl,
// rb-compare): a read error is an error naming the file, never a short text taken for the whole.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"

namespace raidbench::tools {

/// Reads `f` to its end; `name` is how the error names it ("cannot read NAME: reason").
inline expected<std::string> read_to_end(std::FILE* f, const std::string& name) {
  std::string text;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  if (std::ferror(f) != 0) return fail(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
  return text;
}

}  // namespace raidbench::tools
