#pragma once
/// What a pg_test_fsync-style run means for the storage under the file: the closing lines of rb-fsync.
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/context/device_of_path.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench::pg_test_fsync {

/// Commits per second a 15k rpm disk can reach at most: one per revolution, rpm / 60.
inline constexpr double rotating_media_max_commits = 15000.0 / 60.0;

/// The fastest flushing method of a run and its rate.
struct fastest_commit {
  std::string method;  ///< "open_datasync", "fdatasync"…
  double per_second = 0;
};

/// Sentences on the storage under `file` and on whether its flush rate shows a write cache.
RAIDBENCH_API std::vector<std::string> interpretation(std::string_view file, const path_storage& storage,
                                                      const fastest_commit& fastest);

}  // namespace raidbench::pg_test_fsync

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/pg_test_fsync_interpretation.hpp"
#endif
