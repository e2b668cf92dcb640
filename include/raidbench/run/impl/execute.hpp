#pragma once
// The runner's shared part (see core/linkage.hpp): included by execute.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/random.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/context/memory.hpp"
#include "raidbench/run/execute.hpp"
#include "raidbench/run/checked_block.hpp"
#include "raidbench/run/event_pacer.hpp"
#include "raidbench/run/thread_job.hpp"

namespace raidbench::detail {

namespace execution {

/// Checks the values the compiler cannot: sizes, counts, alignment.
inline expected<void> validate(const workload_description& d, int open_bits, engine::kind engine) {
  const bool stream = engine == engine::kind::stream;
  if (d.block_size == 0) return fail("the block size must be at least 1 byte");
  if (d.threads == 0) return fail("the number of threads must be at least 1");
  if (d.queue_depth == 0 || d.queue_depth > 4096) return fail(fmt::format("queue depth {} is outside 1…4096", d.queue_depth));
  if ((open_bits & O_DIRECT) && d.block_size % 512 != 0)
    return fail(fmt::format("O_DIRECT needs a block size that is a multiple of 512 bytes, not {}", d.block_size));
  if (engine == engine::kind::mmap && (open_bits & O_DIRECT))
    return fail("the mmap engine cannot use O_DIRECT: mapped pages always go through the page cache");
  if (!stream && d.total_size / std::max<std::uint32_t>(d.files, 1) < d.block_size)
    return fail(fmt::format("the target ({} per file) is smaller than one block ({})",
                            format_iec(d.total_size / std::max<std::uint32_t>(d.files, 1)), format_iec(d.block_size)));
  if (stream && d.threads != 1) return fail("the stream engine works with one thread");
  if (engine == engine::kind::psync_checked && d.block_size < checked_block_trailer)
    return fail(fmt::format("checked blocks need at least {} bytes, not {}", checked_block_trailer, d.block_size));
  return check_buffer_memory(d.block_size, d.queue_depth, d.threads);
}

/// Checks what verification needs: blocks of whole sectors that match the session's, a target the
/// session describes, and more blocks than I/Os in flight (each I/O holds its block).
inline expected<void> validate_verification(const run_request& r, const workload_description& d, std::uint64_t file_size,
                                            std::uint32_t files) {
  if (r.verify == verify::kind::none && r.engine != engine::kind::psync_checked) return {};
  if (const std::uint64_t blocks = file_size / d.block_size * files; blocks <= std::uint64_t{d.threads} * d.queue_depth)
    return fail(fmt::format("verification needs more blocks ({}) than I/Os in flight ({} threads × queue depth {}): each I/O "
                            "holds its block",
                            blocks, d.threads, d.queue_depth));
  if (r.verify != verify::kind::stamps) return {};
  const verify::session* s = r.inputs.session;
  if (s == nullptr) return fail("verify::stamps needs a session (verify::stamps{.with = &session})");
  const auto& l = s->layout();
  if (d.block_size % verify::sector_size != 0)
    return fail(fmt::format("verification stamps 512-byte sectors: the block size ({}) must be a multiple of 512", d.block_size));
  if (l.block_size != d.block_size || l.files.size() != files || l.file_size != file_size)
    return fail(fmt::format("the verification session is of {} file(s) of {} in blocks of {}; this run's target is {} file(s) "
                            "of {} in blocks of {}",
                            l.files.size(), format_iec(l.file_size), format_iec(l.block_size), files, format_iec(file_size),
                            format_iec(d.block_size)));
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

/// Opens the target for the run; mmap needs read access even to write, and a file as long as the mapping.
inline expected<opened_target> open_for(const run_request& r) {
  const target_use use = r.inputs.use;
  const bool mmap = r.engine == engine::kind::mmap;
  auto opened = r.open_target(r.target, r.inputs.open_bits, mmap && use == target_use::write ? target_use::read_write : use);
  if (!opened && mmap && use == target_use::write) {
    // A missing file is created at its full size, its blocks reserved, then mapped: a sparse file
    // on a filesystem without room for it would end the run in SIGBUS at the first page it cannot hold.
    opened = r.open_target(r.target, r.inputs.open_bits, target_use::write);
    if (opened) {
      for (std::size_t i = 0; i < opened->fds().size(); ++i)
        if (const int err = ::posix_fallocate(opened->fds()[i], 0, static_cast<off_t>(opened->file_size())); err != 0) {
          const std::string name = opened->names()[i];
          opened->remove_created_files();
          return system_failure("posix_fallocate", name, err);
        }
      // A shared writable mapping needs a descriptor open for reading too.
      if (auto reopened = opened->reopen_read_write(r.inputs.open_bits); !reopened) {
        opened->remove_created_files();
        return reopened.err();
      }
    }
  }
  return opened;
}

}  // namespace execution

RAIDBENCH_API expected<void> check_buffer_memory(std::uint64_t block_size, std::uint32_t queue_depth, std::uint32_t threads) {
  // Every thread's buffers are allocated and filled before the start: more than half of the RAM would
  // end in the OOM killer rather than in an error.
  const uint128 buffers = static_cast<uint128>(block_size) * queue_depth * threads;
  if (const auto ram = ram_bytes(); ram && buffers > *ram / 2)
    return fail(fmt::format("the I/O buffers (block size × queue depth × threads = {} × {} × {}) need more than half "
                            "of the RAM ({})",
                            format_iec(block_size), queue_depth, threads, format_iec(*ram)));
  return {};
}

RAIDBENCH_API expected<run_statistics> execute(run_request r, const run_options& options) {
  using namespace execution;
  const workload_description& d = *r.description;
  const bool stream = r.engine == engine::kind::stream;
  if (auto ok = validate(d, r.inputs.open_bits, r.engine); !ok) return ok.err();
  if (options.check_only) return run_statistics{};
  // The null engine touches no file: its layout is the description's, and nothing is opened.
  const bool null = r.engine == engine::kind::null;
  auto opened = null ? expected<opened_target>(opened_target{}) : open_for(r);
  if (!opened) return opened.err();
  opened_target& files = *opened;
  if (auto ok = validate_verification(r, d, files.file_size(), files.file_count()); !ok) {
    if (r.inputs.use == target_use::write) files.remove_created_files();
    return ok.err();
  }
  if (r.engine == engine::kind::mmap)
    if (auto m = files.map_files(r.inputs.use != target_use::read); !m) return m.err();
  // The reopen engine opens the files itself for every I/O; no other descriptor stays open meanwhile.
  if (r.engine == engine::kind::reopen) files.close_descriptors();

  const unsigned n_threads = d.threads;
  const std::uint32_t file_count = null ? std::max<std::uint32_t>(d.files, 1) : files.file_count();
  const std::uint64_t file_size = null ? d.total_size / file_count : files.file_size();
  const block_layout layout{file_count, stream ? UINT64_MAX : file_size / d.block_size, d.block_size};
  std::vector<thread_job> jobs(n_threads);
  for (unsigned i = 0; i < n_threads; ++i) {
    auto& job = jobs[i];
    job.layout = layout;
    job.first_block = stream ? 0 : share_begin(layout.total_blocks(), n_threads, i);
    job.end_block = stream ? UINT64_MAX : share_begin(layout.total_blocks(), n_threads, i + 1);
    job.one_pass = r.stop.one_pass || stream;
    job.max_ops = limit_share(r.stop.ops, n_threads, i);
    job.max_bytes = limit_share(r.stop.bytes, n_threads, i);
    job.queue_depth = d.queue_depth;
    job.rng = random_generator(d.seed * 0x9e3779b97f4a7c15ULL + i);
    job.index = i;
    job.observe = r.observe;
  }
  std::optional<event_pacer> pacer;
  if (r.rate > 0) pacer.emplace(r.rate, d.seed * 0x9e3779b97f4a7c15ULL + n_threads, r.arrival);

  r.inputs.files = &files;
  // sysbench's blocks: which are in use, for this run only.
  std::optional<verify::generation_map> claims;
  if (r.verify == verify::kind::sysbench_blocks || r.engine == engine::kind::psync_checked)
    r.inputs.claims = &claims.emplace(files.file_count(), layout.blocks_per_file);
  const kernel_body body = r.body;
  const kernel_inputs& inputs = r.inputs;
  auto stats = run_threads(
      jobs, [&](thread_job& job, start_gate& gate, error& setup_error) { body(job, gate, setup_error, inputs); },
      r.stop.time, options, files.names(), pacer ? &*pacer : nullptr);
  if (!stats && r.inputs.use == target_use::write) files.remove_created_files();
  // What a batched journal still holds is acknowledged now: the run's writes are done.
  if (stats && r.inputs.session != nullptr && r.inputs.session->record() != nullptr)
    if (auto ok = r.inputs.session->record()->commit(); !ok) return error{"verification journal: " + ok.message(), ok.err().errnum};
  return stats;
}

}  // namespace raidbench::detail
