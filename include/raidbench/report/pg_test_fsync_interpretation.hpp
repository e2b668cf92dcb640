#pragma once
/// What a pg_test_fsync-style run means for the storage under the file: the closing lines of
/// rb-fsync. It describes; the judgement is the flush rule's (verdict/flush_faster_than_media.hpp), as in every
/// other tool's report.
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/context/device_of_path.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench::pg_test_fsync {

/// The fastest flushing method of a run and its rate.
struct fastest_commit {
  std::string method;  ///< "open_datasync", "fdatasync"…
  double per_second = 0;
};

/// Sentences on the storage under `file`, the fastest flush, and the flush rule's verdict on it
/// (`judgement`, when the run measured a commit) as a sentence.
RAIDBENCH_API std::vector<std::string> interpretation(std::string_view file, const path_storage& storage,
                                                      const fastest_commit& fastest, const verdict* judgement);

}  // namespace raidbench::pg_test_fsync

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/pg_test_fsync_interpretation.hpp"
#endif
