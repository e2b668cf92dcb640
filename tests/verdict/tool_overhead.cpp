// Rule tool_overhead: one verdict per test with requests and its threads' CPU time; fires when a
// worker thread used at least 90 % of a core (a null engine's run, a CPU-bound run into the page
// cache), or used and waited for one that long, with the CPU time per request split into user and
// system; not on an O_DIRECT run that waits for its disk, nor on a figure page_cache_reads already
// explains; the storage rules leave a null engine's run to it. (A real null engine run:
// tests/run/null_engine.cpp.)
#include "raidbench/verdict/tool_overhead.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(tool_overhead_test)

constexpr std::uint64_t MiB = 1ull << 20, GiB = 1ull << 30;

verdict judged(const named_result& t, const storage_context* c) {
  const named_result tests[] = {t};
  return only(judged_by<rule::tool_overhead>(facts{c, nullptr, {}, tests, {}}));
}

BOOST_AUTO_TEST_CASE(a_null_engine_run_that_kept_its_thread_on_the_cpu_fires_with_the_cost_per_request) {
  // 5,000,000 requests in 1 s, 99 % of a core in user mode: 198 ns user and 2 ns system each.
  auto t = with_cpu(measured("null randread 4 KiB", "random", "none", 256 * MiB, 4096, 5'000'000, 0, 0, 1.0), 0.99, 0.01);
  t.result.workload.engine = "null";
  const storage_context disk = one_disk("sata", false);
  const verdict v = judged(t, &disk);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.rule == "tool_overhead");
  BOOST_TEST(v.subject == "null randread 4 KiB");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.message == "the tool, not the storage, may be the limit: 100 % of a core per thread");
  BOOST_TEST(v.evidence == (std::vector<std::string>{
                               "thread 1 of 1: 100.0 % of a core (user 99.0 %, system 1.0 %) over 1.00 s",
                               "CPU per request: 198 ns user + 2 ns system over 5000000 requests"}));
}

BOOST_AUTO_TEST_CASE(the_storage_rules_have_nothing_to_judge_in_a_null_engine_run) {
  // Reads and commits far beyond any disk, and no request reached one.
  auto t = with_cpu(measured("null fdatasync", "random", "none", 256 * MiB, 4096, 5'000'000, 5'000'000, 5'000'000, 1.0), 0.99, 0.01);
  t.result.workload.engine = "null";
  const storage_context disk = one_disk("sata", true);
  const named_result tests[] = {t};
  const auto all = judge(facts{&disk, nullptr, {}, tests, {}});
  for (const char* rule : {"page_cache_reads", "rate_above_ceiling", "flush_faster_than_media"})
    BOOST_TEST(of_rule(all, rule).empty(), rule);
  BOOST_TEST(only(of_rule(all, "tool_overhead")).fired);
}

BOOST_AUTO_TEST_CASE(a_cpu_bound_run_into_the_page_cache_fires_with_its_system_time) {
  // Buffered writes of 4 KiB: the kernel's copy into the page cache on the thread's behalf.
  const auto t = with_cpu(measured("randwrite buffered", "random", "none", 1 * GiB, 4096, 0, 400'000, 0, 1.0), 0.08, 0.87);
  const storage_context disk = one_disk("sata", false);
  const verdict v = judged(t, &disk);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "the tool, not the storage, may be the limit: 95 % of a core per thread");
  BOOST_TEST(v.evidence.at(1) == "CPU per request: 200 ns user + 2175 ns system over 400000 requests");
}

BOOST_AUTO_TEST_CASE(an_o_direct_run_waiting_for_its_disk_does_not_fire) {
  const auto t = with_cpu(measured("randread O_DIRECT", "random", "direct", 16 * GiB, 4096, 20'000, 0, 0, 1.0), 0.03, 0.09);
  const storage_context disk = one_disk("sata", false);
  const verdict v = judged(t, &disk);
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message == "the busiest thread used 12 % of a core, under the 90 % that would make the tool the limit");
}

BOOST_AUTO_TEST_CASE(a_thread_that_waited_for_a_cpu_other_work_held_fires_as_cpu_bound) {
  // 30 % of a core, 65 % of the run runnable on a queue: it never waited for the storage.
  auto t = measured("randread on a busy machine", "random", "none", 1 * GiB, 4096, 2'000'000, 0, 0, 1.0);
  t.result.stats.thread_cpu_time = {{280'000'000, 20'000'000, 650'000'000}};
  const verdict v = judged(t, nullptr);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "the CPU, not the storage, may be the limit: 30 % of a core per thread, and 65 % of the run "
                          "waiting for a CPU that other work held");
  BOOST_TEST(v.evidence.at(0) ==
             "thread 1 of 1: 30.0 % of a core (user 28.0 %, system 2.0 %), waiting for a CPU 65.0 % of the run, over 1.00 s");
  // Waiting for the disk is no wait on a run queue: 30 % and 10 % do not fire.
  t.result.stats.thread_cpu_time[0].runqueue_ns = 100'000'000;
  BOOST_TEST(judged(t, nullptr).message ==
             "the busiest thread used 30 % of a core and waited 10 % of the run for one, under the 90 % that would make the tool the limit");
}

BOOST_AUTO_TEST_CASE(the_busiest_thread_decides) {
  auto t = measured("randread 2 threads", "random", "direct", 16 * GiB, 4096, 100'000, 0, 0, 2.0);
  t.result.stats.thread_cpu_time = {{100'000'000, 100'000'000}, {1'500'000'000, 380'000'000}};
  const verdict v = judged(t, nullptr);
  BOOST_TEST(v.fired);
  BOOST_TEST(v.message == "the tool, not the storage, may be the limit: 94 % of a core per thread");
  BOOST_TEST(v.evidence.at(0) == "thread 2 of 2: 94.0 % of a core (user 75.0 %, system 19.0 %) over 2.00 s");
}

BOOST_AUTO_TEST_CASE(a_figure_the_page_cache_explains_is_left_to_page_cache_reads) {
  // 4 GiB read in 1 s from a SATA disk: page_cache_reads fires, and says the kernel's copy is the limit.
  const auto t = with_cpu(measured("read buffered", "sequential", "none", 4 * GiB, MiB, 4096, 0, 0, 1.0), 0.02, 0.97);
  const storage_context disk = one_disk("sata", false);
  const verdict v = judged(t, &disk);
  BOOST_TEST(!v.fired);
  BOOST_TEST(v.message ==
             "the page cache served these reads (page_cache_reads): the kernel's copy is the limit, and that verdict says so");
  // Without a context page_cache_reads cannot judge, and this rule does.
  BOOST_TEST(judged(t, nullptr).fired);
}

BOOST_AUTO_TEST_CASE(a_result_without_cpu_figures_or_requests_holds_nothing_to_judge) {
  const named_result tests[] = {measured("older result", "random", "direct", GiB, 4096, 1000, 0, 0, 1.0),
                                with_cpu(measured("nothing", "random", "direct", GiB, 4096, 0, 0, 0, 1.0), 0.5, 0.5)};
  BOOST_TEST(judged_by<rule::tool_overhead>(facts{nullptr, nullptr, {}, tests, {}}).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
