#pragma once
// Everything under a directory, entry by entry: type, mode, owner and content (a file's bytes, a
// link's target, a device's numbers). Two snapshots compared prove a tool changed no byte outside
// what it may change, anywhere in the tree, not only in the file a test planted.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace raidbench::test {

using tree_snapshot = std::map<std::string, std::string>;

/// A digest of a file's bytes, read in large blocks (the sanitized build reads byte-wise streams
/// slowly): any change a tool could make to a test's file changes it.
inline std::string content_digest(const std::filesystem::path& p) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return "unreadable";
  std::string bytes;
  char chunk[1 << 16];
  for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) bytes.append(chunk, static_cast<std::size_t>(n));
  ::close(fd);
  return fmt::format("{} bytes, hash {:x}", bytes.size(), std::hash<std::string_view>{}(bytes));
}

inline tree_snapshot snapshot_tree(const std::filesystem::path& root) {
  tree_snapshot out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    struct stat st {};
    std::string what = "missing";
    if (::lstat(entry.path().c_str(), &st) == 0) {
      what = fmt::format("mode {:o} owner {}:{}", st.st_mode, st.st_uid, st.st_gid);
      if (S_ISLNK(st.st_mode)) what += " -> " + std::filesystem::read_symlink(entry.path()).string();
      else if (S_ISREG(st.st_mode)) what += " content " + content_digest(entry.path());
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
