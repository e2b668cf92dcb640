#include <chrono>

#include "phases.hpp"
#include "raidbench/run/runner.hpp"

namespace rb_suite {

using namespace raidbench;

namespace {
constexpr std::uint64_t random_block = 16384;

std::chrono::nanoseconds as_duration(double seconds) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
}

target::file_set set_of(held_directory& dir, std::uint32_t files, std::uint64_t total) {
  return target::file_set{.count = files, .total_size = total, .prefix = file_set_prefix, .in = &dir};
}
}  // namespace

expected<result> prepare_file_set(held_directory& dir, std::uint32_t files, std::uint64_t total, const run_options& ro) {
  return run(workload(mix::writes, access::sequential, block{1u << 20}, set_of(dir, files, total), sync::fdatasync_at_end,
                      stop::after{.one_pass = true}),
             ro);
}

expected<result> random_read_write(held_directory& dir, std::uint32_t files, std::uint64_t total, double seconds,
                                   std::uint64_t round, const run_options& ro) {
  return run(workload(mix::read_write{1.5}, access::random, block{random_block}, set_of(dir, files, total),
                      sync::fsync_every{100}, stop::after{as_duration(seconds)}, seed{round + 1}),
             ro);
}

expected<result> random_read(held_directory& dir, std::uint32_t files, std::uint64_t total, double seconds,
                             std::uint64_t round, const run_options& ro) {
  return run(workload(mix::reads, access::random, block{random_block}, set_of(dir, files, total),
                      stop::after{as_duration(seconds)}, seed{round + 1}),
             ro);
}

}  // namespace rb_suite
