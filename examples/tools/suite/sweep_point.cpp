#include <fcntl.h>

#include "raidbench/run/runner.hpp"
#include "sweep.hpp"

namespace rb_suite {

using namespace raidbench;

expected<result> run_sweep_point(held_directory& dir, const std::string& file, std::uint64_t size, const sweep_point& p,
                                 bool direct, double seconds, double time_limit, std::uint64_t seed_value, const run_options& ro) {
  const double limit = seconds > 0 ? seconds : time_limit;
  const stop::after stop{stop::time_limit(limit), 0, 0, seconds <= 0};
  auto with_engine = [&](auto&& next) {
    return p.queue_depth > 1 ? next(engine::io_uring, queue_depth{p.queue_depth}) : next(engine::psync);
  };
  auto with_access = [&](auto&& next) { return p.random ? next(access::random) : next(access::sequential); };
  auto with_mix = [&](auto&& next) {
    // Writes go over the file prepared before the sweep: rewrite never extends or truncates it.
    if (p.read_percent >= 100) return next(mix::reads);
    if (p.read_percent == 0) return next(mix::rewrite);
    return next(mix::read_percent{static_cast<double>(p.read_percent)});
  };
  return with_engine([&](auto eng, auto... qd) {
    return with_access([&](auto acc) {
      return with_mix([&](auto m) {
        return run(workload(eng, qd..., acc, m, target::file{file, size, &dir}, block{p.block_size}, open::dynamic{direct ? O_DIRECT : 0},
                            stop, seed{seed_value}),
                   ro);
      });
    });
  });
}

}  // namespace rb_suite
