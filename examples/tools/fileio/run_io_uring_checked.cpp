#include "dispatch.hpp"

namespace rb_fileio {
raidbench::expected<raidbench::result> run_io_uring_checked(const plan& p, const raidbench::run_options& o) {
  return run_with(p, o, raidbench::engine::io_uring, raidbench::queue_depth{p.backlog}, raidbench::verify::sysbench_blocks);
}
}  // namespace rb_fileio
