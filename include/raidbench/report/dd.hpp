#pragma once
/// dd's report lines: the records lines and the final statistics line of GNU coreutils dd 9.1
/// (its rounding and unit choices) and of BSD dd.
#include <cstdint>
#include <string>

#include "raidbench/core/linkage.hpp"
#include "raidbench/stats/record_counts.hpp"

namespace raidbench {

/// A byte count as GNU dd prints it in parentheses: "1.0 kB", "3.0 MiB", "215 GB", "999 B".
RAIDBENCH_API std::string dd_human_size(std::uint64_t bytes, bool iec);

/// GNU dd's rate, bytes over `elapsed_ns`: "161 MB/s", "41.9 MB/s", "0.0 kB/s", "Infinity B/s".
RAIDBENCH_API std::string dd_rate(std::uint64_t bytes, std::uint64_t elapsed_ns);

/// "N+M records in\nN+M records out\n", and "N truncated record(s)\n" when conv=block cut lines.
RAIDBENCH_API std::string dd_records_lines(const record_counts& r);

/// GNU dd's statistics line without its newline: "X bytes (Y GB, Z GiB) copied, T s, R MB/s".
/// `progress` rounds the seconds to whole ones, as status=progress does.
RAIDBENCH_API std::string dd_statistics_line(std::uint64_t bytes, std::uint64_t elapsed_ns, bool progress = false);

/// BSD dd's statistics line without its newline: "N bytes transferred in T secs (R bytes/sec)",
/// seconds cut to milliseconds and the rate to whole bytes, as OpenBSD's dd prints them.
RAIDBENCH_API std::string bsd_statistics_line(std::uint64_t bytes, std::uint64_t elapsed_ns);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/dd.hpp"
#endif
