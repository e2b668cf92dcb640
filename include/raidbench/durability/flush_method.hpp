#pragma once
/// How rb-durable makes a write durable before it reports it: the call or the open flag, as a
/// database would (pg_test_fsync's wal_sync_method choices, and O_DIRECT with fdatasync).
#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <optional>
#include <string_view>

namespace raidbench::durability {

enum class flush_method : unsigned char { fsync, fdatasync, dsync, sync, direct_fdatasync };

inline constexpr std::array all_flush_methods{flush_method::fsync, flush_method::fdatasync, flush_method::dsync,
                                              flush_method::sync, flush_method::direct_fdatasync};

/// The name on the command line, in the protocol and in reports.
constexpr std::string_view name_of(flush_method m) {
  switch (m) {
    case flush_method::fsync: return "fsync";
    case flush_method::fdatasync: return "fdatasync";
    case flush_method::dsync: return "dsync";
    case flush_method::sync: return "sync";
    case flush_method::direct_fdatasync: return "direct-fdatasync";
  }
  return "?";
}

inline std::optional<flush_method> flush_method_named(std::string_view name) {
  for (const auto m : all_flush_methods)
    if (name_of(m) == name) return m;
  return std::nullopt;
}

/// The flags the target is opened with for `m` (beside O_RDWR).
constexpr int open_flags_of(flush_method m) {
  switch (m) {
    case flush_method::dsync: return O_DSYNC;
    case flush_method::sync: return O_SYNC;
    case flush_method::direct_fdatasync: return O_DIRECT;
    default: return 0;
  }
}

/// The call after the write that makes it durable: 0 on success, or -1 with errno; the open flag's
/// methods made it durable in the write itself.
inline int flush_after_write(int fd, flush_method m) noexcept {
  switch (m) {
    case flush_method::fsync: return ::fsync(fd);
    case flush_method::fdatasync:
    case flush_method::direct_fdatasync: return ::fdatasync(fd);
    default: return 0;
  }
}

}  // namespace raidbench::durability
