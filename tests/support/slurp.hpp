#pragma once
// The whole content of a file, as bytes ("" when it cannot be read).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace raidbench::test {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace raidbench::test
