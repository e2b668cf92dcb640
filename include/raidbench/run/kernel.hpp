#pragma once
/// The kernels: one thread body per combination of what changes the hot loop — the access policy's
/// type, the operation choice, whether it flushes periodically, the engine, the timing (totals, each
/// call, or each call behind a gate). Everything else reaches it as a value, so workloads that
/// differ only in values, in the flush call, or in the name of an equivalent policy share one kernel.
#include <fcntl.h>

#include <cerrno>
#include <cstddef>
#include <new>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/random.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/run/execute.hpp"
#include "raidbench/run/flush_plan.hpp"
#include "raidbench/run/request_source.hpp"
#include "raidbench/run/sync_io.hpp"
#include "raidbench/run/sync_loop.hpp"
#include "raidbench/run/thread_job.hpp"
#include "raidbench/run/uring_loop.hpp"
#include "raidbench/workload/engine.hpp"

namespace raidbench::detail {

inline void fill_with_noise(std::byte* data, std::size_t size, random_generator& rng) {
  // Written blocks carry pseudo-random bytes, so compressing or deduplicating drives cannot flatter them.
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    const std::uint64_t word = rng();
    std::memcpy(data + i, &word, 8);
  }
}

template <op_choice Choice>
op_chooser<Choice> chooser_from(const kernel_inputs& in) noexcept {
  if constexpr (Choice == op_choice::interleaved) return {in.reads_per_write};
  else return {in.read_fraction};
}

/// The identity of a kernel: the access policy type and the four choices that shape the loop.
template <class Access, op_choice Choice, bool Periodic, engine::kind Engine, timing::kind Timing>
struct kernel {
  /// The thread body: untimed set-up (buffers, a ring), the start gate, then the hot loop. A buffer
  /// the system cannot give (a user's block size) is a set-up error, not an exception in a thread.
  static void body(thread_job& job, start_gate& gate, error& setup_error, const kernel_inputs& in) {
    try {
      run(job, gate, setup_error, in);
    } catch (const std::bad_alloc&) {
      setup_error = error{fmt::format("cannot allocate {} of I/O buffers for a thread", format_iec(in.block_size * job.queue_depth)),
                          ENOMEM};
      if (!gate.passed()) gate.wait_for_start();
    }
  }

 private:
  static void run(thread_job& job, start_gate& gate, error& setup_error, const kernel_inputs& in) {
    const Access& access = *static_cast<const Access*>(in.access);
    const auto chooser = chooser_from<Choice>(in);
    const flush_plan<Periodic> flush{in.flush};
    const opened_target& files = *in.files;
    if constexpr (Engine == engine::kind::io_uring) {
      uring_context ctx;
      auto ok = ctx.setup(files.fds(), job.queue_depth, in.block_size);
      for (auto& b : ctx.buffers()) fill_with_noise(b.data(), b.size(), job.rng);
      if (!ok) setup_error = ok.err();
      gate.wait_for_start();
      if (ok) uring_loop<Timing, Access, Choice, Periodic>(job, ctx, access, chooser, flush);
    } else {
      aligned_buffer buffer(in.block_size);
      fill_with_noise(buffer.data(), buffer.size(), job.rng);
      gate.wait_for_start();
      if constexpr (Engine == engine::kind::stream)
        sync_loop<Timing>(job, stream_io{files.fds()[0]}, buffer.data(), access, chooser, flush);
      else if constexpr (Engine == engine::kind::reopen)
        sync_loop<Timing>(job,
                            reopen_io{files.directory_fd(), files.names_in_directory().data(),
                                      (in.use == target_use::read ? O_RDONLY : O_RDWR) | in.open_bits, in.flush_on_writer},
                            buffer.data(), access, chooser, flush);
      else if constexpr (Engine == engine::kind::psync_checked) {
        std::string problem;
        sync_loop<Timing>(job, checked_block_io{{{files.fds().data()}}, &job.rng, &problem}, buffer.data(), access, chooser, flush);
        job.failure_detail = std::move(problem);
      } else if constexpr (Engine == engine::kind::mmap)
        sync_loop<Timing>(job, mmap_io{files.maps().data(), files.file_size()}, buffer.data(), access, chooser, flush);
      else
        sync_loop<Timing>(job, psync_block_io{{files.fds().data()}}, buffer.data(), access, chooser, flush);
    }
  }
};

}  // namespace raidbench::detail
