#pragma once
/// Owns a POSIX file descriptor: closed exactly once, movable, never copied.
#include <unistd.h>

#include <utility>

namespace raidbench {

/// RAII file descriptor; -1 means none.
class file_descriptor {
 public:
  file_descriptor() noexcept = default;
  explicit file_descriptor(int fd) noexcept : fd_(fd) {}
  file_descriptor(file_descriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  file_descriptor& operator=(file_descriptor&& other) noexcept {
    if (this != &other) reset(std::exchange(other.fd_, -1));
    return *this;
  }
  file_descriptor(const file_descriptor&) = delete;
  file_descriptor& operator=(const file_descriptor&) = delete;
  ~file_descriptor() { reset(); }

  int get() const noexcept { return fd_; }
  explicit operator bool() const noexcept { return fd_ >= 0; }
  /// Gives up ownership, for descriptors the caller lent (stdin, stdout).
  int release() noexcept { return std::exchange(fd_, -1); }
  void reset(int fd = -1) noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

}  // namespace raidbench
