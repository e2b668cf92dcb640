#pragma once
/// The synchronous engines, one I/O at a time: psync (pread/pwrite), mmap (memcpy), stream (read/write), null.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "raidbench/workload/sync.hpp"

namespace raidbench::detail {

inline int flush_descriptor(int fd, sync::call c) noexcept {
  int r;
  do r = c == sync::call::fsync ? ::fsync(fd) : ::fdatasync(fd);
  while (r != 0 && errno == EINTR);  // a signal (rb-dd's progress tick) is not a failed flush
  return r;
}

/// n bytes moved by `call_at(done)`, one pread(2) or pwrite(2) of the rest from `done` on, repeated
/// after a partial transfer or EINTR: n, or -1 with errno. A call that moves nothing is the end of the
/// file for a read (`done` is returned) and no room left for a write (ENOSPC: a short write is never
/// a success).
template <bool Reading, class Call>
long transfer_all(std::size_t n, Call call_at) noexcept {
  long r = call_at(std::size_t{0});
  if (r == static_cast<long>(n)) [[likely]]
    return r;
  std::size_t done = 0;
  for (;; r = call_at(done)) {
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) {
      if constexpr (Reading) return static_cast<long>(done);
      errno = ENOSPC;
      return -1;
    }
    if ((done += static_cast<std::size_t>(r)) == n) return static_cast<long>(n);
  }
}

/// pread(2) of n bytes: n, fewer only at the end of the file, or -1 with errno.
inline long pread_all(int fd, std::byte* buf, std::size_t n, std::uint64_t offset) noexcept {
  return transfer_all<true>(n, [&](std::size_t done) noexcept {
    return ::pread(fd, buf + done, n - done, static_cast<off_t>(offset + done));
  });
}

/// pwrite(2) of n bytes: n, or -1 with errno (the error the rest met, such as ENOSPC).
inline long pwrite_all(int fd, const std::byte* buf, std::size_t n, std::uint64_t offset) noexcept {
  return transfer_all<false>(n, [&](std::size_t done) noexcept {
    return ::pwrite(fd, buf + done, n - done, static_cast<off_t>(offset + done));
  });
}

/// pread(2)/pwrite(2) on the target's descriptors, one call each: a copy (dd) sees partial reads and
/// writes, and interrupted calls, as they happen.
struct psync_io {
  static constexpr bool stream = false;  ///< a short transfer is a failure, not the end of input
  const int* fds;
  long read(std::uint32_t file, std::uint64_t offset, std::byte* buf, std::size_t n) const noexcept {
    return ::pread(fds[file], buf, n, static_cast<off_t>(offset));
  }
  long write(std::uint32_t file, std::uint64_t offset, const std::byte* buf, std::size_t n) const noexcept {
    return ::pwrite(fds[file], buf, n, static_cast<off_t>(offset));
  }
  int flush(std::uint32_t file, sync::call c) const noexcept { return flush_descriptor(fds[file], c); }
  int descriptor(std::uint32_t file) const noexcept { return fds[file]; }
  /// Positions are the caller's offsets: nothing to move.
  int advance(std::uint32_t, std::int64_t) const noexcept { return 0; }
};

/// The runner's psync engine: whole blocks, the rest of a partial transfer repeated (pread_all, pwrite_all).
struct psync_block_io : psync_io {
  long read(std::uint32_t file, std::uint64_t offset, std::byte* buf, std::size_t n) const noexcept {
    return pread_all(fds[file], buf, n, offset);
  }
  long write(std::uint32_t file, std::uint64_t offset, const std::byte* buf, std::size_t n) const noexcept {
    return pwrite_all(fds[file], buf, n, offset);
  }
};

/// pread(2)/pwrite(2) through a descriptor opened for each I/O and closed after it (engine::reopen),
/// by the file's name in the directory held for the run (openat, never through a link).
/// A flush opens its own descriptor; with `flush_on_writer` it flushes the last write's descriptor,
/// kept open until then, and opens and closes its own without using it, so both modes make the
/// same calls. One per thread; not copyable, since it may hold that descriptor.
class reopen_io {
 public:
  static constexpr bool stream = false;
  reopen_io(int directory, const std::string* names, int flags, bool flush_on_writer) noexcept
      : directory_(directory), names_(names), flags_(flags | O_CLOEXEC | O_NOFOLLOW), flush_on_writer_(flush_on_writer) {}
  reopen_io(const reopen_io&) = delete;
  reopen_io& operator=(const reopen_io&) = delete;
  ~reopen_io() { close_writer(); }

