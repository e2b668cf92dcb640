#include <fcntl.h>

#include "phases.hpp"
#include "raidbench/run/runner.hpp"

namespace rb_suite {

using namespace raidbench;

namespace {
constexpr std::uint64_t one_mib = 1u << 20;

}  // namespace

expected<result> sequential_write(held_directory& dir, const std::string& file, std::uint64_t size, const run_options& ro,
                                  std::uint64_t block_size) {
  return run(workload(mix::writes, access::sequential, block{block_size}, target::file{file, size, &dir}, sync::fdatasync_at_end,
                      stop::after{.one_pass = true}),
             ro);
}

expected<result> sequential_read(held_directory& dir, const std::string& file, std::uint64_t size, bool direct,
                                 const run_options& ro) {
  return run(workload(mix::reads, access::sequential, block{one_mib}, target::file{file, size, &dir},
                      open::dynamic{direct ? O_DIRECT : 0}, stop::after{.one_pass = true}),
             ro);
}

expected<result> commit_test(held_directory& dir, const std::string& file, commit_method method, double seconds,
                             const run_options& ro) {
  const auto where = target::file{file, commit_block, &dir};
  const auto stop = stop::after{stop::time_limit(seconds)};
  auto with = [&](auto sync_policy, int flags) {
    return run(workload(mix::rewrite, access::sequential, block{commit_block}, where, open::dynamic{flags}, sync_policy, stop), ro);
  };
  switch (method) {
    case commit_method::fdatasync: return with(sync::fdatasync_every{1}, 0);
    case commit_method::fsync: return with(sync::fsync_every{1}, 0);
    case commit_method::open_sync:
    case commit_method::open_datasync: break;
  }
  const int flags = method == commit_method::open_sync ? O_SYNC : O_DSYNC;
  return with(sync::none, dir.opens_with(file, O_RDWR | O_DIRECT | flags) ? flags | O_DIRECT : flags);
}

}  // namespace rb_suite
