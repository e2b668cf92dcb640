#pragma once
/// Reading a file the user names as input (a controller dump, a benchmark output to compare, a
/// report): only a regular file (or standard input, where a tool takes '-'), never more than a cap,
/// and every failure, a read error in the middle included, one line naming the file.
#include <cstddef>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// The most an input may hold, whether a file or a vendor tool's output: dumps and benchmark
/// outputs are kilobytes to a few megabytes, and what is read is parsed in memory.
inline constexpr std::size_t input_cap = std::size_t{64} << 20;

/// The whole of `name`: a regular file, or standard input for "-" when `stdin_allowed`. A
/// directory, a device, a FIFO, more than `input_cap` bytes or a failed read is an error "cannot
/// read NAME: why".
RAIDBENCH_API expected<std::string> read_input_file(const std::string& name, bool stdin_allowed = false);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/core/impl/input_file.hpp"
#endif
