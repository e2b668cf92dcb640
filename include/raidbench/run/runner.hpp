#pragma once
/// Runs a workload: opens the target, starts the threads together, merges their statistics.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/run/copy_run.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/opened_target.hpp"
#include "raidbench/run/progress.hpp"
#include "raidbench/run/run_threads.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/signals.hpp"
#include "raidbench/run/sync_io.hpp"
#include "raidbench/run/sync_loop.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/run/uring_loop.hpp"
#include "raidbench/workload/description.hpp"
#include "raidbench/workload/workload.hpp"

namespace raidbench {

namespace detail {

template <class Mix>
constexpr target_use use_of() {
  if constexpr (mix::mixed<Mix>) return target_use::mixed;
  else if constexpr (std::is_same_v<Mix, mix::reads_t>) return target_use::read;
  else if constexpr (std::is_same_v<Mix, mix::rewrite_t>) return target_use::rewrite;
  else return target_use::write;
}

inline void fill_with_noise(std::byte* data, std::size_t size, random_generator& rng) {
  // Written blocks carry pseudo-random bytes, so compressing or deduplicating drives cannot flatter them.
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    const std::uint64_t word = rng();
    std::memcpy(data + i, &word, 8);
  }
}

/// Checks the values the compiler cannot: sizes, counts, alignment.
inline expected<void> validate(const workload_description& d, int open_bits, bool stream, bool mmap) {
  if (d.block_size == 0) return fail("the block size must be at least 1 byte");
  if (d.threads == 0) return fail("the number of threads must be at least 1");
  if (d.queue_depth == 0 || d.queue_depth > 4096) return fail(fmt::format("queue depth {} is outside 1…4096", d.queue_depth));
  if ((open_bits & O_DIRECT) && d.block_size % 512 != 0)
    return fail(fmt::format("O_DIRECT needs a block size that is a multiple of 512 bytes, not {}", d.block_size));
  if (mmap && (open_bits & O_DIRECT)) return fail("the mmap engine cannot use O_DIRECT: mapped pages always go through the page cache");
  if (!stream && d.total_size / std::max<std::uint32_t>(d.files, 1) < d.block_size)
    return fail(fmt::format("the target ({} per file) is smaller than one block ({})",
                            format_iec(d.total_size / std::max<std::uint32_t>(d.files, 1)), format_iec(d.block_size)));
  if (stream && d.threads != 1) return fail("the stream engine works with one thread");
  return {};
}

/// Shares `total` among `parts`: part i gets [i·total/parts, (i+1)·total/parts).
inline std::uint64_t share_begin(std::uint64_t total, unsigned parts, unsigned i) {
  return static_cast<std::uint64_t>(static_cast<uint128>(total) * i / parts);
}

inline std::uint64_t limit_share(std::uint64_t limit, unsigned parts, unsigned i) {
  if (limit == 0) return UINT64_MAX;
  return share_begin(limit, parts, i + 1) - share_begin(limit, parts, i);
}

}  // namespace detail

