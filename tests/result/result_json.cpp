#include "raidbench/result/result_json.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "raidbench/core/random.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(result_json_test)

namespace {
result sample() {
  result r;
  r.workload.access = "random";
  r.workload.mix = "read_write";
  r.workload.read_fraction = 0.6;
  r.workload.block_size = 16384;
  r.workload.sync = "fsync_every";
  r.workload.sync_every = 100;
  r.workload.engine = "io_uring";
  r.workload.queue_depth = 32;
  r.workload.target = "file_set";
  r.workload.path = "/tmp/x";
  r.workload.files = 128;
  r.workload.total_size = 1ull << 30;
  r.workload.threads = 2;
  r.workload.stop_seconds = 10;
  random_generator g(5);
  thread_stats t;
  for (int i = 0; i < 10000; ++i) t.record(op_kind::read, 1000 + g.below(1'000'000), 16384);
  for (int i = 0; i < 3000; ++i) t.record(op_kind::write, 5000 + g.below(9'000'000), 16384);
  t.record(op_kind::flush, 5'000'000'000'000ull, 0);  // past the histogram's range: an overflow
  r.stats.add_thread(t);
  r.stats.elapsed_ns = 10'000'000'000ull;
  return r;
}
}  // namespace

BOOST_AUTO_TEST_CASE(round_trip_keeps_every_value_and_percentile) {
  const result original = sample();
  const nlohmann::json j = original;
  BOOST_TEST(j.at("schema").get<std::string>() == "raidbench.result");
  BOOST_TEST(j.at("statistics").at("events").get<std::uint64_t>() == 13000u);
  BOOST_TEST(j.at("statistics").at("flush").at("latency").at("overflow").get<std::uint64_t>() == 1u);

  const result back = nlohmann::json::parse(j.dump()).get<result>();
  BOOST_TEST((back.workload == original.workload));
  BOOST_TEST(back.stats.elapsed_ns == original.stats.elapsed_ns);
  for (auto kind : {op_kind::read, op_kind::write, op_kind::flush}) {
    const auto& a = original.stats.of(kind);
    const auto& b = back.stats.of(kind);
    BOOST_TEST(a.ops == b.ops);
    BOOST_TEST(a.bytes == b.bytes);
    BOOST_TEST(a.latency.count() == b.latency.count());
    BOOST_TEST(a.latency.min_ns() == b.latency.min_ns());
    BOOST_TEST(a.latency.max_ns() == b.latency.max_ns());
    for (double p : {1.0, 50.0, 95.0, 99.0, 99.9})
      BOOST_TEST(a.latency.percentile_ns(p) == b.latency.percentile_ns(p));
  }
  BOOST_TEST(nlohmann::json(back).dump() == j.dump());
}

BOOST_AUTO_TEST_CASE(malformed_json_is_an_exception_not_a_crash) {
  BOOST_CHECK_THROW(nlohmann::json::parse(R"({"workload": {}})").get<result>(), nlohmann::json::exception);
}

BOOST_AUTO_TEST_SUITE_END()
