#include "files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/owned_file.hpp"
#include "raidbench/core/random.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/sysbench.hpp"
#include "raidbench/run/checked_block.hpp"

namespace rb_fileio {

using raidbench::expected;
using raidbench::fail;

namespace {
std::uint64_t current_size(const held_directory& dir, const std::string& name) {
  const auto st = dir.status(name);
  return st && S_ISREG(st->st_mode) ? static_cast<std::uint64_t>(st->st_size) : 0;
}
// Prepare writes whole blocks from a file's end until it holds file_size bytes, as sysbench does.
std::uint64_t bytes_to_write(std::uint64_t have, std::uint64_t want, std::uint64_t block) {
  if (have >= want) return 0;
  return (want - have + block - 1) / block * block;
}
}  // namespace

std::string file_name(std::uint32_t i) { return fmt::format("test_file.{}", i); }

__extension__ using wide = unsigned __int128;  // sums of sizes that may pass 2^64

expected<void> check_free_space(const held_directory& dir, const options& o) {
  const std::filesystem::path shown = dir.path().empty() ? "." : dir.path();
  struct statvfs vfs {};
  if (::fstatvfs(dir.fd(), &vfs) != 0) return raidbench::system_failure("statvfs", shown.string(), errno);
  const auto available = static_cast<wide>(vfs.f_bavail) * vfs.f_frsize;
  // Summed without overflow; past 4096 files, no further than the free space, so that a huge
  // --file-num is refused at once rather than after a stat() of every name.
  wide needed = 0;
  std::uint32_t counted = 0;
  for (; counted < o.files && (counted < 4096 || needed <= available); ++counted)
    needed += bytes_to_write(current_size(dir, file_name(counted)), o.file_size(), o.block_size);
  if (needed > available) {
    auto as_u64 = [](wide v) { return static_cast<std::uint64_t>(std::min<wide>(v, UINT64_MAX)); };
    return fail(fmt::format("prepare needs {}{} more in {} but its filesystem has {} free: lower --file-total-size",
                            counted < o.files || needed > UINT64_MAX ? "at least " : "", raidbench::format_iec(as_u64(needed)),
                            std::filesystem::absolute(shown).string(), raidbench::format_iec(as_u64(available))));
  }
  return {};
}

expected<void> prepare_files(held_directory& dir, const options& o, const std::function<void(const std::string&)>& say) {
  const std::uint64_t file_size = o.file_size();
  say(fmt::format("{} files, {}Kb each, {}Mb total\n", o.files, file_size / 1024, file_size * o.files / (1024 * 1024)) +
      "Creating files for the test...\n" + raidbench::report::sysbench_fileio_flags_line(o.settings()));
  raidbench::aligned_buffer buffer(o.block_size);
  raidbench::random_generator rng(0x5eed);
  // Pseudo-random bytes, so a compressing or deduplicating device cannot flatter later reads.
  for (std::size_t i = 0; i + 8 <= buffer.size(); i += 8) {
    const std::uint64_t word = rng();
    std::memcpy(buffer.data() + i, &word, 8);
  }
  std::uint64_t written = 0;
  const std::uint64_t start = raidbench::now_ns();
  for (std::uint32_t i = 0; i < o.files; ++i) {
    const std::string name = file_name(i);
    // Never through a link planted under the name; an existing file only if it is a regular file of
    // ours with no other name.
    auto own = dir.create_or_open_own(name, O_WRONLY | o.open_bits(), 0600);
    if (!own) return own.err();
    const raidbench::file_descriptor fd = std::move(own->fd);
    const off_t end = ::lseek(fd.get(), 0, SEEK_END);
    if (end < 0) return raidbench::system_failure("lseek", name, errno);
    auto offset = static_cast<std::uint64_t>(end);
    say(offset >= file_size ? fmt::format("Reusing existing file {}\n", name)
        : offset > 0        ? fmt::format("Extending existing file {}\n", name)
                            : fmt::format("Creating file {}\n", name));
    for (; offset < file_size; offset += o.block_size, written += o.block_size) {
      // With --validate each block carries its checksum and offset, as sysbench's prepare writes them.
      if (o.validate) raidbench::fill_checked_block(buffer.data(), o.block_size, offset, rng);
      const ssize_t w = ::pwrite(fd.get(), buffer.data(), o.block_size, static_cast<off_t>(offset));
      if (w < 0) return raidbench::system_failure("write", name, errno);
      if (static_cast<std::uint64_t>(w) != o.block_size) return fail(fmt::format("write {}: short write (disk full?)", name));
    }
    // Flushed now, so the test does not pay for writing back what prepare left dirty.
    if (::fsync(fd.get()) != 0) return raidbench::system_failure("fsync", name, errno);
  }
  const double seconds = static_cast<double>(raidbench::now_ns() - start) / 1e9;
  if (written > 0)
    say(fmt::format("{} bytes written in {:.2f} seconds ({:.2f} MiB/sec).\n", written, seconds,
                    static_cast<double>(written) / (1024.0 * 1024.0) / seconds));
  else
    say("No bytes written.\n");
  return {};
}

void remove_files(const held_directory& dir, const options& o) {
  for (std::uint32_t i = 0; i < o.files; ++i) {
    const auto name = file_name(i);
    const auto st = dir.status(name);
    if (!st) continue;
    // Only what could be ours: a regular file of this user under sysbench's name, in the directory
    // held since the start. A link or another user's file is left alone, and said so.
    if (S_ISREG(st->st_mode) && st->st_uid == ::geteuid()) ::unlinkat(dir.fd(), name.c_str(), 0);
    else fmt::print(stderr, "rb-fileio: left {} alone: not a regular file of this user\n", name);
  }
}

expected<void> check_replaceable(const held_directory& dir, const options& o) {
  for (std::uint32_t i = 0; i < o.files; ++i) {
    const auto name = file_name(i);
    const auto st = dir.status(name);
    if (!st && st.err().errnum != ENOENT) return fail("FATAL: " + st.message());
    if (st)
      if (auto ok = raidbench::check_own_status(*st, name); !ok) return fail("FATAL: " + ok.message());
  }
  return {};
}

expected<void> check_prepared(const held_directory& dir, const options& o) {
  for (std::uint32_t i = 0; i < o.files; ++i) {
    const auto name = file_name(i);
    const auto st = dir.status(name);
    // sysbench's words and stream (stdout) for a file it cannot open or that is too short.
    if (!st) {
      const int err = st.err().errnum;
      return fail(fmt::format("FATAL: Cannot open file '{}' errno = {} ({})\nWARNING: Did you forget to run the prepare step?",
                              name, err, std::strerror(err)));
    }
    // A link, a device, another user's file or one with other names is refused as a run that writes
    // would refuse it, before its size (a link's target, a device's 0) says anything about a prepare step.
    if (auto ok = raidbench::check_own_status(*st, name); !ok) return fail("FATAL: " + ok.message());
    if (static_cast<std::uint64_t>(st->st_size) < o.file_size())
      return fail(fmt::format("FATAL: Size of file '{}' is {}B, but at least {}B is expected.\n"
                              "WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?",
                              name, raidbench::report::sysbench_size(static_cast<std::uint64_t>(st->st_size)),
                              raidbench::report::sysbench_size(o.file_size())));
  }
  return {};
}

}  // namespace rb_fileio
