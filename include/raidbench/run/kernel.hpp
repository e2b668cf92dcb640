#pragma once
/// The kernels: one thread body per combination of what changes the hot loop — the access policy's
/// type, the operation choice, whether it flushes periodically, the engine, the timing (totals, each
/// call, or each call behind a gate). Everything else reaches it as a value, so workloads that
/// differ only in values, in the flush call, or in the name of an equivalent policy share one kernel.
#include <fcntl.h>

#include <algorithm>
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
#include "raidbench/run/verifier.hpp"
#include "raidbench/workload/engine.hpp"
#include "raidbench/workload/verify.hpp"

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

/// The verifier of a thread of a `Verify` kernel (run/verifier.hpp); `noise` is the thread's random block.
template <verify::kind Verify>
auto verifier_for(const kernel_inputs& in, thread_job& job, const std::byte* noise, bool periodic) {
  if constexpr (Verify == verify::kind::stamps) {
    using durability = stamping_verifier::durability;
    // A flush is what makes a write durable, unless each write is (O_SYNC, O_DSYNC: not for mmap).
    const bool each_write = in.writes_durable;
    const std::size_t room = each_write || !periodic ? 0 : std::min<std::uint64_t>(in.flush.every, 1u << 16);
    return stamping_verifier(*in.session, in.block_size, noise, each_write ? durability::each_write : durability::at_flush,
                             in.flush.at_end && !each_write ? std::size_t{1} << 16 : room);
  } else if constexpr (Verify == verify::kind::sysbench_blocks) {
    return sysbench_block_verifier(*in.claims, in.block_size, job.rng);
  } else {
    return no_verifier{};
  }
}

/// The identity of a kernel: the access policy type and the five choices that shape the loop.
template <class Access, op_choice Choice, bool Periodic, engine::kind Engine, timing::kind Timing,
          verify::kind Verify = verify::kind::none>
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
    // A stamping thread's noise: the random bytes each stamp XORs with its own key.
    aligned_buffer noise(Verify == verify::kind::stamps ? in.block_size : 0);
    fill_with_noise(noise.data(), noise.size(), job.rng);
    if constexpr (Engine == engine::kind::io_uring) {
      uring_context ctx;
      auto ok = ctx.setup(files.fds(), job.queue_depth, in.block_size);
      for (auto& b : ctx.buffers()) fill_with_noise(b.data(), b.size(), job.rng);
      if (!ok) setup_error = ok.err();
      auto verifier = verifier_for<Verify>(in, job, noise.data(), Periodic);
      gate.wait_for_start();
      if (ok) uring_loop<Timing, Access, Choice, Periodic>(job, ctx, access, chooser, flush, verifier);
    } else {
      aligned_buffer buffer(in.block_size);
      fill_with_noise(buffer.data(), buffer.size(), job.rng);
      // psync_checked is psync with sysbench's blocks (engine::psync_checked).
      constexpr verify::kind checks = Engine == engine::kind::psync_checked ? verify::kind::sysbench_blocks : Verify;
      auto verifier = verifier_for<checks>(in, job, noise.data(), Periodic);
      gate.wait_for_start();
      if constexpr (Engine == engine::kind::null)
        sync_loop<Timing>(job, null_io{}, buffer.data(), access, chooser, flush);
      else if constexpr (Engine == engine::kind::stream)
        sync_loop<Timing>(job, stream_io{files.fds()[0]}, buffer.data(), access, chooser, flush);
      else if constexpr (Engine == engine::kind::reopen)
        sync_loop<Timing>(job,
                            reopen_io{files.directory_fd(), files.names_in_directory().data(),
                                      (in.use == target_use::read ? O_RDONLY : O_RDWR) | in.open_bits, in.flush_on_writer},
                            buffer.data(), access, chooser, flush);
      else if constexpr (Engine == engine::kind::mmap)
        sync_loop<Timing>(job, mmap_io{files.maps().data(), files.file_size()}, buffer.data(), access, chooser, flush, verifier);
      else
        sync_loop<Timing>(job, psync_block_io{{files.fds().data()}}, buffer.data(), access, chooser, flush, verifier);
    }
  }
};

}  // namespace raidbench::detail
