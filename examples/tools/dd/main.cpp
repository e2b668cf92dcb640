// rb-dd: GNU dd 9.1's operands and report, copying through raidbench's copy workload.
#include <fcntl.h>
#include <langinfo.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/run_storage.hpp"
#include "device_guard.hpp"
#include "operands.hpp"
#include "raidbench/context/device_use.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/report/dd.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/partial_read_watch.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/run/sync_io.hpp"
#include "run_copy.hpp"

namespace {

using namespace rbdd;
namespace fs = std::filesystem;

// GNU dd's first two lines, then rb-dd's own.
constexpr std::string_view usage = R"(Usage: {0} [OPERAND]...
  or:  {0} OPTION
Copy a file like GNU dd 9.1, through raidbench's copy workload, and report as GNU dd does.
Options: --help, --version, and raidbench's [--json[=FILE]] [--format=bsd] [--allow-device] [--context]

  bs=BYTES ibs=BYTES obs=BYTES cbs=BYTES count=N skip=N seek=N if=FILE of=FILE
  iflag=FLAGS oflag=FLAGS conv=CONVS status=none|noxfer|progress
  FLAGS: append direct directory dsync sync fullblock nonblock noatime nocache
         noctty nofollow count_bytes skip_bytes seek_bytes
  CONVS: ascii ebcdic ibm block unblock lcase ucase sparse swab sync excl nocreat notrunc
         noerror fdatasync fsync
  Sizes take GNU dd's suffixes: c=1 w=2 b=512 kB=1000 K=1024 MB M xM GB G …, KiB MiB …, and NxM products.

  --json[=FILE]   the result as JSON (bytes, records, time, read and write latency histograms with
                  percentiles) on standard error instead of the text report, or into FILE
  --format=bsd    the BSD statistics line: N bytes transferred in T secs (R bytes/sec)
  --allow-device  allow writing to a block device that is not mounted (never to a mounted one)
  --context       print the storage context (kernel, filesystem, devices) and the RAID controller
                  on standard error first; --json includes them in any case
  --controller-file=FILE  read the controller from a saved dump of MegaCLI, StorCLI, ssacli, arcconf,
                  mdadm or /proc/mdstat (repeatable); without one, the RAID tools found on PATH run
  --no-controller do not look for a RAID controller
  --controller-owns-target  the controller read holds the disk under the files, when rb-dd cannot
                  see it (a dump without PCI address or target ids); reports say it was asserted
SIGUSR1 prints the statistics and continues; SIGINT prints them and stops.
)";

// GNU dd's first line, with raidbench in the parentheses, so `dd --version | head -1` still reads
// "<name> (…) 9.1".
constexpr std::string_view version = R"({} (raidbench 0.1.0, after GNU coreutils) 9.1
rb-dd copies like GNU dd 9.1 through raidbench's copy workload.
License BSL-1.0: Boost Software License 1.0 <https://www.boost.org/LICENSE_1_0.txt>.
)";

std::atomic<bool> info_requested{false};
std::atomic<int> stop_signal{0};

extern "C" void on_info(int) { info_requested.store(true, std::memory_order_relaxed); }
extern "C" void on_progress_tick(int) {}  // its only work is to interrupt a waiting read
extern "C" void on_stop(int sig) {
  stop_signal.store(sig, std::memory_order_relaxed);
  raidbench::stop_request().store(true, std::memory_order_relaxed);
}

// As GNU dd: a signal ignored when rb-dd starts (an asynchronous job of a shell) stays ignored.
void install(int sig, void (*handler)(int), int flags) {
  struct sigaction old {};
  if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) return;
  struct sigaction action {};
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  ::sigaction(sig, &action, nullptr);
}

/// The name messages start with: argv[0]'s last component, as GNU's error() prints it, so a copy
/// installed or linked as dd says "dd: …" as scripts and GNU's own tests expect.
std::string program_name = "rb-dd";

