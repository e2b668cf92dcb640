#include "raidbench/workload/description.hpp"

#include <boost/test/unit_test.hpp>

using namespace raidbench;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_SUITE(description_test)

BOOST_AUTO_TEST_CASE(every_policy_value_is_described) {
  auto w = workload(access::random, mix::read_write{1.5}, block{16_KiB}, sync::fsync_every{100, true},
                    open::direct, engine::io_uring, queue_depth{64},
                    target::file_set{"/data", 128, 1_GiB}, stop::after{300s, 0, 0}, threads{4}, seed{3});
  const auto d = describe(w);
  BOOST_TEST(d.access == "random");
  BOOST_TEST(d.mix == "read_write");
  BOOST_TEST(d.read_fraction == 0.6, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(d.block_size == 16_KiB);
  BOOST_TEST(d.sync == "fsync_every");
  BOOST_TEST(d.sync_every == 100u);
  BOOST_TEST(d.sync_at_end);
  BOOST_TEST(to_string(d.open_flags) == "direct");
  BOOST_TEST(d.engine == "io_uring");
  BOOST_TEST(d.queue_depth == 64u);
  BOOST_TEST(d.target == "file_set");
  BOOST_TEST(d.path == "/data");
  BOOST_TEST(d.files == 128u);
  BOOST_TEST(d.total_size == 1_GiB);
  BOOST_TEST(d.threads == 4u);
  BOOST_TEST(d.seed == 3u);
  BOOST_TEST(d.stop_seconds == 300.0);
}

BOOST_AUTO_TEST_CASE(at_end_sync_and_reads) {
  const auto d = describe(workload(sync::fdatasync_at_end, target::file{"/x", 1_MiB}));
  BOOST_TEST(d.sync == "fdatasync_at_end");
  BOOST_TEST(d.sync_at_end);
  BOOST_TEST(d.sync_every == 0u);
  BOOST_TEST(d.read_fraction == 1.0);
  BOOST_TEST(d.target == "file");
}

BOOST_AUTO_TEST_SUITE_END()