/// Runs the workload and returns what it measured, or one line saying why it could not run.
/// A SIGINT/SIGTERM caught by `stop_on_signals` (or `options.stop_flag`) ends it early with a
/// partial result marked `interrupted`. Files the run created are removed if it fails.
template <class W>
expected<result> run(const W& w, const run_options& options = {}) {
  static_assert(W::template has<slot::target>,
                "raidbench::run: a workload needs a target: target::file, target::file_set or target::descriptor");
  using access_policy = std::decay_t<typename W::template policy_for<slot::access>>;
  using mix_policy = std::decay_t<typename W::template policy_for<slot::mix>>;
  using sync_policy = std::decay_t<typename W::template policy_for<slot::sync>>;
  using timing_policy = typename W::template policy_for<slot::timing>;
  using engine_policy = std::decay_t<typename W::template policy_for<slot::engine>>;
  constexpr bool is_stream = std::is_same_v<engine_policy, engine::stream_t>;
  constexpr bool is_mmap = std::is_same_v<engine_policy, engine::mmap_t>;
  constexpr bool is_uring = std::is_same_v<engine_policy, engine::io_uring_t>;
  constexpr bool is_reopen = std::is_same_v<engine_policy, engine::reopen_t>;
  constexpr detail::op_choice choice = detail::choice_of<mix_policy>;
  constexpr target_use use = detail::use_of<mix_policy>();

  result out;
  out.workload = describe(w);
  const workload_description& d = out.workload;
  const int open_bits = w.template get<slot::open_flags>().bits();
  if (auto ok = detail::validate(d, open_bits, is_stream, is_mmap); !ok) return ok.err();

  // mmap needs read access even to write, and a file already as long as the mapping.
  constexpr target_use open_use = is_mmap && use == target_use::write ? target_use::mixed : use;
  auto opened = opened_target::open(w.template get<slot::target>(), open_bits, open_use);
  if (!opened) {
    if constexpr (is_mmap && use == target_use::write) {
      // A missing file is created at its full size, then mapped.
      opened = opened_target::open(w.template get<slot::target>(), open_bits, target_use::write);
      if (opened) {
        for (int fd : opened->fds())
          if (::ftruncate(fd, static_cast<off_t>(opened->file_size())) != 0) return system_failure("ftruncate", d.path, errno);
        // A shared writable mapping needs a descriptor open for reading too.
        opened = opened_target::open(w.template get<slot::target>(), open_bits, target_use::mixed);
      }
    }
    if (!opened) return opened.err();
  }
  opened_target& files = *opened;
  if constexpr (is_mmap)
    if (auto m = files.map_files(use != target_use::read); !m) return m.err();
  // The reopen engine opens the files itself for every I/O; no other descriptor stays open meanwhile.
  if constexpr (is_reopen) files.close_descriptors();

  const unsigned n_threads = d.threads;
  detail::block_layout layout{files.file_count(), is_stream ? UINT64_MAX : files.file_size() / d.block_size, d.block_size};
  std::vector<detail::thread_job> jobs(n_threads);
  const auto stop = w.template get<slot::stop>();
  for (unsigned i = 0; i < n_threads; ++i) {
    auto& job = jobs[i];
    job.layout = layout;
    job.first_block = is_stream ? 0 : detail::share_begin(layout.total_blocks(), n_threads, i);
    job.end_block = is_stream ? UINT64_MAX : detail::share_begin(layout.total_blocks(), n_threads, i + 1);
    job.one_pass = stop.one_pass || is_stream;
    job.max_ops = detail::limit_share(stop.ops, n_threads, i);
    job.max_bytes = detail::limit_share(stop.bytes, n_threads, i);
    job.queue_depth = d.queue_depth;
    job.rng = random_generator(d.seed * 0x9e3779b97f4a7c15ULL + i);
  }

  // Only this body depends on the policies: it is what each combination instantiates.
  const auto chooser = detail::chooser_for(w.template get<slot::mix>());
  const detail::flush_plan<sync_policy> flush(w.template get<slot::sync>());
  const auto engine_policy_value = w.template get<slot::engine>();
  auto body = [&](detail::thread_job& job, detail::start_gate& gate, error& setup_error) {
    if constexpr (is_uring) {
      detail::uring_context ctx;
      auto ok = ctx.setup(files.fds(), d.queue_depth, d.block_size);
      for (auto& b : ctx.buffers()) detail::fill_with_noise(b.data(), b.size(), job.rng);
      if (!ok) setup_error = ok.err();
      gate.wait_for_start();
      if (ok) detail::uring_loop<access_policy, choice, sync_policy>(job, ctx, chooser, flush);
    } else {
      aligned_buffer buffer(d.block_size);
      detail::fill_with_noise(buffer.data(), buffer.size(), job.rng);
      gate.wait_for_start();
      if constexpr (is_stream)
        detail::sync_loop<access_policy, choice, sync_policy, timing_policy>(job, detail::stream_io{files.fds()[0]},
                                                                             buffer.data(), chooser, flush);
      else if constexpr (is_reopen)
        detail::sync_loop<access_policy, choice, sync_policy, timing_policy>(
            job,
            detail::reopen_io{files.names().data(), (use == target_use::read ? O_RDONLY : O_RDWR) | open_bits,
                              engine_policy_value.flush_on_writer},
            buffer.data(), chooser, flush);
      else if constexpr (is_mmap)
        detail::sync_loop<access_policy, choice, sync_policy, timing_policy>(
            job, detail::mmap_io{files.maps().data(), files.file_size()}, buffer.data(), chooser, flush);
      else
        detail::sync_loop<access_policy, choice, sync_policy, timing_policy>(job, detail::psync_io{files.fds().data()},
                                                                             buffer.data(), chooser, flush);
    }
  };
  auto stats = detail::run_threads(jobs, body, stop.time, options, files.names());
  if (!stats) {
    if (use == target_use::write) files.remove_created_files();
    return stats.err();
  }
  out.stats = std::move(*stats);
  return out;
}

}  // namespace raidbench
