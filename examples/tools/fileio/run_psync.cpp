#include "dispatch.hpp"

namespace rb_fileio {
raidbench::expected<raidbench::result> run_psync(const plan& p, const raidbench::run_options& o) {
  return run_with(p, o, raidbench::engine::psync);
}
}  // namespace rb_fileio
