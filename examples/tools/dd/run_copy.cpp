#include "run_copy.hpp"

#include "raidbench/run/copy_run.hpp"

namespace rbdd {

namespace {

using namespace raidbench;

// dd's conv=fsync / conv=fdatasync: one flush at the end, with the call a value (one workload for all three).
template <class... Chosen>
expected<result> with_flush(const copy_request& r, const run_options& options, Chosen... chosen) {
  const sync::chosen<false> flush{r.flush == flush_choice::fdatasync ? sync::call::fdatasync : sync::call::fsync,
                                  r.flush != flush_choice::none};
  return raidbench::run(workload(chosen..., flush, r.copy, block{r.block}, open::dynamic{r.open_flags}, r.ends,
                                 stop::after{}),
                        options);
}

template <class Timing>
expected<result> with_engine(const copy_request& r, const run_options& options, Timing timing) {
  if (r.engine == engine_choice::psync) return with_flush(r, options, timing, engine::psync);
  return with_flush(r, options, timing, engine::stream);
}

}  // namespace

expected<result> run_copy(const copy_request& request, const run_options& options) {
  if (request.time_each_call) return with_engine(request, options, timing::per_call);
  return with_engine(request, options, timing::totals);
}

}  // namespace rbdd
