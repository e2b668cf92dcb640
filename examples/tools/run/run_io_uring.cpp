#include "dispatch.hpp"

namespace rb_run {
expected<result> run_io_uring(const options& o, const raidbench::run_options& ro) {
  return run_with_engine(o, ro, raidbench::engine::io_uring, raidbench::queue_depth{o.iodepth});
}
}  // namespace rb_run
