#pragma once
// What raidbench's two modes, the suite and the sweeps, share: the one-line fatal error, the scratch directory that clean-up empties of exactly raidbench's own files,
// and the progress line.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "../common/scratch_directory.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/run/progress.hpp"

namespace rb_suite {

namespace fs = std::filesystem;

[[noreturn]] inline void die(const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "raidbench: %s\n", message.c_str());
  std::exit(1);
}

/// The scratch directory, held open (core/held_directory.hpp): every file raidbench makes there is
/// created, used and removed through it, never through its path again, and clean-up removes exactly
/// the files it created while their names still lead to them, then the directory if it made it.
struct scratch {
  raidbench::held_directory dir;

  /// The scratch directory `path`: an existing directory, or one created now. A link is followed
  /// only when the user named the directory (`named`), never under the default name.
  static scratch open(const fs::path& path, bool named) {
    auto held = raidbench::tools::hold_scratch(path, named);
    if (!held) die(held.message());
    return scratch{std::move(*held)};
  }

  /// `name`, which must not exist yet: raidbench writes only files it creates.
  std::string file(const std::string& name) {
    auto there = dir.status(name);
    if (there || there.err().errnum != ENOENT) {  // a link, even a dangling one, is not ours either
      clean();
      die(there ? fmt::format("{} exists already; raidbench only writes files it creates", dir.shown(name)) : there.message());
    }
    return name;
  }
  void clean() { dir.remove_created(); }
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
