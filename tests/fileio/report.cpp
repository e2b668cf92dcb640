// The sysbench fileio report: percentiles printed from the histogram against the exact ones,
// sysbench's size format, and the 0.4.12 layout against a published capture.
#include "raidbench/report/sysbench_fileio.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <regex>
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

// The 0.4.12 layout byte for byte, numbers included, as sysbench 0.4.12's own format strings print it
// (sysbench.c: print_header, print_run_mode, the runner's "Time limit exceeded" and "Done.\n";
// sb_logger.c: one "\n" after each message, a repeated message folded into "(last message repeated N
// times)", oper_handler_done's summary; sb_fileio.c: file_print_mode, file_print_stats, create_files,
// remove_files; "%.5g" sizes). The published captures lost these blank lines and double spaces.
BOOST_AUTO_TEST_CASE(the_0_4_12_layout_from_its_format_strings) {
  run_statistics st;
  thread_stats threads[2];
  for (auto& t : threads) {
    for (int i = 0; i < 300; ++i) t.record(op_kind::read, 2'000'000, 16384);
    for (int i = 0; i < 200; ++i) t.record(op_kind::write, 4'000'000, 16384);
    for (int i = 0; i < 64; ++i) t.record(op_kind::flush, 1'000'000, 0);
    t.elapsed_ns = 10'000'000'000;
    st.add_thread(t);
  }
  st.elapsed_ns = 10'000'000'000;
  report::fileio_settings s;
  s.mode = report::fileio_mode::rndrw;
  s.files = 128;
  s.file_size = (150ULL << 30) / 128;
  s.threads = 2;
  s.timer_seeded = true;
  s.extra_direct = true;
  BOOST_TEST(report::sysbench04_banner() == "sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\n");
  BOOST_TEST(report::sysbench04_prepare_lines(s) == "128 files, 1228800Kb each, 153600Mb total\nCreating files for the test...\n");
  const std::string expected =
      "Running the test with following options:\n"
      "Number of threads: 2\n"
      "Initializing random number generator from timer.\n"
      "\n"
      "\n"
      "Extra file open flags: 16384\n"
      "128 files, 1.1719Gb each\n"
      "150Gb total file size\n"
      "Block size 16Kb\n"
      "Number of random requests for random IO: 0\n"
      "Read/Write ratio for combined random IO test: 1.50\n"
      "Periodic FSYNC enabled, calling fsync() each 100 requests.\n"
      "Calling fsync() at the end of test, Enabled.\n"
      "Using synchronous I/O mode\n"
      "Doing random r/w test\n"
      "Threads started!\n"
      "Time limit exceeded, exiting...\n"
      "(last message repeated 1 times)\n"
      "Done.\n"
      "\n"
      "Operations performed:  600 Read, 400 Write, 128 Other = 1128 Total\n"
      "Read 9.375Mb  Written 6.25Mb  Total transferred 15.625Mb  (1.5625Mb/sec)\n"
      "  100.00 Requests/sec executed\n"
      "\n"
      "Test execution summary:\n"
      "    total time:                          10.0000s\n"
      "    total number of events:              1000\n"
      "    total time taken by event execution: 2.9280\n"
      "    per-request statistics:\n"
      "         min:                                  1.00ms\n"
      "         avg:                                  2.60ms\n"
      "         max:                                  4.00ms\n"
      "         approx.  95 percentile:               4.00ms\n"
      "\n"
      "Threads fairness:\n"
      "    events (avg/stddev):           500.0000/0.00\n"
      "    execution time (avg/stddev):   1.4640/0.00\n"
      "\n";
  // (Each call is timed, the flushes too: 300 × 2 ms + 200 × 4 ms + 64 × 1 ms a thread.)
  const std::string ours = report::sysbench04_fileio_report(st, s);
  BOOST_TEST(ours == expected);
  // Ended by its count of events, no time-limit line; one thread, nothing folded.
  s.max_events = 1000;
  s.threads = 1;
  const std::string by_count = report::sysbench04_fileio_report(st, s);
  BOOST_TEST(by_count.find("Threads started!\nDone.\n\nOperations performed:  ") != std::string::npos, by_count);
}

// The published capture kept the lines and their words but lost the blank lines, the indents and
// the runs of spaces (the test above holds those): compared as such.
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
  s.timer_seeded = true;
  const std::string ours = report::sysbench04_banner() + report::sysbench04_fileio_report(r.stats, s);
  // Sizes are "%.5g" and a unit: how many decimals depends on the value, so they become one token.
  const auto as_published = [](const std::string& text) {
    static const std::regex size(R"(\d+(\.\d+)?([KMGT]?b)\b)");
    std::string out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
      if (const auto start = line.find_first_not_of(' '); start != std::string::npos)
        out += std::regex_replace(line.substr(start), size, "SIZE$2") + "\n";
    return out;
  };
  test::check_same_structure(as_published(capture.str()), as_published(ours), "0.4.12 capture");
}

BOOST_AUTO_TEST_SUITE_END()
