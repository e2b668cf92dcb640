// The sysbench fileio report: percentiles printed from the histogram against the exact ones,
// sysbench's size format, and the 0.4.12 layout against a published capture.
#include "raidbench/report/sysbench_fileio.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "peer.hpp"
#include "raidbench/core/random.hpp"

using namespace raidbench;

namespace {

// Two threads' worth of latencies from 5 µs to about 60 ms, log-uniform, as statistics built the
// way the runner builds them (per-thread histograms merged), plus the same values sorted.
struct recorded {
  run_statistics stats;
  std::vector<std::uint64_t> sorted;
};

recorded record_latencies(std::size_t n) {
  recorded r;
  random_generator rng(2024);
  thread_stats threads[2];
  for (std::size_t i = 0; i < n; ++i) {
    const auto ns = static_cast<std::uint64_t>(5000.0 * std::exp(rng.unit() * 9.4));
    const op_kind kind = i % 10 == 9 ? op_kind::flush : i % 3 ? op_kind::read : op_kind::write;
    threads[i % 2].record(kind, ns, kind == op_kind::flush ? 0 : 16384);
    r.sorted.push_back(ns);
  }
  for (auto& t : threads) {
    t.elapsed_ns = 2'000'000'000;
    r.stats.add_thread(t);
  }
  r.stats.elapsed_ns = 2'000'000'000;
  std::sort(r.sorted.begin(), r.sorted.end());
  return r;
}

double exact_ms(const std::vector<std::uint64_t>& sorted, double p) {
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  return static_cast<double>(sorted[std::max<std::size_t>(rank, 1) - 1]) / 1e6;
}

double printed_after(const std::string& text, const std::string& label) {
  const auto at = text.find(label);
  BOOST_TEST_REQUIRE(at != std::string::npos, label);
  return std::stod(text.substr(at + label.size()));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(report_test)

BOOST_AUTO_TEST_CASE(printed_percentiles_are_within_one_percent_of_the_exact_ones) {
  const recorded r = record_latencies(200'000);
  report::fileio_settings s;
  for (unsigned p : {50u, 90u, 95u, 99u}) {
    s.percentile = p;
    const std::string text = report::sysbench_fileio_report(r.stats, s);
    const double printed = printed_after(text, std::to_string(p) + "th percentile:");
    const double exact = exact_ms(r.sorted, p);
    BOOST_TEST(std::abs(printed - exact) <= 0.01 * exact, p << "th: printed " << printed << ", exact " << exact);
  }
  // The interval line takes the same path through latency_histogram::since.
  progress_snapshot before, now;
  now.elapsed_ns = 2'000'000'000;
  for (std::size_t k = 0; k < op_kind_count; ++k) now.latency[k] = r.stats.kinds[k].latency;
  const std::string line = report::sysbench_fileio_interval(now, before, 95);
  const double interval = printed_after(line, "latency (ms,95%): ");
  BOOST_TEST(std::abs(interval - exact_ms(r.sorted, 95)) <= 0.01 * exact_ms(r.sorted, 95), line);
}

BOOST_AUTO_TEST_CASE(events_count_periodic_fsyncs_but_not_closing_ones) {
  run_statistics st;
  thread_stats t;
  for (int i = 0; i < 100; ++i) t.record(op_kind::write, 1000, 4096);
  for (int i = 0; i < 6; ++i) t.record(op_kind::flush, 1000, 0);
  t.closing_flushes = 2;
  st.add_thread(t);
  st.elapsed_ns = 1'000'000'000;
  report::fileio_settings s;
  BOOST_TEST(report::sysbench_fileio_events(st, s) == 104u);
  s.fsync_all = true;
  BOOST_TEST(report::sysbench_fileio_events(st, s) == 100u);
  BOOST_TEST(report::sysbench_fileio_report(st, s).find("    fsyncs/s:                     6.00\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(sizes_as_sysbench_prints_them) {
  BOOST_TEST(report::sysbench_size(2 << 20) == "2Mi");
  BOOST_TEST(report::sysbench_size(8388604) == "8Mi");
  BOOST_TEST(report::sysbench_size(1198372) == "1.1429Mi");
  BOOST_TEST(report::sysbench_size(1000) == "1000");
  BOOST_TEST(report::sysbench_size(150ULL << 30) == "150Gi");
  BOOST_TEST(report::sysbench04_size((150ULL << 30) / 128) == "1.1719Gb");
  BOOST_TEST(report::sysbench04_size(16384) == "16Kb");
}

BOOST_AUTO_TEST_CASE(the_0_4_layout_matches_the_published_capture) {
  std::ifstream in(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/sysbench-0.4.12-fileio-rndrw-kernel3.2.txt");
  std::stringstream capture;
  capture << in.rdbuf();
  BOOST_TEST_REQUIRE(!capture.str().empty());
  const recorded r = record_latencies(1000);
  report::fileio_settings s;
  s.mode = report::fileio_mode::rndrw;
  s.files = 128;
  s.file_size = (150ULL << 30) / 128;
  const std::string ours = "sysbench 0.4.12:  multi-threaded system evaluation benchmark (raidbench rb-fileio 0.1.0)\n" +
                           report::sysbench04_fileio_report(r.stats, s);
  test::check_same_structure(capture.str(), ours, "0.4.12 capture");
}

BOOST_AUTO_TEST_SUITE_END()
