#include "dispatch.hpp"

namespace rb_fileio {
// sysbench's async mode keeps --file-async-backlog requests queued per thread: io_uring's depth.
raidbench::expected<raidbench::result> run_io_uring(const plan& p, const raidbench::run_options& o) {
  return run_with(p, o, raidbench::engine::io_uring, raidbench::queue_depth{p.backlog});
}
}  // namespace rb_fileio
