#pragma once
/// Which file a name leads to, as stat(2) tells it: what a tool records of a file it created, and
/// compares before it removes the name.
#include <sys/stat.h>
#include <sys/types.h>

namespace raidbench {

/// The same device and inode, and the same owner (a filesystem may give a freed inode number to the
/// next file created, another user's).
struct file_identity {
  dev_t device = 0;
  ino_t inode = 0;
  uid_t owner = 0;
  static file_identity of(const struct stat& st) noexcept { return {st.st_dev, st.st_ino, st.st_uid}; }
  friend bool operator==(const file_identity&, const file_identity&) = default;
};

}  // namespace raidbench
