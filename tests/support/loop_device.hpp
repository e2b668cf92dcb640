#pragma once
// A loop device over a file the test made: a real block device whose every byte lives in the test's
// own temporary directory. Detached when the object goes, and by the kernel if the test dies first
// (LO_FLAGS_AUTOCLEAR while this object holds it open), so no run leaves one behind.
#include <fcntl.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
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
    if (file < 0) {
      const int err = errno;
      ::close(control);
      BOOST_FAIL("open " << backing << ": " << std::strerror(err));
    }
    // Attached and set to clear itself in one call (LOOP_CONFIGURE); a free device may be taken by
    // another process between asking and attaching (EBUSY): ask again.
    loop_config config{};
    config.fd = static_cast<__u32>(file);
    config.info.lo_flags = LO_FLAGS_AUTOCLEAR;
    std::string failure;
    for (int attempt = 0; attempt < 16 && fd_ < 0 && failure.empty(); ++attempt) {
      const int n = ::ioctl(control, LOOP_CTL_GET_FREE);
      if (n < 0) {
        failure = std::string("LOOP_CTL_GET_FREE: ") + std::strerror(errno);
        break;
      }
      path_ = "/dev/loop" + std::to_string(n);
      fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC);
      if (fd_ < 0) {
        failure = "open " + path_ + ": " + std::strerror(errno);  // no node for it under /dev
      } else if (::ioctl(fd_, LOOP_CONFIGURE, &config) != 0) {
        const int err = errno;
        ::close(fd_);
        fd_ = -1;
        if (err != EBUSY) failure = "LOOP_CONFIGURE " + path_ + ": " + std::strerror(err);
      }
    }
    ::close(file);
    ::close(control);
    if (fd_ < 0) BOOST_FAIL("cannot attach a loop device to " << backing << ": " << (failure.empty() ? "every device busy" : failure));
  }
  loop_device(const loop_device&) = delete;
  loop_device& operator=(const loop_device&) = delete;
  ~loop_device() {
    ::ioctl(fd_, LOOP_CLR_FD, 0);
    ::close(fd_);
  }

  const std::string& path() const { return path_; }

  /// Its major and minor numbers, for a node of the same device under another name (mknod).
  dev_t device_number() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) BOOST_FAIL("stat " << path_ << ": " << std::strerror(errno));
    return st.st_rdev;
  }

  /// Every byte the device holds, read through the device itself.
  std::string content() const {
    const off_t size = ::lseek(fd_, 0, SEEK_END);
    if (size < 0) BOOST_FAIL("lseek " << path_ << ": " << std::strerror(errno));
    std::string out(static_cast<std::size_t>(size), '\0');
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
