#include "raidbench/stats/latency_histogram.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "raidbench/core/random.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(latency_histogram_test)

namespace {
// The exact nearest-rank percentile of the recorded values, sorted.
double exact_percentile(const std::vector<std::uint64_t>& v, double p) {
  auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
  rank = std::clamp<std::size_t>(rank, 1, v.size());
  return static_cast<double>(v[rank - 1]);
}

void check_accuracy(const std::vector<std::uint64_t>& values, const char* distribution) {
  latency_histogram h;
  for (auto v : values) h.record(v);
  BOOST_TEST_REQUIRE(h.count() == values.size());
  std::vector<std::uint64_t> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  for (double p : {0.1, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9, 99.99}) {
    const double exact = exact_percentile(sorted, p);
    const double got = h.percentile_ns(p);
    BOOST_TEST_INFO(distribution << " p" << p << " exact " << exact << " got " << got);
    BOOST_TEST(std::abs(got - exact) <= 0.01 * exact);
    BOOST_TEST(got >= static_cast<double>(h.min_ns()));
    BOOST_TEST(got <= static_cast<double>(h.max_ns()));
  }
}
}  // namespace

BOOST_AUTO_TEST_CASE(percentiles_within_one_percent_on_several_distributions) {
  random_generator g(2024);
  const int n = 200000;
  std::vector<std::uint64_t> uniform, lognormal, bimodal, exponential, tiny;
  for (int i = 0; i < n; ++i) {
    uniform.push_back(1 + g.below(10'000'000));
    // Box-Muller: a log-normal around 100 µs, like device latencies.
    const double z = std::sqrt(-2 * std::log(1 - g.unit())) * std::cos(2 * M_PI * g.unit());
    lognormal.push_back(static_cast<std::uint64_t>(std::exp(std::log(100'000.0) + 1.2 * z)) + 1);
    // Page-cache hits at ~2 µs and device reads at ~8 ms.
    bimodal.push_back(g.unit() < 0.9 ? 1500 + g.below(1000) : 7'000'000 + g.below(2'000'000));
    exponential.push_back(static_cast<std::uint64_t>(-std::log(1 - g.unit()) * 50'000.0) + 1);
    tiny.push_back(1 + g.below(300));
  }
  check_accuracy(uniform, "uniform");
  check_accuracy(lognormal, "lognormal");
  check_accuracy(bimodal, "bimodal");
  check_accuracy(exponential, "exponential");
  check_accuracy(tiny, "tiny (exact range)");
}

BOOST_AUTO_TEST_CASE(range_one_nanosecond_to_over_an_hour_with_overflow_count) {
  latency_histogram h;
  h.record(1);
  h.record(3'600'000'000'000ull);  // one hour
  BOOST_TEST(h.overflow_count() == 0u);
  BOOST_TEST(h.percentile_ns(100) == 3.6e12);
  BOOST_TEST(std::abs(h.percentile_ns(99) - 3.6e12) <= 0.01 * 3.6e12);
  BOOST_TEST(h.percentile_ns(50) == 1.0);
  h.record(latency_histogram::max_trackable_ns + 1);
  BOOST_TEST(h.overflow_count() == 1u);
  BOOST_TEST(h.count() == 3u);
  BOOST_TEST(h.percentile_ns(99.9) == static_cast<double>(latency_histogram::max_trackable_ns + 1));
}

BOOST_AUTO_TEST_CASE(bucket_bounds_are_contiguous_and_narrow) {
  for (std::size_t i = 1; i < latency_histogram::bucket_count; ++i) {
    BOOST_REQUIRE(latency_histogram::bucket_lowest(i) == latency_histogram::bucket_highest(i - 1) + 1);
    const double width = static_cast<double>(latency_histogram::bucket_highest(i) - latency_histogram::bucket_lowest(i) + 1);
    // Below 128 ns every value has its own bucket; above, a bucket spans at most 1/128 of its value.
    if (i < latency_histogram::sub_buckets) BOOST_REQUIRE(width == 1.0);
    else BOOST_REQUIRE(width / static_cast<double>(latency_histogram::bucket_lowest(i)) <= 1.0 / 128);
  }
  for (std::uint64_t v : std::initializer_list<std::uint64_t>{0, 1, 127, 128, 129, 1000, 123456789, latency_histogram::max_trackable_ns}) {
    const auto i = latency_histogram::bucket_index(v);
    BOOST_TEST(latency_histogram::bucket_lowest(i) <= v);
    BOOST_TEST(latency_histogram::bucket_highest(i) >= v);
  }
}

BOOST_AUTO_TEST_CASE(merge_equals_recording_everything_in_one) {
  random_generator g(7);
  latency_histogram a, b, all;
  for (int i = 0; i < 10000; ++i) {
    const auto v = 100 + g.below(1'000'000);
    (i % 3 ? a : b).record(v);
    all.record(v);
  }
  a.merge(b);
  BOOST_TEST(a.count() == all.count());
  BOOST_TEST(a.min_ns() == all.min_ns());
  BOOST_TEST(a.max_ns() == all.max_ns());
  BOOST_TEST(a.sum_ns() == all.sum_ns());
  for (double p : {1.0, 50.0, 99.0}) BOOST_TEST(a.percentile_ns(p) == all.percentile_ns(p));
}

BOOST_AUTO_TEST_CASE(an_interval_is_the_difference_of_two_live_copies) {
  latency_histogram h;
  for (int i = 0; i < 100; ++i) h.record(1000);
  const auto first = h.live_copy();
  for (int i = 0; i < 50; ++i) h.record(5'000'000);
  const auto interval = h.live_copy().since(first);
  BOOST_TEST(interval.count() == 50u);
  BOOST_TEST(std::abs(interval.percentile_ns(95) - 5e6) <= 0.01 * 5e6);
  BOOST_TEST(interval.sum_ns() == 250'000'000u);
}

BOOST_AUTO_TEST_CASE(empty_histogram_reports_zero) {
  latency_histogram h;
  BOOST_TEST(h.percentile_ns(99) == 0.0);
  BOOST_TEST(h.min_ns() == 0u);
  BOOST_TEST(h.mean_ns() == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
