#include "dispatch.hpp"

namespace rb_run {
expected<result> run_mmap(const options& o, const raidbench::run_options& ro) {
  return run_with_engine(o, ro, raidbench::engine::mmap);
}
}  // namespace rb_run
