#include "raidbench/stats/run_statistics.hpp"

#include <boost/test/unit_test.hpp>

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(run_statistics_test)

BOOST_AUTO_TEST_CASE(threads_merge_and_fairness_is_population_stddev) {
  thread_stats a, b;
  for (int i = 0; i < 30; ++i) a.record(op_kind::read, 1000, 4096);
  for (int i = 0; i < 10; ++i) b.record(op_kind::write, 3000, 4096);
  b.record(op_kind::flush, 10000, 0);
  run_statistics s;
  s.add_thread(a);
  s.add_thread(b);
  BOOST_TEST(s.events() == 40u);  // flushes are not events
  BOOST_TEST(s.bytes() == 40u * 4096u);
  BOOST_TEST(s.of(op_kind::flush).ops == 1u);
  const auto events = s.events_fairness();
  BOOST_TEST(events.avg == 20.0);
  BOOST_TEST(events.stddev == 10.0);
  const auto busy = s.busy_time_fairness();
  BOOST_TEST(busy.avg == (30e3 + 40e3) / 2 / 1e9, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(s.combined_latency().count() == 41u);
}

BOOST_AUTO_TEST_SUITE_END()
