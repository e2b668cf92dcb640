#include "dispatch.hpp"

namespace rb_run {
// The null engine cannot verify (--verify is a usage error with it): no verifying entries.
expected<result> run_null(const options& o, const raidbench::run_options& ro) {
  return run_with_engine<false>(o, ro, raidbench::engine::null);
}
}  // namespace rb_run
