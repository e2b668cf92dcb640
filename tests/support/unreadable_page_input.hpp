#pragma once
// An input that fails to read in the middle, like a disk with a bad sector, without a device.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>

namespace raidbench::test {

/// Pages 'a', unreadable, 'c', 'd' of this process, read through a descriptor of /proc/self/mem
/// that children inherit: reading the second page fails with EIO, as a bad sector would. (It is
/// a mapping of an empty memfd: a page past the end of its file, which no other mapping can take.)
class unreadable_page_input {
 public:
  static constexpr std::size_t page = 4096;
  unreadable_page_input() {
    pages_ = static_cast<char*>(::mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    BOOST_TEST_REQUIRE(pages_ != MAP_FAILED);
    std::memset(pages_, 'a', page);
    std::memset(pages_ + 2 * page, 'c', page);
    std::memset(pages_ + 3 * page, 'd', page);
    const int empty = ::memfd_create("unreadable", MFD_CLOEXEC);
    BOOST_TEST_REQUIRE(empty >= 0);
    BOOST_TEST_REQUIRE(::mmap(pages_ + page, page, PROT_READ, MAP_SHARED | MAP_FIXED, empty, 0) != MAP_FAILED);
    ::close(empty);
    fd_ = ::open("/proc/self/mem", O_RDONLY);  // inherited on purpose: the shell hands it to dd
    BOOST_TEST_REQUIRE(fd_ >= 0);
  }
  ~unreadable_page_input() {
    ::close(fd_);
    ::munmap(pages_, 4 * page);
  }
  unreadable_page_input(const unreadable_page_input&) = delete;
  unreadable_page_input& operator=(const unreadable_page_input&) = delete;

  int fd() const { return fd_; }
  /// Where the pages start in the descriptor's offsets (their address).
  off_t start() const { return reinterpret_cast<off_t>(pages_); }
  void rewind() const { BOOST_TEST_REQUIRE(::lseek(fd_, start(), SEEK_SET) >= 0); }

 private:
  char* pages_ = nullptr;
  int fd_ = -1;
};

}  // namespace raidbench::test
