#pragma once
// A small tmpfs the test mounts on a temporary directory (and unmounts when it goes): a filesystem
// to fill in milliseconds. The safety tests run as root; a machine that refuses the mount fails the
// test, never skips it.
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include <boost/test/unit_test.hpp>

#include "temp_dir.hpp"

namespace raidbench::test {

class small_tmpfs {
 public:
  explicit small_tmpfs(const std::string& size = "8m") {
    if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", MS_NOSUID | MS_NODEV, ("size=" + size).c_str()) != 0)
      BOOST_FAIL("mount tmpfs on " << dir_.path() << ": " << std::strerror(errno) << " (the safety tests run as root)");
  }
  small_tmpfs(const small_tmpfs&) = delete;
  small_tmpfs& operator=(const small_tmpfs&) = delete;
  ~small_tmpfs() { ::umount2(dir_.path().c_str(), MNT_DETACH); }
  const std::filesystem::path& path() const { return dir_.path(); }
  std::filesystem::path operator/(const std::string& name) const { return dir_.path() / name; }

 private:
  temp_dir dir_;
};

}  // namespace raidbench::test
