#pragma once
// What raidbench's two modes, the suite and the sweeps, share: the one-line fatal error and the
// scratch directory that clean-up empties of exactly raidbench's own files.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "../common/scratch_directory.hpp"
#include "raidbench/core/held_directory.hpp"

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
    if (there || there.err().errnum != ENOENT)  // a link, even a dangling one, is not ours either
      give_up(there ? fmt::format("{} exists already; raidbench only writes files it creates", dir.shown(name)) : there.message());
    return name;
  }
  void clean() { dir.remove_created(); }
  /// The one-line fatal error of a run that has made scratch files: they are removed first.
  [[noreturn]] void give_up(const std::string& message) {
    clean();
    die(message);
  }
};

/// Removes the scratch files when the stack unwinds past them: a run an exception cuts short
/// (session/last_resort.hpp) leaves nothing behind. clean() may have run already: it runs once.
class scratch_guard {
 public:
  explicit scratch_guard(scratch& s) : s_(s) {}
  scratch_guard(const scratch_guard&) = delete;
  scratch_guard& operator=(const scratch_guard&) = delete;
  ~scratch_guard() { s_.clean(); }

 private:
  scratch& s_;
};

}  // namespace rb_suite
