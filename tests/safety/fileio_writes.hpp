#pragma once
// The rb-fileio steps that write its first file, test_file.0: what a safety test tries against
// whatever it put under that name.
#include <string>
#include <vector>

#include "../support/refusals.hpp"

namespace raidbench::test {

/// `cases`, then rb-fileio's prepare and its two write runs (`fileio`: the command and its file
/// options), each to be refused with `message`.
inline std::vector<refusal> with_fileio_writes(std::vector<refusal> cases, const std::string& fileio, const std::string& message) {
  for (const char* step : {"prepare", "--file-test-mode=rndwr --time=1 run", "--file-test-mode=seqwr --time=1 run"})
    cases.push_back({fileio + step, message});
  return cases;
}

}  // namespace raidbench::test
