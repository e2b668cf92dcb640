#pragma once
// A loop device over a file the test made: a real block device whose every byte lives in the test's
// own temporary directory. Detached when the object goes, and by the kernel if the test dies first
// (LO_FLAGS_AUTOCLEAR while this object holds it open), so no run leaves one behind.
#include <fcntl.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include <boost/test/unit_test.hpp>

namespace raidbench::test {

class loop_device {
 public:
  explicit loop_device(const std::filesystem::path& backing) {
    const int control = ::open("/dev/loop-control", O_RDWR | O_CLOEXEC);
    if (control < 0) BOOST_FAIL("open /dev/loop-control: " << std::strerror(errno) << " (the safety tests run as root)");
    const int file = ::open(backing.c_str(), O_RDWR | O_CLOEXEC);
    // A free device may be taken by another process between asking and attaching: ask again.
    for (int attempt = 0; attempt < 16 && fd_ < 0; ++attempt) {
      const int n = ::ioctl(control, LOOP_CTL_GET_FREE);
      if (n < 0) break;
      path_ = "/dev/loop" + std::to_string(n);
      fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC);
      if (fd_ >= 0 && ::ioctl(fd_, LOOP_SET_FD, file) != 0) {
        ::close(fd_);
        fd_ = -1;
      }
    }
    const int err = errno;
    ::close(file);
    ::close(control);
    if (fd_ < 0) BOOST_FAIL("cannot attach a loop device to " << backing << ": " << std::strerror(err));
    loop_info64 info{};
    info.lo_flags = LO_FLAGS_AUTOCLEAR;
    ::ioctl(fd_, LOOP_SET_STATUS64, &info);
  }
  loop_device(const loop_device&) = delete;
  loop_device& operator=(const loop_device&) = delete;
  ~loop_device() {
    ::ioctl(fd_, LOOP_CLR_FD, 0);
    ::close(fd_);
  }

  const std::string& path() const { return path_; }

  /// Every byte the device holds, read through the device itself.
  std::string content() const {
    std::string out(static_cast<std::size_t>(::lseek(fd_, 0, SEEK_END)), '\0');
    std::size_t done = 0;
    while (done < out.size()) {
      const ssize_t n = ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(done));
      if (n <= 0) BOOST_FAIL("read " << path_ << ": " << (n < 0 ? std::strerror(errno) : "end of device"));
      done += static_cast<std::size_t>(n);
    }
    return out;
  }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace raidbench::test
