#pragma once
// Everything under a directory, entry by entry: type, mode, owner and content (a file's bytes, a
// link's target, a device's numbers). Two snapshots compared prove a tool changed no byte outside
// what it may change, anywhere in the tree, not only in the file a test planted.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <filesystem>
#include <map>
#include <string>

#include <fmt/format.h>

#include "slurp.hpp"

namespace raidbench::test {

using tree_snapshot = std::map<std::string, std::string>;

inline tree_snapshot snapshot_tree(const std::filesystem::path& root) {
  tree_snapshot out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    struct stat st {};
    std::string what = "missing";
    if (::lstat(entry.path().c_str(), &st) == 0) {
      what = fmt::format("mode {:o} owner {}:{}", st.st_mode, st.st_uid, st.st_gid);
      if (S_ISLNK(st.st_mode)) what += " -> " + std::filesystem::read_symlink(entry.path()).string();
      else if (S_ISREG(st.st_mode)) what += " content " + slurp(entry.path());
      else if (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode)) what += fmt::format(" device {}:{}", major(st.st_rdev), minor(st.st_rdev));
    }
    out[std::filesystem::relative(entry.path(), root).string()] = std::move(what);
  }
  return out;
}

/// The entries that differ, one per line ("" when none): what a failed check prints.
inline std::string changes_between(const tree_snapshot& before, const tree_snapshot& after) {
  std::string out;
  for (const auto& [path, what] : before) {
    const auto now = after.find(path);
    if (now == after.end()) out += path + ": removed\n";
    else if (now->second != what) out += path + ": changed\n";
  }
  for (const auto& [path, what] : after)
    if (!before.contains(path)) out += path + ": created\n";
  return out;
}

}  // namespace raidbench::test
