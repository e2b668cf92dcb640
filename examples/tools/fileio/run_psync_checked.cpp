#include "dispatch.hpp"

namespace rb_fileio {
raidbench::expected<raidbench::result> run_psync_checked(const plan& p, const raidbench::run_options& o) {
  return run_with(p, o, raidbench::engine::psync_checked);
}
}  // namespace rb_fileio
