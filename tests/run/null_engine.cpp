// engine::null: every request completes at once and the target is never opened; the run still
// times every request and measures its threads' CPU time, which tool_overhead reads.
#include <filesystem>

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/run/runner.hpp"
#include "raidbench/verdict/tool_overhead.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(null_engine_test)

BOOST_AUTO_TEST_CASE(a_null_engine_run_times_every_request_measures_its_cpu_time_and_touches_no_file) {
  test::temp_dir dir;
  const auto w = workload(engine::null, access::random, mix::read_percent{50}, block{4_KiB}, threads{2},
                          target::file_set{dir.path(), 2, 64_MiB}, stop::after{.ops = 200'000}, sync::fsync_every{100});
  const auto r = run(w);
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->workload.engine == "null");
  BOOST_TEST(r->stats.events() == 200'000u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops > 0u);
  for (const op_kind k : {op_kind::read, op_kind::write, op_kind::flush})
    BOOST_TEST(r->stats.of(k).latency.count() == r->stats.of(k).ops);  // every request timed
  BOOST_TEST(r->stats.of(op_kind::read).bytes == r->stats.of(op_kind::read).ops * 4_KiB);
  BOOST_TEST_REQUIRE(r->stats.thread_cpu_time.size() == 2u);
  const auto use = tool_cpu_use_of(*r);
  BOOST_TEST_REQUIRE(use.has_value());
  BOOST_TEST(use->requests == r->stats.events() + r->stats.of(op_kind::flush).ops);
  // Each thread ran for some time, and none used more CPU than the run's wall time (plus a tick).
  for (const auto& t : r->stats.thread_cpu_time) {
    BOOST_TEST(t.total_ns() > 0u);
    BOOST_TEST(t.total_ns() <= r->stats.elapsed_ns + 10'000'000);
  }
  BOOST_TEST(fs::is_empty(dir.path()));  // nothing created, nothing opened
}

BOOST_AUTO_TEST_CASE(a_file_that_does_not_exist_is_no_error_for_it_to_read) {
  test::temp_dir dir;
  const auto r = run(workload(engine::null, block{4_KiB}, target::file{dir / "absent", 1_MiB}, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 256u);
  BOOST_TEST(!fs::exists(dir / "absent"));
}

BOOST_AUTO_TEST_SUITE_END()
