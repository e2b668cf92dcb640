#pragma once
// Progress of raidbench's own tools on stderr (raidbench, its sweeps, rb-run): a bar redrawn in
// place on a terminal (the step, how far, the rate so far, the time left), one line per step
// otherwise. Never fails the run: a closed terminal loses the bar, not the measurements.
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "raidbench/run/progress.hpp"

namespace raidbench::tools {

class progress_display {
 public:
  /// `program` starts the lines written when stderr is not a terminal ("raidbench: [1/11] seq write 1 GiB").
  progress_display(std::string program, bool enabled, std::size_t steps)
      : program_(std::move(program)), enabled_(enabled), tty_(::isatty(2) == 1), steps_(steps) {}

  /// Whether update() draws anything: a run may skip the snapshots otherwise.
  bool live() const { return enabled_ && tty_; }

  /// Step `step` of the run starts; it ends after `expected_seconds` or `expected_bytes`, whichever
  /// comes first (0: not that way).
  void start(std::size_t step, const std::string& name, double expected_seconds, std::uint64_t expected_bytes) {
    step_ = step;
    name_ = name;
    seconds_ = expected_seconds;
    bytes_ = expected_bytes;
    if (!enabled_) return;
    if (tty_) draw(0, 0, 0, -1);
    else say(fmt::format("{}: [{}/{}] {}\n", program_, step_, steps_, name_));
  }
  void update(const progress_snapshot& s) {
    if (!live()) return;
    std::uint64_t bytes = 0, ops = 0;
    for (auto b : s.bytes) bytes += b;
    for (auto kind : {op_kind::read, op_kind::write}) ops += s.ops(kind);
    const double elapsed = static_cast<double>(s.elapsed_ns) / 1e9;
    double done = 0, left = std::numeric_limits<double>::infinity();
    if (seconds_ > 0) done = elapsed / seconds_, left = seconds_ - elapsed;
    if (bytes_ > 0) {
      done = std::max(done, static_cast<double>(bytes) / static_cast<double>(bytes_));
      if (bytes > 0) left = std::min(left, elapsed * static_cast<double>(bytes_ - std::min(bytes, bytes_)) / static_cast<double>(bytes));
    }
    const double rate = elapsed > 0 ? 1 / elapsed : 0;
    draw(std::min(done, 1.0), static_cast<double>(bytes) * rate / 1e6, static_cast<double>(ops) * rate,
         left == std::numeric_limits<double>::infinity() ? -1 : std::max(left, 0.0));
  }
  void finish() {
    if (live()) say(fmt::format("\r{:{}}\r", "", columns()));
  }

 private:
  // The terminal's width less one: a line as wide would wrap, and \r would no longer reach its start.
  static std::size_t columns() {
    winsize w{};
    return ::ioctl(2, TIOCGWINSZ, &w) == 0 && w.ws_col > 1 ? w.ws_col - 1u : 79u;
  }
  // `left` < 0: not known yet. What does not fit the terminal is left out, the rates first.
  void draw(double done, double mb_per_second, double ops_per_second, double left) {
    const int filled = static_cast<int>(done * 10);
    std::string line = fmt::format("[{:=<{}}{:<{}}] {}/{} {:<20} {:3.0f}%", "", filled, "", 10 - filled, step_, steps_, name_, done * 100);
    const std::size_t width = columns();
    if (line.size() > width) line.resize(width);
    for (const std::string& part : {left < 0      ? std::string()
                                    : left < 100 ? fmt::format(" {:>9}", fmt::format("{:.0f} s left", left))
                                                 : fmt::format(" {:>9}", fmt::format("{:.0f} min left", left / 60)),
                                    fmt::format(" {:7.1f} MB/s", mb_per_second), fmt::format(" {:7.0f} ops/s", ops_per_second)})
      if (line.size() + part.size() <= width) line += part;
    say(fmt::format("\r{:<{}}", line, width));
  }
  static void say(const std::string& text) {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
  }
  std::string program_;
  bool enabled_, tty_;
  std::size_t steps_, step_ = 0;
  std::string name_;
  double seconds_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace raidbench::tools
