#pragma once
// The final pass and --verify-only (see core/linkage.hpp).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/run/sync_io.hpp"
#include "raidbench/verify/check_files.hpp"

namespace raidbench::verify {

RAIDBENCH_API std::unique_ptr<session> session_from(journal record, std::size_t cap) {
  journal_layout layout = record.layout();
  auto s = std::make_unique<session>(std::move(layout), std::move(record), cap);
  const journal& j = *s->record();
  for (std::uint64_t i = 0; i < s->map().blocks(); ++i) s->map().set(i, j.acknowledged(i));
  return s;
}

namespace checking {

/// One file's judgement, kept apart until the file is read: a file with no block of the run is
/// one line, not a list of lost blocks.
struct file_tally {
  std::vector<finding> found;  // up to the cap
  std::uint64_t counts[error_kinds] = {};
  std::uint64_t ours = 0, foreign = 0, expected = 0;
  std::uint64_t other_run = 0;
};

inline void pass_on(findings& errors, file_tally& t) {
  for (std::size_t k = 0; k < error_kinds; ++k) {
    std::uint64_t left = t.counts[k];
    for (auto& f : t.found)
      if (static_cast<std::size_t>(f.kind) == k && left > 0) {
        errors.add(std::move(f));
        --left;
      }
    if (left > 0) errors.add(finding{static_cast<error_kind>(k), {}}, left);  // counted beyond the cap
  }
}

}  // namespace checking

RAIDBENCH_API expected<check_report> check_files(session& s, const check_options& options) {
  using namespace checking;
  const journal_layout& l = s.layout();
  const std::uint64_t block = l.block_size;
  const std::uint64_t per_file = l.blocks_per_file();
  const std::uint64_t chunk_blocks = std::max<std::uint64_t>(1, options.chunk / block);
  generation_map& map = s.map();
  findings& errors = s.errors();
  check_report report;
  const std::uint64_t start = now_ns();
  aligned_buffer buffer(chunk_blocks * block);
  std::vector<acknowledgement> acks;
  for (std::uint32_t f = 0; f < l.files.size(); ++f) {
    const std::string& name = l.files[f];
    std::uint64_t expected_blocks = 0;
    for (std::uint64_t b = 0; b < per_file; ++b) expected_blocks += map.generation(map.index(f, b)) != 0;
    if (expected_blocks == 0) continue;  // nothing the lineage wrote (or acknowledged) is there to check
    file_descriptor fd(::open(name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd) {
      if (errno != ENOENT) return system_failure("open", name, errno);
      errors.add(finding{error_kind::lost, fmt::format("lost: {} is missing: {} block(s) written by the run are gone with it", name,
                                                       expected_blocks)},
                 expected_blocks);
      continue;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return system_failure("stat", name, errno);
    if (!S_ISREG(st.st_mode)) return fail(fmt::format("{} is not a regular file", name));
    // From the storage, not the page cache: what a flush has not kept would otherwise still be read.
    if (::fdatasync(fd.get()) != 0) return system_failure("fdatasync", name, errno);
    (void)::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_DONTNEED);
    const std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
    const std::uint64_t whole = std::min(per_file, size / block);
    if (whole < per_file) {
      std::uint64_t beyond = 0, first = 0;
      for (std::uint64_t b = whole; b < per_file; ++b)
        if (map.generation(map.index(f, b)) != 0 && beyond++ == 0) first = b * block;
      if (beyond > 0)
        errors.add(finding{error_kind::lost, fmt::format("lost: {} is {} bytes long (truncated): {} written block(s) from offset {} "
                                                         "on are gone",
                                                         name, size, beyond, first)},
                   beyond);
    }
    file_tally tally;
    for (std::uint64_t b = 0; b < whole; b += chunk_blocks) {
      const std::uint64_t n = std::min(chunk_blocks, whole - b);
      const long got = raidbench::detail::pread_all(fd.get(), buffer.data(), n * block, b * block);
      if (got < 0) return system_failure("read", name, errno);
      if (static_cast<std::uint64_t>(got) != n * block) return fail(fmt::format("read {}: the file shrank while it was read", name));
      report.bytes_read += n * block;
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t index = map.index(f, b + i);
        const std::uint32_t want = map.generation(index);
        if (want == 0) continue;
        if (options.after_crash && s.record() && !s.record()->readable(index)) {
          ++report.unjudged;
          continue;
        }
        const std::uint64_t offset = (b + i) * block;
        const auto reading = read_block(buffer.data() + i * block, block, l.run, f, offset);
        ++report.blocks_checked;
        if (reading.what == block_reading::kind::foreign) {
          ++tally.foreign;
          if (reading.run != 0) tally.other_run = reading.run;
        } else if (reading.what != block_reading::kind::zero) {
          ++tally.ours;
        }
        if (options.adopt && (reading.what == block_reading::kind::intact || reading.what == block_reading::kind::torn))
          map.set(index, std::max(want, reading.newest > reading.generation ? reading.newest : reading.generation));
        if (options.after_crash && reading.what == block_reading::kind::intact && reading.generation > want) ++report.newer;
        bool in_flight = false;
        if (auto found = judge(reading, {want, options.after_crash}, name, offset, &in_flight)) {
          ++tally.counts[static_cast<std::size_t>(found->kind)];
          if (tally.found.size() < errors.cap()) tally.found.push_back(std::move(*found));
        }
        report.in_flight += in_flight;
        if (!options.after_crash) acks.push_back({index, want});
      }
    }
    if (tally.ours == 0 && tally.foreign > 0)
      errors.add_line(fmt::format("{} holds no block of run {:016x}: written by {}; not verified", name, l.run,
                                  tally.other_run ? fmt::format("another raidbench run ({:016x})", tally.other_run)
                                                  : std::string("another tool")));
    else pass_on(errors, tally);
    // The final pass flushed the file: every write read back is now durable.
    if (!acks.empty() && !s.acknowledge(acks)) return s.failure();
    acks.clear();
  }
  if (s.record() != nullptr)
    if (auto ok = s.record()->commit(); !ok) return error{"verification journal: " + ok.message(), ok.err().errnum};
  report.seconds = static_cast<double>(now_ns() - start) / 1e9;
  return report;
}

}  // namespace raidbench::verify