/// Holds SIGALRM (the progress tick) and SIGUSR1 while stderr is written: they are installed without
/// SA_RESTART (so that they interrupt a waiting read), and stdio does not retry a write they would
/// interrupt on a slow stderr; the text would be lost and the exit status 1.
class signals_held {
 public:
  signals_held() {
    sigset_t held;
    sigemptyset(&held);
    sigaddset(&held, SIGALRM);
    sigaddset(&held, SIGUSR1);
    ::pthread_sigmask(SIG_BLOCK, &held, &before_);
  }
  ~signals_held() { ::pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
  signals_held(const signals_held&) = delete;
  signals_held& operator=(const signals_held&) = delete;

 private:
  sigset_t before_;
};

/// Text on stderr, as GNU dd's stdio: a failure there (2>&-, 2>/dev/full) is seen by ferror at
/// the end (main), never thrown.
void to_stderr(const std::string& text) {
  const signals_held held;
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

void say(std::string_view message) {
  // The first line carries the program name, as GNU's error() does; a hint line follows as is.
  to_stderr(fmt::format("{}: {}\n", program_name, message));
}

/// open(2), but never onto descriptor 0, 1 or 2: run with one of them closed (`2>&-`), a file opened
/// there would receive what rb-dd writes to that stream (its report into the copy's output).
int open_above_stdio(const char* path, int flags, mode_t mode = 0) {
  const int fd = ::open(path, flags, mode);
  if (fd < 0 || fd > 2) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  const int err = errno;
  ::close(fd);
  errno = err;
  return moved;
}

/// 'name' as GNU's quoteaf writes file names in messages.
std::string file_quote(std::string_view name) { return fmt::format("'{}'", name); }

/// A file name as GNU's quotef writes it: quoted only when a shell would need it.
std::string file_quote_if_needed(std::string_view name) {
  const bool plain = !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789_./-+,@%=") == std::string_view::npos;
  return plain ? std::string(name) : file_quote(name);
}

/// Writes the records and statistics lines as the status level and format ask, minding a
/// status=progress line that is still open.
class reporter {
 public:
  explicit reporter(const options& o) : o_(o) {}

  void progress(std::uint64_t bytes, std::uint64_t elapsed_ns) {
    const std::string line = raidbench::dd_statistics_line(bytes, elapsed_ns, true);
    const std::size_t pad = line.size() < progress_len_ ? progress_len_ - line.size() : 0;
    to_stderr(fmt::format("\r{}{:{}}", line, "", pad));
    progress_len_ = line.size();
  }

  /// A diagnostic during or after the copy, on a line of its own, as GNU's diagnose().
  void message(std::string_view text) {
    end_progress_line();
    say(text);
  }

  void final(const raidbench::record_counts& records, std::uint64_t bytes, std::uint64_t elapsed_ns) {
    if (o_.status == status_level::none) return;
    const signals_held held;
    end_progress_line();
    std::string text = raidbench::dd_records_lines(records);
    if (o_.status != status_level::noxfer)
      text += (o_.format == report_format::bsd ? raidbench::bsd_statistics_line(bytes, elapsed_ns)
                                               : raidbench::dd_statistics_line(bytes, elapsed_ns)) + "\n";
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
  }

 private:
  void end_progress_line() {
    if (progress_len_ == 0) return;
    const signals_held held;
    std::fputc('\n', stderr);
    progress_len_ = 0;
  }

  const options& o_;
  std::size_t progress_len_ = 0;
};

std::uint64_t written(const raidbench::progress_snapshot& s) { return s.bytes_of(raidbench::op_kind::write); }

[[noreturn]] void die_by(int sig) {
  ::signal(sig, SIG_DFL);
  ::raise(sig);
  std::_Exit(128 + sig);
}

/// The guard's decision on an output: a block device is looked up among every device's links (/sys,
/// mountinfo, /proc/swaps) for a chain to data in use.
expected<void> guard(const struct stat& st, const std::string& name, bool allow) {
  if (!S_ISBLK(st.st_mode)) return {};
  return check_output({name, true, raidbench::device_in_use(st.st_rdev, raidbench::read_block_links())}, allow);
}

// GNU's skip(): seek when the input can, otherwise read and discard, records as the reads come
// (a short read from a pipe is a record); false when fewer bytes than asked were skipped, the
// errno when a read failed. The reads count for dd's partial-read warning, as GNU's do.
template <class Warn>
expected<bool> skip_input(int fd, std::uint64_t records, std::uint64_t bytes, const options& o,
                          raidbench::partial_read_watch& partial_reads, Warn&& warn) {
  const std::uint64_t offset = records * o.ibs + bytes;
  struct stat st {};
  const off_t at = ::lseek(fd, 0, SEEK_CUR);
  if (at >= 0 && ::lseek(fd, static_cast<off_t>(offset), SEEK_CUR) >= 0) {
    return !(::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) < at + offset);
  }
  raidbench::aligned_buffer buf(o.ibs);
  std::uint64_t skipped = 0;
  while (records != 0 || bytes != 0) {
    const std::size_t want = records ? o.ibs : bytes;
    std::size_t got = 0;
    do {
      long r;
      while ((r = ::read(fd, buf.data() + got, want - got)) < 0 && errno == EINTR) {}
      if (const std::uint64_t revealed = partial_reads.returned(r, want - got)) warn(revealed);
      if (r < 0) return raidbench::error{"", errno};
      if (r == 0) return false;
      got += static_cast<std::size_t>(r);
    } while (o.fullblock && got < want);
    skipped += got;
    if (records) --records;
    else bytes = 0;
  }
  return skipped == offset;
}

// GNU's seek= on an output: seek when it can, otherwise write zeros.
expected<void> seek_output(int fd, std::uint64_t records, std::uint64_t bytes, const options& o, const std::string& name) {
  if (::lseek(fd, static_cast<off_t>(records * o.obs + bytes), SEEK_CUR) >= 0) return {};
  raidbench::aligned_buffer zeros(records ? o.obs : bytes);
  while (records != 0 || bytes != 0) {
    const std::size_t n = records ? o.obs : bytes;
    for (std::size_t done = 0; done < n;) {
      const long w = ::write(fd, zeros.data() + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return raidbench::fail(fmt::format("writing to {}: {}", name, std::strerror(w < 0 ? errno : ENOSPC)));
      done += static_cast<std::size_t>(w);
    }
    if (records) --records;
    else bytes = 0;
  }
  return {};
}

// The library names the failing end ("write destination: …"); dd names the file, and says no more
// than strerror.
std::string dd_error(const raidbench::error& e, const std::string& in_name, const std::string& out_name) {
  const std::string& message = e.message;
  const auto rest = [&](std::string_view prefix) {
    return e.errnum != 0 ? std::string(std::strerror(e.errnum)) : message.substr(prefix.size());
  };
  if (message.starts_with("read source: ")) return fmt::format("error reading {}: {}", in_name, rest("read source: "));
  if (message.starts_with("write destination: ")) return fmt::format("error writing {}: {}", out_name, rest("write destination: "));
  for (std::string_view call : {"fsync", "fdatasync"})
    if (message.starts_with(fmt::format("{} destination: ", call)))
      return fmt::format("{} failed for {}: {}", call, out_name, rest(fmt::format("{} destination: ", call)));
  return message;
}

// The file whose storage the report describes: the output when it is a file or device, else the
// input, else whichever was named; the working directory when both ends are standard streams.
std::string described_path(const options& o, const struct stat& out_st, const struct stat& in_st) {
  const auto storage = [](const struct stat& st) { return S_ISREG(st.st_mode) || S_ISBLK(st.st_mode); };
  if (!o.output.empty() && storage(out_st)) return o.output;
  if (!o.input.empty() && storage(in_st)) return o.input;
  if (!o.output.empty()) return o.output;
  return o.input.empty() ? "." : o.input;
}

// iflag=/oflag= on standard input or output, as GNU dd sets them: fcntl cannot set O_DIRECTORY, so
// a descriptor that is not a directory fails with ENOTDIR instead.
bool set_descriptor_flags(int fd, int flags) {
  if (flags & O_DIRECTORY) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return false;
    if (!S_ISDIR(st.st_mode)) return errno = ENOTDIR, false;
  }
  const int old = ::fcntl(fd, F_GETFL);
  return old >= 0 && ::fcntl(fd, F_SETFL, old | (flags & ~O_DIRECTORY)) == 0;
}

int run_dd(const options& o) {
  const std::string in_name = o.input.empty() ? file_quote("standard input") : file_quote(o.input);
  const std::string out_name = o.output.empty() ? file_quote("standard output") : file_quote(o.output);

  // --json=FILE never replaces the copy's input, its output or a dump it reads; of= no dump either
  // (of= may be if=, as GNU dd allows).
  std::vector<raidbench::tools::named_file> dumps;
  for (const auto& f : o.controller_files) dumps.push_back({"--controller-file=" + f, f});
  if (!o.output.empty())
    if (auto distinct = raidbench::tools::check_distinct({{"of=" + o.output, o.output}}, dumps); !distinct)
      return say(distinct.message()), 1;
  if (!o.json_path.empty()) {
    std::vector<raidbench::tools::named_file> others{
        {o.input.empty() ? "standard input" : "if=" + o.input, o.input.empty() ? "/dev/stdin" : o.input},
        {o.output.empty() ? "standard output" : "of=" + o.output, o.output.empty() ? "/dev/stdout" : o.output}};
    others.insert(others.end(), dumps.begin(), dumps.end());
    if (auto distinct = raidbench::tools::check_distinct({{"--json=" + o.json_path, o.json_path}}, others); !distinct)
      return say(distinct.message()), 1;
  }
  // The controller is read before any file is opened, so a bad dump costs nothing.
  raidbench::controller_request controller_asked{{o.controller_files.begin(), o.controller_files.end()},
                                                 o.look_for_controller, {}, o.controller_owns_target};
  std::optional<raidbench::controller_snapshot> controller;
  if (o.json || o.context) {
    const std::uint64_t asked_ns = raidbench::now_ns();
    auto found = raidbench::gather_controller(controller_asked);
    // A signal while a vendor tool ran: that tool is stopped, and rb-dd ends as dd does, statistics first.
    if (const int sig = stop_signal.load()) {
      reporter(o).final({}, 0, raidbench::now_ns() - asked_ns);
      die_by(sig);
    }
    if (!found) return say(found.message()), 1;
    controller = std::move(*found);
  }

  // --json=FILE is checked before anything is read or written, not found unwritable after the copy.
  if (!o.json_path.empty())
    if (auto writable = raidbench::tools::check_output_file(o.json_path); !writable) return say(writable.message()), 1;
  // An empty if= or of= names no file, not standard input or output: GNU dd fails to open ''.
  if (o.input_empty || o.output_empty) return say(fmt::format("failed to open {}: {}", file_quote(""), std::strerror(ENOENT))), 1;
  // Offsets past off_t: dd's words, before anything is read or written.
  const auto past_off_t = [](std::uint64_t records, std::uint64_t block, std::uint64_t rest) {
    return static_cast<detail::u128>(records) * block + rest > static_cast<std::uint64_t>(INT64_MAX);
  };

  // Input.
  raidbench::file_descriptor owned_in, owned_out;
  int in = STDIN_FILENO, out = STDOUT_FILENO;
  if (!o.input.empty()) {
    owned_in.reset(open_above_stdio(o.input.c_str(), O_RDONLY | O_CLOEXEC | o.iflags));
    if (!owned_in) return say(fmt::format("failed to open {}: {}", in_name, std::strerror(errno))), 1;
    in = owned_in.get();
  } else if (o.iflags && !set_descriptor_flags(in, o.iflags)) {
    return say(fmt::format("setting flags for {}: {}", in_name, std::strerror(errno))), 1;
  }

  // Output: the guard decides before anything is opened for writing, and again on what was opened.
  const std::uint64_t seek_records = o.seek_bytes ? o.seek / o.obs : o.seek;
  const std::uint64_t seek_rest = o.seek_bytes ? o.seek % o.obs : 0;
  if (!o.output.empty()) {
    struct stat st {};
    const bool exists = ::stat(o.output.c_str(), &st) == 0;
    if (exists)
      if (auto ok = guard(st, out_name, o.allow_device); !ok) return say(ok.message()), 1;
    // A block device it may write is also claimed exclusively (O_EXCL without O_CREAT): the kernel
    // refuses one mounted, swapped on or held by md or device-mapper, in any mount namespace, and
    // nothing can mount it while the copy runs. (conv=excl keeps dd's meaning: fail if it exists.)
    const bool claim = exists && S_ISBLK(st.st_mode) && !o.conv_excl;
    const int flags = O_CLOEXEC | o.oflags | (o.conv_nocreat || claim ? 0 : O_CREAT) | (o.conv_excl || claim ? O_EXCL : 0) |
                      (seek_records != 0 || o.conv_notrunc ? 0 : O_TRUNC);
    // With seek=, read-write first, as GNU dd: a FIFO opened so does not wait for a reader.
    if (seek_records != 0) owned_out.reset(open_above_stdio(o.output.c_str(), O_RDWR | flags, 0666));
    if (!owned_out) owned_out.reset(open_above_stdio(o.output.c_str(), O_WRONLY | flags, 0666));
    if (!owned_out && claim && errno == EBUSY)
      return say(fmt::format("refusing to write to {}: the kernel says it is in use (mounted, swapped on or held by another "
                             "device, perhaps in another mount namespace; rb-dd never writes to a device in use)",
                             out_name)),
             1;
    if (!owned_out) return say(fmt::format("failed to open {}: {}", out_name, std::strerror(errno))), 1;
    out = owned_out.get();
  }
  struct stat out_st {};
  if (::fstat(out, &out_st) != 0) return say(fmt::format("cannot fstat {}: {}", out_name, std::strerror(errno))), 1;
  if (auto ok = guard(out_st, out_name, o.allow_device); !ok) return say(ok.message()), 1;
  if (o.output.empty() && o.oflags && !set_descriptor_flags(out, o.oflags))
    return say(fmt::format("setting flags for {}: {}", out_name, std::strerror(errno))), 1;
  if (!o.output.empty() && !o.conv_notrunc && past_off_t(seek_records, o.obs, seek_rest))
    return say(fmt::format("offset too large: cannot truncate to a length of seek={} ({}-byte) blocks", seek_records, o.obs)), 1;
  if (!o.output.empty() && seek_records != 0 && !o.conv_notrunc) {
    const std::uint64_t size = seek_records * o.obs + seek_rest;
    if (::ftruncate(out, static_cast<off_t>(size)) != 0 && (S_ISREG(out_st.st_mode) || S_ISDIR(out_st.st_mode)))
      return say(fmt::format("failed to truncate to {} bytes in output file {}: {}", size, out_name, std::strerror(errno))), 1;
  }

  // skip= and seek=, before the timed copy.
  reporter report(o);
  const auto error_reading = [&](int errnum) { return fmt::format("error reading {}: {}", in_name, std::strerror(errnum)); };
  raidbench::partial_read_watch partial_reads{warns_partial_reads(o)};
  const auto warn_partial_read = [&](std::uint64_t bytes) {
    if (o.status != status_level::none)
      report.message(fmt::format("warning: partial read ({} byte{}); suggest iflag=fullblock", bytes, bytes == 1 ? "" : "s"));
  };
  if (o.skip != 0) {
    const std::uint64_t records = o.skip_bytes ? o.skip / o.ibs : o.skip, rest = o.skip_bytes ? o.skip % o.ibs : 0;
    const std::uint64_t skip_start = raidbench::now_ns();
    if (past_off_t(records, o.ibs, rest)) {
      report.message(fmt::format("{}: cannot skip: {}", file_quote_if_needed(o.input.empty() ? "standard input" : o.input),
                                 std::strerror(EOVERFLOW)));
      report.final({}, 0, raidbench::now_ns() - skip_start);
      return 1;
    }
    const auto skipped = skip_input(in, records, rest, o, partial_reads, warn_partial_read);
    if (!skipped) {
      // As GNU dd: the statistics (of nothing) follow, twice with conv=noerror (once for the
      // error, once on the way out).
      report.message(error_reading(skipped.err().errnum));
      for (int i = o.conv_noerror ? 2 : 1; i != 0; --i) report.final({}, 0, raidbench::now_ns() - skip_start);
      return 1;
    }
    if (!*skipped && o.status != status_level::none)
      say(fmt::format("{}: cannot skip to specified offset", file_quote_if_needed(o.input.empty() ? "standard input" : o.input)));
  }
  if (seek_records != 0 || seek_rest != 0)
    if (auto ok = seek_output(out, seek_records, seek_rest, o, out_name); !ok) return say(ok.message()), 1;

  struct stat in_st {};
  const bool in_regular = ::fstat(in, &in_st) == 0 && S_ISREG(in_st.st_mode);
  const bool out_regular = S_ISREG(out_st.st_mode);
  std::optional<raidbench::storage_context> context;
  if (o.json || o.context) {
    auto c = raidbench::gather_storage_context(described_path(o, out_st, in_st));
    if (!c) return say(c.message()), 1;
    context = std::move(*c);
    if (o.context)
      to_stderr(raidbench::storage_text(*context, controller, controller_asked) + "\n");
  }
  copy_request request;
  request.block = o.ibs;
  request.copy.output_block = o.bs_given ? 0 : o.obs;
  request.copy.fill_blocks = o.fullblock;
  request.copy.pad_short_reads = o.conv_sync;
  request.copy.continue_after_read_error = o.conv_noerror;
  request.copy.conversion = conversion_of(o);
  if (rewrites_data(o)) request.copy.output_block = o.obs;  // dd's two buffers, also with bs=
  if (o.count != UINT64_MAX) {
    request.copy.records = o.count_bytes ? o.count / o.ibs : o.count;
    request.copy.tail_bytes = o.count_bytes ? o.count % o.ibs : 0;
  }
  // pread/pwrite between two regular files, read/write (at the descriptors' positions) otherwise.
  const bool positional = in_regular && out_regular && !((o.oflags | o.iflags) & O_APPEND);
  request.engine = positional ? engine_choice::psync : engine_choice::stream;
  request.ends = {in, out, positional ? static_cast<std::uint64_t>(::lseek(in, 0, SEEK_CUR)) : 0,
                  positional ? static_cast<std::uint64_t>(::lseek(out, 0, SEEK_CUR)) : 0};
  // GNU dd 9.1 flushes whatever the output is: on a pipe or /dev/null fdatasync fails with EINVAL, it
  // falls back to fsync, which fails too, and dd reports "fsync failed for …" and exits 1.
  const bool flushable = out_regular || S_ISBLK(out_st.st_mode);
  request.flush = o.conv_fsync || (o.conv_fdatasync && !flushable) ? flush_choice::fsync
                  : o.conv_fdatasync                               ? flush_choice::fdatasync
                                                                   : flush_choice::none;
  request.open_flags = o.oflags;
  request.time_each_call = o.json;  // the latency histograms are only printed in the JSON

  raidbench::progress_snapshot last;
  raidbench::run_options run_options;
  run_options.final_snapshot = &last;
  run_options.progress_interval = std::chrono::milliseconds(100);
  std::uint64_t next_progress_ns = 1'000'000'000;
  std::uint64_t progress_bytes = 0;  // as the last status=progress line showed them
  bool idle_line = false;            // that line was printed while nothing moved
  run_options.on_progress = [&](const raidbench::progress_snapshot& s) {
    if (const int sig = stop_signal.load()) {
      report.final(s.records, written(s), s.elapsed_ns);
      die_by(sig);
    }
    if (info_requested.exchange(false)) report.final(s.records, written(s), s.elapsed_ns);
    if (o.status != status_level::progress) return;
    // A line printed while nothing moved (a read waiting on an idle pipe) is followed by one as soon
    // as data moves again, as GNU dd prints the first record that arrives after a second.
    const bool moved_after_idle = idle_line && written(s) != progress_bytes;
    if (s.elapsed_ns >= next_progress_ns || moved_after_idle) {
      idle_line = !moved_after_idle && written(s) == progress_bytes;
      progress_bytes = written(s);
      report.progress(progress_bytes, s.elapsed_ns);
      if (s.elapsed_ns >= next_progress_ns) next_progress_ns = (s.elapsed_ns / 1'000'000'000 + 1) * 1'000'000'000;
    }
  };
  std::uint64_t read_errors = 0;
  if (o.conv_noerror)
    run_options.on_read_error = [&](int errnum, const raidbench::progress_snapshot& s) {
      ++read_errors;
      if (o.status == status_level::none) return;  // GNU dd is silent then, as for the statistics
      report.message(error_reading(errnum));
      report.final(s.records, written(s), s.elapsed_ns);
    };
  run_options.partial_reads = &partial_reads;
  run_options.on_partial_read = warn_partial_read;
  // count=0 copies nothing, and GNU dd then asks for no buffer at all.
  const std::uint64_t copy_start_ns = raidbench::now_ns();
  const bool nothing_to_copy = o.count != UINT64_MAX && request.copy.records == 0 && request.copy.tail_bytes == 0;
  // As GNU dd: a buffer the system will not give ends the run before the copy, in dd's words (an
  // output buffer of its own only without bs=, as dd's C_TWOBUFS).
  for (const auto& [what, size] : {std::pair{"input", nothing_to_copy ? 0 : o.ibs},
                                   std::pair{"output", (o.bs_given && !rewrites_data(o)) || nothing_to_copy ? 0 : o.obs}}) {
    // Not touched: only asks whether the memory is there. Called through a volatile pointer, as a
    // compiler may drop a malloc whose block is only freed (clang -O2 does), and then never ask.
    void* (*volatile allocate)(std::size_t) = std::malloc;
    void* probe = size ? allocate(size) : nullptr;
    if (size && probe == nullptr) {
      say(fmt::format("memory exhausted by {} buffer of size {} bytes ({})", what, size,
                      raidbench::dd_human_size(size, true)));
      return 1;
    }
    std::free(probe);
  }
  // status=progress: a timer interrupts every second a read that waits (a pipe, a terminal), so the
  // line is printed while the input is idle (GNU dd 9.1 stays silent then); the loop retries the read.
  if (o.status == status_level::progress) {
    install(SIGALRM, on_progress_tick, 0);
    // First at 1.01 s: the copy's clock starts just after this, and its first line is due at 1 s.
    const itimerval every_second{{1, 0}, {1, 10'000}};
    ::setitimer(ITIMER_REAL, &every_second, nullptr);
  }
  auto r = nothing_to_copy ? raidbench::expected<raidbench::result>(raidbench::result{}) : run_copy(request, run_options);
  if (nothing_to_copy) r->stats.elapsed_ns = raidbench::now_ns() - copy_start_ns;  // as GNU dd, the time it took
  if (o.status == status_level::progress) {
    const itimerval off{};
    ::setitimer(ITIMER_REAL, &off, nullptr);
  }

  // Where read(2) and write(2) would have left the offsets: a shell that hands the same open files to
  // the next command (`(dd skip=1 count=1; dd skip=1) <in >out`) must find the input consumed and
  // the output advanced, as after GNU dd. pread/pwrite do not move them.
  const std::uint64_t bytes_read = last.bytes_of(raidbench::op_kind::read);
  if (positional) {
    ::lseek(in, static_cast<off_t>(request.ends.source_offset + bytes_read), SEEK_SET);
    ::lseek(out, static_cast<off_t>(request.ends.destination_offset + written(last)), SEEK_SET);
  }
  // nocache drops the cached pages the copy went through, as GNU dd: the input's range, or from its
  // start to the end of the file when the input was read to its end (length 0: "to EOF"), and the
  // output's from its start to its end; a pipe has none (its lseek fails, and nothing is asked).
  const off_t page = static_cast<off_t>(::sysconf(_SC_PAGESIZE));
  const auto drop_cache = [&](int fd, std::uint64_t bytes, bool to_eof) {
    const off_t end = ::lseek(fd, 0, SEEK_CUR);
    if (end < 0 || bytes == 0) return;
    const off_t start = end - static_cast<off_t>(bytes);
    if (to_eof) ::posix_fadvise(fd, start - start % page, 0, POSIX_FADV_DONTNEED);
    else ::posix_fadvise(fd, start, static_cast<off_t>(bytes), POSIX_FADV_DONTNEED);
  };
  int status = 0;
  if (!nothing_to_copy) {
    const raidbench::record_counts& in_records = last.records;
    const bool input_ended = r && !r->stats.interrupted &&
                             (o.count == UINT64_MAX || in_records.full_in + in_records.partial_in <
                                                           request.copy.records + (request.copy.tail_bytes ? 1 : 0));
    if (o.nocache_in) drop_cache(in, bytes_read, input_ended);
    if (o.nocache_out) drop_cache(out, written(last), true);
    // A last block O_DIRECT refused went through the page cache: dropped again, as GNU dd does.
    if ((o.oflags & O_DIRECT) && !(::fcntl(out, F_GETFL) & O_DIRECT) && written(last) % o.obs != 0) {
      const off_t end = ::lseek(out, 0, SEEK_CUR);
      const off_t tail = end - static_cast<off_t>(written(last) % o.obs);
      if (end >= 0) ::posix_fadvise(out, tail - tail % page, 0, POSIX_FADV_DONTNEED);
    }
  } else {
    // count=0, as GNU dd: the output is still flushed as asked (the flush the copy would have ended
    // with), and nocache drops the file's cached pages from here to its end, the documented way to
    // empty the cache of a file (`dd if=f iflag=nocache count=0`).
    if (request.flush != flush_choice::none) {
      const auto call = request.flush == flush_choice::fsync ? raidbench::sync::call::fsync : raidbench::sync::call::fdatasync;
      if (raidbench::detail::flush_descriptor(out, call) != 0)
        report.message(fmt::format("{} failed for {}: {}", to_string(call), out_name, std::strerror(errno))), status = 1;
    }
    const auto drop_rest = [&](int fd, const std::string& name) {
      const off_t at = ::lseek(fd, 0, SEEK_CUR);
      const int err = at < 0 ? errno : ::posix_fadvise(fd, at - at % static_cast<off_t>(::sysconf(_SC_PAGESIZE)), 0, POSIX_FADV_DONTNEED);
      if (err != 0) report.message(fmt::format("failed to discard cache for: {}: {}", name, std::strerror(err))), status = 1;
    };
    if (o.nocache_in) drop_rest(in, in_name);
    if (o.nocache_out) drop_rest(out, out_name);
  }
  if (!r) {
    report.message(dd_error(r.err(), in_name, out_name));
    status = 1;
  }
  if (owned_out && ::close(owned_out.release()) != 0 && status == 0) {
    report.message(fmt::format("closing output file {}: {}", out_name, std::strerror(errno)));
    status = 1;
  }
  const std::uint64_t elapsed = r ? r->stats.elapsed_ns : last.elapsed_ns;
  const raidbench::record_counts records = r ? r->stats.records : last.records;
  const std::uint64_t bytes = r ? r->stats.of(raidbench::op_kind::write).bytes : written(last);
  if (o.json && r) {
    nlohmann::json j = *r;
    const raidbench::named_result judged[] = {{"copy", *r}};
    raidbench::add_storage_json(j, *context, controller, controller_asked, judged);
    const double seconds = static_cast<double>(elapsed) / 1e9;
    j["dd"] = {{"bytes", bytes},
               {"records", records},
               {"read_errors", read_errors},
               {"elapsed_s", seconds},
               {"bytes_per_second", seconds > 0 ? static_cast<double>(bytes) / seconds : 0.0}};
    if (o.json_path.empty()) {
      to_stderr(j.dump(2) + "\n");
    } else {
      if (auto written = raidbench::tools::write_output_file(o.json_path, j.dump(2) + "\n"); !written)
        say(written.message()), status = 1;
    }
  }
  if (!o.json || !o.json_path.empty() || !r) report.final(records, bytes, elapsed);
  if (const int sig = stop_signal.load()) die_by(sig);
  return status;
}

}  // namespace

int dd_main(int argc, char** argv) {
  std::setlocale(LC_ALL, "");
  const bool utf8 = std::string_view(nl_langinfo(CODESET)) == "UTF-8";
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') program_name = fs::path(argv[0]).filename().string();
  std::vector<std::string_view> args(argv + 1, argv + argc);
  auto parsed = parse_operands(args, utf8, program_name);
  if (!parsed) {
    say(parsed.message());
    return 1;
  }
  const options& o = *parsed;
  for (const auto& w : o.warnings) say(w);
  if (o.help || o.version) {
    std::fputs(fmt::format(fmt::runtime(o.help ? usage : version), program_name).c_str(), stdout);
    // As GNU's close_stdout: text that could not be written (>/dev/full) is a failure.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) return say(fmt::format("write error: {}", std::strerror(errno))), 1;
    return 0;
  }
  // Without SA_RESTART, as GNU dd: a read waiting on a pipe returns EINTR, and the copy loop reports.
  install(SIGUSR1, on_info, 0);
  install(SIGINT, on_stop, 0);
  install(SIGTERM, on_stop, 0);
  const int status = run_dd(o);
  // As GNU dd (close_stdout): a report that could not be written to stderr (2>/dev/full, 2>&-) is
  // a failure, whatever the copy did.
  if (std::fflush(stderr) != 0 || std::ferror(stderr)) return 1;
  return status;
}

int main(int argc, char** argv) {
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') program_name = fs::path(argv[0]).filename().string();
  return raidbench::tools::last_resort(program_name, [&] { return dd_main(argc, argv); });
}
