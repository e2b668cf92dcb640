#pragma once
// The pg_test_fsync interpretation's definition (see core/linkage.hpp): included by
// pg_test_fsync_interpretation.hpp when header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/pg_test_fsync_interpretation.hpp"
#include "raidbench/context/device_of_path.hpp"

namespace raidbench::pg_test_fsync {

RAIDBENCH_API std::vector<std::string> interpretation(std::string_view file, const path_storage& storage,
                                                      const fastest_commit& fastest) {
  std::vector<std::string> out;
  if (!storage.device) {
    if (storage.filesystem == "tmpfs")
      out.push_back(fmt::format("{} is on tmpfs: it lives in memory, flushes reach no storage, and these "
                                "figures say nothing about a disk.", file));
    else
      out.push_back(fmt::format("{} is on {}, with no local block device under it: the flushes go where that "
                                "filesystem sends them.", file, storage.filesystem));
    return out;
  }
  const block_device& dev = *storage.device;
  const std::string where = dev.partition.empty() ? dev.disk : fmt::format("{} (partition {})", dev.disk, dev.partition);
  const std::string_view rotation = !dev.rotational ? "does not say whether it rotates"
                                    : *dev.rotational ? "reports itself rotational"
                                                      : "reports itself non-rotational";
  out.push_back(fmt::format("{} is on {} on {}, which {}.", file, storage.filesystem, where, rotation));
  out.push_back(fmt::format("Fastest flush: {} at {:.0f} per second; rotating media commit about rpm/60 times a "
                            "second, at most {:.0f} at 15k rpm.", fastest.method, fastest.per_second,
                            rotating_media_max_commits));
  if (fastest.per_second <= rotating_media_max_commits) {
    out.push_back("That is within what rotating media can do: the flushes appear to reach the disk.");
  } else if (dev.rotational && !*dev.rotational) {
    out.push_back("Flash can commit that fast by itself, so this rate alone does not show a write cache.");
  } else {
    out.push_back(fmt::format("{}a write cache is absorbing flushes (in a virtual machine, possibly the host's): "
                              "that is safe only with a healthy battery- or flash-backed cache, or a drive cache "
                              "that honours flushes.", dev.rotational ? "More than rotating media can do: "
                                                                      : "If these media rotate, "));
  }
  return out;
}

}  // namespace raidbench::pg_test_fsync
