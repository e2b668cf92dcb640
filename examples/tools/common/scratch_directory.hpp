#pragma once
// The scratch directory of raidbench's own tools (raidbench, its sweeps, rb-run): held open for the
// whole run (core/held_directory.hpp), created when missing, a link followed only when the user
// named the directory with --dir.
#include <cerrno>
#include <filesystem>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"

namespace raidbench::tools {

/// Holds `dir` (created when missing); `named`: the user gave it (--dir). An error names --dir
/// where the user can fix it there.
inline expected<held_directory> hold_scratch(const std::filesystem::path& dir, bool named) {
  auto held = held_directory::open_or_create(dir, named ? named_by::user : named_by::tool);
  if (!held && held.err().errnum == ENOTDIR) return error{"--dir " + held.message(), ENOTDIR, "open"};
  if (!held && held.err().errnum == ELOOP) return error{held.message() + " with --dir", ELOOP, "open"};
  return held;
}

/// Removes the files a run created in its held directory (and the directory if it made it) when the
/// stack unwinds past it, an exception the last resort catches included (session/last_resort.hpp),
/// unless the user keeps them; removal is by record, so an earlier clean-up makes this do nothing.
class remove_created_on_exit {
 public:
  remove_created_on_exit(held_directory& dir, bool keep) : dir_(dir), keep_(keep) {}
  remove_created_on_exit(const remove_created_on_exit&) = delete;
  remove_created_on_exit& operator=(const remove_created_on_exit&) = delete;
  ~remove_created_on_exit() {
    if (!keep_) dir_.remove_created();
  }
  /// Keeps the files after all: the evidence of a failed verification.
  void keep() noexcept { keep_ = true; }

 private:
  held_directory& dir_;
  bool keep_;
};

}  // namespace raidbench::tools