  long read(std::uint32_t file, std::uint64_t offset, std::byte* buf, std::size_t n) const noexcept {
    const int fd = ::openat(directory_, names_[file].c_str(), flags_);
    if (fd < 0) return -1;
    const long r = pread_all(fd, buf, n, offset);
    close_keeping_errno(fd);
    return r;
  }
  long write(std::uint32_t file, std::uint64_t offset, const std::byte* buf, std::size_t n) const noexcept {
    close_writer();
    const int fd = ::openat(directory_, names_[file].c_str(), flags_);
    if (fd < 0) return -1;
    const long r = pwrite_all(fd, buf, n, offset);
    if (flush_on_writer_ && r >= 0) writer_ = fd;
    else close_keeping_errno(fd);
    return r;
  }
  int flush(std::uint32_t file, sync::call c) const noexcept {
    int r = 0;
    const bool on_writer = writer_ >= 0;  // only with flush_on_writer, and only after a write
    if (on_writer) {
      r = flush_descriptor(writer_, c);
      close_writer();
      if (r != 0) return r;
    }
    const int fd = ::openat(directory_, names_[file].c_str(), flags_);
    if (fd < 0) return -1;
    if (!on_writer) r = flush_descriptor(fd, c);
    close_keeping_errno(fd);
    return r;
  }

 private:
  static void close_keeping_errno(int fd) noexcept {
    const int saved = errno;
    ::close(fd);
    errno = saved;
  }
  void close_writer() const noexcept {
    if (writer_ >= 0) close_keeping_errno(writer_);
    writer_ = -1;
  }

  int directory_;
  const std::string* names_;
  int flags_;
  bool flush_on_writer_;
  mutable int writer_ = -1;  // the hot loop holds its engine by const reference
};

/// memcpy to and from shared mappings of the files; a flush is msync(MS_SYNC) of the whole file.
struct mmap_io {
  static constexpr bool stream = false;
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
  int flush(std::uint32_t file, sync::call) const noexcept { return ::msync(maps[file], file_size, MS_SYNC); }
};

/// engine::null: every request done at once, no data moved, no system call.
struct null_io {
  static constexpr bool stream = false;
  long read(std::uint32_t, std::uint64_t, std::byte*, std::size_t n) const noexcept { return static_cast<long>(n); }
  long write(std::uint32_t, std::uint64_t, const std::byte*, std::size_t n) const noexcept { return static_cast<long>(n); }
  int flush(std::uint32_t, sync::call) const noexcept { return 0; }
};

/// read(2)/write(2) in order on one descriptor (pipe, terminal, character device, file). A call a
/// signal interrupts is repeated, unless `report_interrupts`: then it returns what it did, or -1
/// with EINTR (a copy looks at its signals then, as dd does while a pipe keeps it waiting).
struct stream_io {
  static constexpr bool stream = true;  ///< a short read is what the input had; zero bytes end it
  int fd;
  bool report_interrupts = false;
  long read(std::uint32_t, std::uint64_t, std::byte* buf, std::size_t n) const noexcept {
    long r;
    do r = ::read(fd, buf, n); while (r < 0 && errno == EINTR && !report_interrupts);
    return r;
  }
  long write(std::uint32_t, std::uint64_t, const std::byte* buf, std::size_t n) const noexcept {
    // A pipe may take part of a block; a stream write is complete, interrupted or an error.
    std::size_t done = 0;
    while (done < n) {
      const long w = ::write(fd, buf + done, n - done);
      if (w < 0 && errno == EINTR && !report_interrupts) continue;
      if (w <= 0) return done ? static_cast<long>(done) : w;
      done += static_cast<std::size_t>(w);
    }
    return static_cast<long>(done);
  }
  int flush(std::uint32_t, sync::call c) const noexcept { return flush_descriptor(fd, c); }
  int descriptor(std::uint32_t) const noexcept { return fd; }
  /// Moves the position by `n` bytes (lseek SEEK_CUR); an input that cannot seek (a pipe) stays.
  int advance(std::uint32_t, std::int64_t n) const noexcept {
    return ::lseek(fd, static_cast<off_t>(n), SEEK_CUR) >= 0 || errno == ESPIPE ? 0 : -1;
  }
};

}  // namespace raidbench::detail
