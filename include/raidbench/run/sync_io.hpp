#pragma once
/// The synchronous engines, one I/O at a time: psync (pread/pwrite), mmap (memcpy), stream (read/write).
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "raidbench/workload/sync.hpp"

namespace raidbench::detail {

inline int flush_descriptor(int fd, sync::call c) noexcept {
  return c == sync::call::fsync ? ::fsync(fd) : ::fdatasync(fd);
}

/// pread(2)/pwrite(2) on the target's descriptors.
struct psync_io {
  const int* fds;
  long read(std::uint32_t file, std::uint64_t offset, std::byte* buf, std::size_t n) const noexcept {
    return ::pread(fds[file], buf, n, static_cast<off_t>(offset));
  }
  long write(std::uint32_t file, std::uint64_t offset, const std::byte* buf, std::size_t n) const noexcept {
    return ::pwrite(fds[file], buf, n, static_cast<off_t>(offset));
  }
  template <sync::call C>
  int flush(std::uint32_t file) const noexcept { return flush_descriptor(fds[file], C); }
};

/// memcpy to and from shared mappings of the files; a flush is msync(MS_SYNC) of the whole file.
struct mmap_io {
  std::byte* const* maps;
  std::uint64_t file_size;
  long read(std::uint32_t file, std::uint64_t offset, std::byte* buf, std::size_t n) const noexcept {
    std::memcpy(buf, maps[file] + offset, n);
    return static_cast<long>(n);
  }
  long write(std::uint32_t file, std::uint64_t offset, const std::byte* buf, std::size_t n) const noexcept {
    std::memcpy(maps[file] + offset, buf, n);
    return static_cast<long>(n);
  }
  template <sync::call C>
  int flush(std::uint32_t file) const noexcept { return ::msync(maps[file], file_size, MS_SYNC); }
};

/// read(2)/write(2) in order on one descriptor (pipe, terminal, character device, file).
struct stream_io {
  int fd;
  long read(std::uint32_t, std::uint64_t, std::byte* buf, std::size_t n) const noexcept {
    long r;
    do r = ::read(fd, buf, n); while (r < 0 && errno == EINTR);
    return r;
  }
  long write(std::uint32_t, std::uint64_t, const std::byte* buf, std::size_t n) const noexcept {
    // A pipe may take part of a block; a stream write is complete or an error.
    std::size_t done = 0;
    while (done < n) {
      const long w = ::write(fd, buf + done, n - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return done ? static_cast<long>(done) : w;
      done += static_cast<std::size_t>(w);
    }
    return static_cast<long>(done);
  }
  template <sync::call C>
  int flush(std::uint32_t) const noexcept { return flush_descriptor(fd, C); }
};

}  // namespace raidbench::detail
