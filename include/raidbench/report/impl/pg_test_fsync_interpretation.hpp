#pragma once
// The pg_test_fsync interpretation's definition (see core/linkage.hpp): included by
// pg_test_fsync_interpretation.hpp when header-only, compiled once in raidbench_compiled otherwise.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/pg_test_fsync_interpretation.hpp"
#include "raidbench/context/device_of_path.hpp"
#include "raidbench/verdict/flush_faster_than_media.hpp"

namespace raidbench::pg_test_fsync {

RAIDBENCH_API std::vector<std::string> interpretation(std::string_view file, const path_storage& storage,
                                                      const fastest_commit& fastest, const verdict* judgement) {
  std::vector<std::string> out;
  if (!storage.device) {
    out.push_back(storage.filesystem == "tmpfs"
                      ? fmt::format("{} is on tmpfs: it lives in memory, flushes reach no storage, and these figures "
                                    "say nothing about a disk.", file)
                      : fmt::format("{} is on {}, with no local block device under it: the flushes go where that "
                                    "filesystem sends them.", file, storage.filesystem));
  } else {
    const block_device& dev = *storage.device;
    const std::string where = dev.partition.empty() ? dev.disk : fmt::format("{} (partition {})", dev.disk, dev.partition);
    const std::string_view rotation = !dev.rotational ? "does not say whether it rotates"
                                      : *dev.rotational ? "reports itself rotational"
                                                        : "reports itself non-rotational";
    out.push_back(fmt::format("{} is on {} on {}, which {}.", file, storage.filesystem, where, rotation));
  }
  if (fastest.per_second > 0)
    out.push_back(fmt::format("Fastest flush: {} at {:.0f} per second; rotating media commit about rpm/60 times a "
                              "second, at most {:.0f} at {:.0f} rpm.", fastest.method, fastest.per_second,
                              fastest_spindle_rpm / 60, fastest_spindle_rpm));
  if (judgement && !judgement->message.empty() && storage.device) {
    std::string sentence = judgement->message;
    sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
    out.push_back(sentence + ".");
  }
  return out;
}

}  // namespace raidbench::pg_test_fsync
