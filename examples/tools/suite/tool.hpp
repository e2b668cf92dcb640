#pragma once
// What raidbench's two modes, the suite and the sweeps, share: the one-line fatal error, reading a
// number of seconds, the O_DIRECT probe, the scratch directory that clean-up empties of exactly
// raidbench's own files, and the progress line.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "raidbench/run/progress.hpp"

namespace rb_suite {

namespace fs = std::filesystem;

[[noreturn]] inline void die(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "raidbench: %s\n", message.c_str());
  std::exit(1);
}

/// A number of seconds up to a day, above 0 (or from 0 when `zero` is allowed); nullopt otherwise.
inline std::optional<double> seconds_in(const std::string& text, bool zero) {
  try {
    std::size_t used = 0;
    const double s = std::stod(text, &used);
    if (used == text.size() && (zero ? s >= 0 : s > 0) && s <= 86400) return s;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

/// Whether `file` opens with O_DIRECT and `flags` (its access mode among them): a filesystem may refuse it.
inline bool takes_direct(const fs::path& file, int flags) {
  const int fd = ::open(file.c_str(), flags | O_CLOEXEC | O_NOFOLLOW | O_DIRECT);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

/// The scratch directory and the files raidbench put there, so clean-up removes exactly those.
struct scratch {
  fs::path dir;
  bool created_dir = false;
  std::vector<fs::path> files;

  /// The scratch directory `dir`: an existing directory, or one created now (and removed by clean()).
  static scratch open(const fs::path& dir) {
    scratch s{dir, false, {}};
    std::error_code ec;
    const auto status = fs::status(dir, ec);
    if (fs::exists(status) && !fs::is_directory(status)) die(fmt::format("--dir {}: not a directory", dir.string()));
    if (!fs::exists(status)) {
      if (!fs::create_directory(dir, ec)) die(fmt::format("create {}: {}", dir.string(), ec.message()));
      s.created_dir = true;
    }
    return s;
  }

  fs::path file(const std::string& name) {
    const fs::path f = dir / name;
    std::error_code ec;
    if (fs::exists(fs::symlink_status(f, ec))) {  // a link, even a dangling one, is not ours either
      clean();
      die(fmt::format("{} exists already; raidbench only writes files it creates", f.string()));
    }
    files.push_back(f);
    return f;
  }
  void remove(const fs::path& f) {
    std::error_code ignored;
    fs::remove(f, ignored);
    std::erase(files, f);
  }
  void clean() {
    std::error_code ignored;
    for (const auto& f : files) fs::remove(f, ignored);
    files.clear();
    if (created_dir) fs::remove(dir, ignored);  // only if now empty
    created_dir = false;
  }
};

/// Removes the scratch files when the stack unwinds past them: a run an exception cuts short
/// (common/last_resort.hpp) leaves nothing behind. clean() may have run already: it runs once.
class scratch_guard {
 public:
  explicit scratch_guard(scratch& s) : s_(s) {}
  scratch_guard(const scratch_guard&) = delete;
  scratch_guard& operator=(const scratch_guard&) = delete;
  ~scratch_guard() { s_.clean(); }

 private:
  scratch& s_;
};

/// Progress on stderr: a bar redrawn in place on a terminal, one line per test otherwise. Never
/// fails the run: a closed terminal loses the bar, not the measurements.
class progress_display {
 public:
  progress_display(bool enabled, std::size_t steps) : enabled_(enabled), tty_(::isatty(2) == 1), steps_(steps) {}

  void start(std::size_t step, const std::string& name, double expected_seconds, std::uint64_t expected_bytes) {
    step_ = step;
    name_ = name;
    seconds_ = expected_seconds;
    bytes_ = expected_bytes;
    if (!enabled_) return;
    if (tty_) draw(0, 0);
    else say(fmt::format("raidbench: [{}/{}] {}\n", step_, steps_, name_));
  }
  void update(const raidbench::progress_snapshot& s) {
    if (!enabled_ || !tty_) return;
    std::uint64_t bytes = 0;
    for (auto b : s.bytes) bytes += b;
    const double elapsed = static_cast<double>(s.elapsed_ns) / 1e9;
    const double done = bytes_ ? static_cast<double>(bytes) / static_cast<double>(bytes_) : seconds_ > 0 ? elapsed / seconds_ : 0;
    draw(std::min(done, 1.0), elapsed > 0 ? static_cast<double>(bytes) / elapsed / 1e6 : 0);
  }
  void finish() {
    if (enabled_ && tty_) say(fmt::format("\r{:80}\r", ""));
  }

 private:
  void draw(double done, double mb_per_second) {
    const int filled = static_cast<int>(done * 20);
    say(fmt::format("\r[{:=<{}}{:<{}}] {}/{} {:<22} {:3.0f}% {:8.1f} MB/s", "", filled, "", 20 - filled, step_, steps_, name_,
                    done * 100, mb_per_second));
  }
  static void say(const std::string& text) {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
  }
  bool enabled_, tty_;
  std::size_t steps_, step_ = 0;
  std::string name_;
  double seconds_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace rb_suite
