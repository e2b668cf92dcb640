// The library additions rb-fileio needs for sysbench's semantics: a flush period counted in
// requests that flushes every file in turn, closing flushes counted apart, the interleaved mix.
#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "raidbench/run/runner.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(semantics_test)

BOOST_AUTO_TEST_CASE(interleaved_mix_and_rounds_of_fsyncs_over_all_files) {
  test::temp_dir dir;
  target::file_set set{dir.path(), 4, 1_MiB};
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, set, stop::after{.one_pass = true})).has_value());
  const sync::fsync_every rounds{.writes = 10, .at_end = true, .counts = sync::period::requests, .covers = sync::scope::all_files};
  auto check = [&](const auto& r) {
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    // (reads + 1) / (writes + 1) < 1.5 decides: exactly 3 reads for every 2 writes.
    BOOST_TEST(r->stats.of(op_kind::read).ops == 600u);
    BOOST_TEST(r->stats.of(op_kind::write).ops == 400u);
    // Every 10 requests hold a write, so each period ends with one fsync of each of the 4 files.
    BOOST_TEST(r->stats.thread_flushes.at(0) == 400u);
    BOOST_TEST(r->stats.closing_flushes == 4u);
    BOOST_TEST(r->stats.of(op_kind::flush).ops == 404u);
  };
  check(run(workload(access::random, mix::interleaved{1.5}, block{4_KiB}, set, rounds, stop::after{.ops = 1000})));
  check(run(workload(engine::io_uring, queue_depth{8}, access::random, mix::interleaved{1.5}, block{4_KiB}, set, rounds,
                     stop::after{.ops = 1000})));
}

BOOST_AUTO_TEST_CASE(a_period_of_requests_without_a_write_flushes_nothing) {
  test::temp_dir dir;
  target::file_set set{dir.path(), 2, 256_KiB};
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, set, stop::after{.one_pass = true})).has_value());
  // 1000 reads per write: the first 999 requests are reads, so no period holds a write.
  auto r = run(workload(access::random, mix::interleaved{1000}, block{4_KiB}, set,
                        sync::fdatasync_every{.writes = 5, .counts = sync::period::requests, .covers = sync::scope::all_files},
                        stop::after{.ops = 100}));
  BOOST_TEST_REQUIRE(r.has_value());
  BOOST_TEST(r->stats.of(op_kind::write).ops == 0u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
