#include <fcntl.h>

#include "phases.hpp"
#include "raidbench/run/runner.hpp"

namespace rb_suite {

using namespace raidbench;

namespace {
constexpr std::uint64_t random_block = 16384;

target::file_set set_of(held_directory& dir, std::uint32_t files, std::uint64_t total) {
  return target::file_set{.count = files, .total_size = total, .prefix = file_set_prefix, .in = &dir};
}

/// The workload of `policies`, stamped and checked in `verified` when there is one (--verify).
template <class... Policies>
expected<result> run_set(verify::session* verified, const run_options& ro, Policies... policies) {
  if (verified) return run(workload(policies..., verify::stamps{verified}), ro);
  return run(workload(policies...), ro);
}
}  // namespace

expected<result> prepare_file_set(held_directory& dir, std::uint32_t files, std::uint64_t total,
                                  const run_options& ro, verify::session* verified) {
  // Verified blocks are the random tests' own: the journal keeps one generation per block.
  return run_set(verified, ro, mix::writes, access::sequential, block{verified ? random_block : 1u << 20}, set_of(dir, files, total),
                 sync::fdatasync_at_end, stop::after{.one_pass = true});
}

expected<result> random_read_write(held_directory& dir, std::uint32_t files, std::uint64_t total, random_run how,
                                   const run_options& ro, verify::session* verified) {
  return run_set(verified, ro, mix::read_write{1.5}, access::random, block{random_block}, set_of(dir, files, total),
                 sync::fsync_every{100}, open::dynamic{how.direct ? O_DIRECT : 0}, stop::after{stop::time_limit(how.seconds)},
                 seed{how.round + 1});
}

expected<result> random_read(held_directory& dir, std::uint32_t files, std::uint64_t total, random_run how,
                             const run_options& ro, verify::session* verified) {
  return run_set(verified, ro, mix::reads, access::random, block{random_block}, set_of(dir, files, total),
                 open::dynamic{how.direct ? O_DIRECT : 0}, stop::after{stop::time_limit(how.seconds)}, seed{how.round + 1});
}

}  // namespace rb_suite
