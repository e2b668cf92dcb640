// The library additions rb-fileio needs for sysbench's semantics: a flush period counted in
// requests that flushes every file in turn, closing flushes counted apart, the interleaved mix.
#include <array>
#include <mutex>
#include <set>
#include <tuple>

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

// timing::gated: the observer sees every request the runner issues, from its thread, before it is
// timed; on the synchronous engine and on io_uring alike.
BOOST_AUTO_TEST_CASE(a_gated_run_shows_every_request_to_its_observer) {
  test::temp_dir dir;
  target::file_set set{dir.path(), 2, 256_KiB};
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, set, stop::after{.one_pass = true})).has_value());
  const sync::fsync_every rounds{.writes = 5, .counts = sync::period::requests, .covers = sync::scope::all_files,
                                 .flushes_are_requests = true};
  auto check = [&](auto engine_policies) {
    std::mutex m;
    std::array<std::uint64_t, op_kind_count> seen{};
    std::set<unsigned> thread_numbers;
    bool in_bounds = true;
    timing::gated gate{.observe = [&](const timing::request& r) {
      std::lock_guard lock(m);
      ++seen[static_cast<std::size_t>(r.op)];
      thread_numbers.insert(r.thread);
      in_bounds = in_bounds && r.file < 2 && r.offset % 4_KiB == 0 && r.offset + r.size <= 256_KiB &&
                  (r.op == op_kind::flush ? r.size == 0 : r.size == 4_KiB);
    }};
    auto r = std::apply([&](auto... e) {
      return run(workload(e..., gate, access::random, mix::interleaved{1.5}, block{4_KiB}, set, rounds, threads{2},
                          stop::after{.ops = 400}));
    }, engine_policies);
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(r->workload.timing == "gated");
    for (auto k : {op_kind::read, op_kind::write, op_kind::flush})
      BOOST_TEST(seen[static_cast<std::size_t>(k)] == r->stats.of(k).ops - (k == op_kind::flush ? r->stats.closing_flushes : 0));
    BOOST_TEST(seen[static_cast<std::size_t>(op_kind::flush)] > 0u);
    BOOST_TEST(thread_numbers == (std::set<unsigned>{0, 1}));
    BOOST_TEST(in_bounds);
  };
  check(std::tuple{engine::psync});
  check(std::tuple{engine::io_uring, queue_depth{4}});
}

// A paced run issues a request only once the arrival process released it: 20 requests at 100 per
// second cannot end before the 20th release, whatever the machine (a bound the schedule sets, not
// a speed). Threads that fall 131072 requests behind fail the run, as sysbench's do.
BOOST_AUTO_TEST_CASE(a_paced_run_waits_for_its_turns_and_fails_when_it_cannot_keep_up) {
  test::temp_dir dir;
  target::file_set set{dir.path(), 1, 256_KiB};
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, set, stop::after{.one_pass = true})).has_value());
  // The seed fixes the gaps; the 20th release of this schedule comes 0.197 s after the start.
  auto paced = run(workload(access::random, mix::reads, block{4_KiB}, set, timing::gated{.rate = 100}, seed{1},
                            stop::after{.ops = 20}));
  BOOST_TEST_REQUIRE(paced.has_value(), (paced ? "" : paced.message()));
  BOOST_TEST(paced->stats.of(op_kind::read).ops == 20u);
  BOOST_TEST(paced->workload.rate == 100u);
  BOOST_TEST(paced->stats.elapsed_ns >= 150'000'000u);
  auto flood = run(workload(access::random, mix::writes, block{64_KiB}, set, timing::gated{.rate = 100'000'000},
                            stop::after{.time = std::chrono::seconds(20)}));
  BOOST_TEST_REQUIRE(!flood.has_value());
  BOOST_TEST(flood.message().starts_with("The event queue is full."), flood.message());
}

BOOST_AUTO_TEST_SUITE_END()
