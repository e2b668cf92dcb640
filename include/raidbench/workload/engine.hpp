#pragma once
/// I/O engine policies (how an I/O is issued) and the queue depth of the asynchronous one.
#include <cstdint>
#include <string_view>

#include "raidbench/workload/policy_of.hpp"
#include "raidbench/workload/slot.hpp"

namespace raidbench {

namespace engine {

/// What an engine policy is, declared by each as `static constexpr engine::kind kind` and inherited
/// by policies derived from it: the runner picks its I/O calls by the kind.
enum class kind : unsigned char { psync, io_uring, mmap, stream, reopen, psync_checked, null };

/// What an engine without options declares; io_uring is the one asynchronous engine.
template <engine::kind K, detail::fixed_name Name>
struct engine_of : policy_of<raidbench::slot::engine, K, Name> {
  static constexpr bool asynchronous = K == engine::kind::io_uring;
};

/// pread(2)/pwrite(2), one I/O at a time per thread.
struct psync_t : engine_of<kind::psync, "psync"> {};
/// io_uring (liburing), keeping `queue_depth` I/Os in flight per thread, with registered files and buffers.
struct io_uring_t : engine_of<kind::io_uring, "io_uring"> {};
/// The target mapped with mmap(2); reads and writes are memcpy, flushes are msync(2).
struct mmap_t : engine_of<kind::mmap, "mmap"> {};
/// read(2)/write(2) in order on a descriptor that may not seek: pipes, stdin/stdout, /dev/zero.
struct stream_t : engine_of<kind::stream, "stream"> {};

/// pread(2)/pwrite(2) through a descriptor opened for each I/O and closed after it, as separate
/// processes that each open, write and exit would; a flush opens and closes a descriptor of its own.
/// `flush_on_writer`: the flush goes through the last write's descriptor (kept open until then)
/// instead, so both modes make the same calls and differ only in which descriptor is flushed
/// (pg_test_fsync's "write, fsync, close" against "write, close, fsync").
struct reopen_t {
  using slot = raidbench::slot::engine;
  static constexpr std::string_view name = "reopen";
  static constexpr engine::kind kind = engine::kind::reopen;
  static constexpr bool asynchronous = false;
  bool flush_on_writer = false;
};

/// psync whose written blocks carry a CRC-32 and their offset and whose reads are checked, in
/// sysbench's --validate layout (run/checked_block.hpp): a read that fails its check fails the run.
struct psync_checked_t : engine_of<kind::psync_checked, "psync_checked"> {};

/// No system call: each request completes at once and no data moves; the target is not even opened.
/// What a run against it measures is the runner's own cost per request (fio's ioengine=null).
struct null_t : engine_of<kind::null, "null"> {};

inline constexpr psync_t psync{};
inline constexpr psync_checked_t psync_checked{};
inline constexpr reopen_t reopen{};
inline constexpr io_uring_t io_uring{};
inline constexpr mmap_t mmap{};
inline constexpr stream_t stream{};
inline constexpr null_t null{};

}  // namespace engine

/// I/Os kept in flight per thread by an asynchronous engine (fio's iodepth, sysbench's backlog).
struct queue_depth {
  using slot = raidbench::slot::queue_depth;
  std::uint32_t value = 1;
};

}  // namespace raidbench
