#include "dispatch.hpp"

namespace rb_fileio {
raidbench::expected<raidbench::result> run_mmap_checked(const plan& p, const raidbench::run_options& o) {
  return run_with(p, o, raidbench::engine::mmap, raidbench::verify::sysbench_blocks);
}
}  // namespace rb_fileio
