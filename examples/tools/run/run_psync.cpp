#include "dispatch.hpp"

namespace rb_run {
expected<result> run_psync(const options& o, const raidbench::run_options& ro) {
  return run_with_engine(o, ro, raidbench::engine::psync);
}
}  // namespace rb_run
