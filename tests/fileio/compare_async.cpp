// rb-fileio and sysbench 1.0.20, every test mode with --file-io-mode=async: same report structure,
// and the same meaning of each thread's "execution time" and of the latency "sum".
#include <boost/test/unit_test.hpp>

#include <regex>
#include <string>

#include "peer.hpp"

BOOST_AUTO_TEST_SUITE(compare_async_test)

BOOST_AUTO_TEST_CASE(every_test_mode_matches_sysbench_line_by_line) { raidbench::test::compare_all_modes("async"); }

namespace {

// The first number after `label` in a report.
double figure(const std::string& report, const std::string& label) {
  std::smatch m;
  const std::regex after(std::regex_replace(label, std::regex(R"([().])"), R"(\$&)") + R"(\s*([0-9.]+))");
  BOOST_TEST_REQUIRE(std::regex_search(report, m, after), label << " in\n" << report);
  return std::stod(m[1]);
}

}  // namespace

// sysbench sums each thread's event timers (submissions, and the waits for completions when the
// backlog is full): a thread's execution time is about its time in the run, and the latency sum is
// the threads' times together; never the sum of overlapping in-flight latencies (up to the backlog
// times more), in either tool.
BOOST_AUTO_TEST_CASE(execution_time_and_latency_sum_are_the_threads_time_as_sysbench_s) {
  raidbench::test::temp_dir dir;
  const std::string options = " --file-total-size=4M --file-num=2 --file-block-size=4K --file-io-mode=async --threads=2"
                              " --file-test-mode=rndrd --time=0 --events=20000";
  BOOST_TEST_REQUIRE(raidbench::test::run_in(dir.path(), "sysbench fileio" + options + " prepare").status == 0);
  for (const std::string& tool : {std::string("sysbench fileio"), std::string(RB_FILEIO)}) {
    const auto r = raidbench::test::run_in(dir.path(), tool + options + " run");
    BOOST_TEST_REQUIRE(r.status == 0, r.out);
    const double total = figure(r.out, "total time:"), per_thread = figure(r.out, "execution time (avg/stddev):");
    const double sum_ms = figure(r.out, "sum:");
    BOOST_TEST(per_thread <= total * 1.01 + 0.001, tool << ": " << r.out);
    BOOST_TEST(sum_ms <= 2 * total * 1000 * 1.01 + 1, tool << ": " << r.out);
    BOOST_TEST(sum_ms >= 2 * per_thread * 1000 * 0.99 - 1, tool << ": " << r.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()
