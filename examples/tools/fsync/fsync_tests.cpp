#include "fsync_tests.hpp"

#include <fcntl.h>

#include <chrono>

#include "raidbench/core/units.hpp"
#include "raidbench/run/runner.hpp"

namespace rb_fsync {

using namespace raidbench;

namespace {

// pg_test_fsync writes one WAL segment before testing, so no test extends the file.
constexpr std::uint64_t file_size = 16_MiB;

// One table per slot: each picks a policy and passes it on; the runner is instantiated once per
// kernel — timing × periodic flush or not × engine (8) — never per test or flush call.
template <class Next>
expected<result> with_timing(bool each_call, Next&& next) {
  if (each_call) return next(timing::per_call);
  return next(timing::totals);
}

template <class Next>
expected<result> with_sync(flush_kind f, std::uint32_t every, Next&& next) {
  if (f == flush_kind::none) return next(sync::none);
  return next(sync::chosen<true>{f == flush_kind::fsync ? sync::call::fsync : sync::call::fdatasync, false, every});
}

template <class Next>
expected<result> with_engine(descriptor_kind d, Next&& next) {
  switch (d) {
    case descriptor_kind::reopen_flush_writer: return next(engine::reopen_t{.flush_on_writer = true});
    case descriptor_kind::reopen_flush_other: return next(engine::reopen_t{.flush_on_writer = false});
    case descriptor_kind::one: break;
  }
  return next(engine::psync);
}

}  // namespace

std::vector<test_spec> pg_test_fsync_tests(std::uint64_t block) {
  std::vector<test_spec> out;
  for (std::uint32_t writes : {1u, 2u}) {
    const std::string section = writes == 1 ? "one_write" : "two_writes";
    out.push_back({section, "open_datasync", writes, block, flush_kind::none, O_DSYNC, true});
    out.push_back({section, "fdatasync", writes, block, flush_kind::fdatasync});
    out.push_back({section, "fsync", writes, block, flush_kind::fsync});
    out.push_back({.section = section, .label = "fsync_writethrough", .available = false});
    out.push_back({section, "open_sync", writes, block, flush_kind::none, O_SYNC, true});
  }
  out.push_back({"open_sync_sizes", " 1 * 16kB open_sync write", 1, 16_KiB, flush_kind::none, O_SYNC, true});
  out.push_back({"open_sync_sizes", " 2 *  8kB open_sync writes", 2, 8_KiB, flush_kind::none, O_SYNC, true});
  out.push_back({"open_sync_sizes", " 4 *  4kB open_sync writes", 4, 4_KiB, flush_kind::none, O_SYNC, true});
  out.push_back({"open_sync_sizes", " 8 *  2kB open_sync writes", 8, 2_KiB, flush_kind::none, O_SYNC, true});
  out.push_back({"open_sync_sizes", "16 *  1kB open_sync writes", 16, 1_KiB, flush_kind::none, O_SYNC, true});
  out.push_back({"other_descriptor", "write, fsync, close", 1, block, flush_kind::fsync, 0, false,
                 descriptor_kind::reopen_flush_writer});
  out.push_back({"other_descriptor", "write, close, fsync", 1, block, flush_kind::fsync, 0, false,
                 descriptor_kind::reopen_flush_other});
  out.push_back({"non_sync", "write", 1, block});
  return out;
}

bool direct_accepted(const held_directory& dir, const std::string& file, const test_spec& t) {
  return dir.opens_with(file, O_RDWR | O_DIRECT | t.open_flags);
}

expected<result> prepare_file(held_directory& dir, const std::string& file) {
  return run(workload(mix::writes, block{file_size}, target::file{file, file_size, &dir}, sync::fsync_at_end,
                      stop::after{.one_pass = true}));
}

expected<result> run_test(const test_spec& t, held_directory& dir, const std::string& file, unsigned seconds,
                          bool time_each_call) {
  // Each operation rewrites the same writes_per_op blocks at the start of the file, as pg_test_fsync does.
  const auto stop = stop::after{std::chrono::seconds(seconds)};
  const auto flags = open::dynamic{t.open_flags | (t.direct ? O_DIRECT : 0)};
  const auto where = target::file{file, t.writes_per_op * t.block, &dir};
  return with_timing(time_each_call, [&](auto timing_policy) {
    return with_sync(t.flush, t.writes_per_op, [&](auto sync_policy) {
      return with_engine(t.descriptors, [&](auto engine_policy) {
        return run(workload(mix::rewrite, access::sequential, block{t.block}, where, flags, sync_policy, engine_policy,
                            timing_policy, stop));
      });
    });
  });
}

double operations(const test_spec& t, const result& r) {
  if (t.flush != flush_kind::none) return static_cast<double>(r.stats.of(op_kind::flush).ops);
  return static_cast<double>(r.stats.of(op_kind::write).ops) / t.writes_per_op;
}

}  // namespace rb_fsync
