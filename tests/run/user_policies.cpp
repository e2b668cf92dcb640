// Policies written outside the library: derived ones keep their base's meaning, and a policy's
// run-time values and state reach the hot loop, one copy per thread.
#include "raidbench/run/runner.hpp"

#include <boost/test/unit_test.hpp>

#include <array>
#include <filesystem>
#include <vector>

#include "../../examples/extending/policy/zipf.hpp"
#include "../support/temp_dir.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(user_policies_test)

struct my_reads : mix::reads_t {};
struct every_7 : sync::fsync_every {
  every_7() : sync::fsync_every{7} {}
};
struct my_uring : engine::io_uring_t {};

/// Walks its thread's share in steps of `step`, logging each block to the log of its share.
struct stride {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "stride";
  std::uint64_t step = 1;
  std::array<std::vector<std::uint64_t>, 2>* logs = nullptr;
  std::uint64_t at = UINT64_MAX;  // state: where this copy is
  bool next_block(access::cursor& c, random_generator&, std::uint64_t& block) {
    if (at == UINT64_MAX) at = c.first;
    block = at;
    at = c.first + (at - c.first + step) % (c.end - c.first);
    (*logs)[c.first == 0 ? 0 : 1].push_back(block);
    return true;
  }
};

/// The example's zipf, counting the blocks it picks (one thread: no sharing).
struct counted_zipf : zipf {
  using zipf::zipf;
  std::vector<std::uint64_t>* picks = nullptr;
  bool next_block(access::cursor& c, random_generator& rng, std::uint64_t& block) noexcept {
    const bool more = zipf::next_block(c, rng, block);
    ++(*picks)[block];
    return more;
  }
};

expected<result> prepare(const target::file& file) {
  return run(workload(mix::writes, block{64_KiB}, file, stop::after{.one_pass = true}));
}

BOOST_AUTO_TEST_CASE(a_derived_mix_reads_as_its_base) {
  test::temp_dir dir;
  const target::file missing{dir / "missing", 1_MiB};
  auto refused = run(workload(my_reads{}, block{4_KiB}, missing, stop::after{.ops = 10}));
  BOOST_TEST_REQUIRE(!refused.has_value());  // a read does not create the file a write would
  BOOST_TEST(refused.message().find("No such file") != std::string::npos, refused.message());
  BOOST_TEST(!std::filesystem::exists(missing.path));

  const target::file file{dir / "data", 1_MiB};
  BOOST_TEST_REQUIRE(prepare(file).has_value());
  auto r = run(workload(my_reads{}, block{4_KiB}, file, stop::after{.ops = 100}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 100u);
  BOOST_TEST(r->stats.of(op_kind::write).ops == 0u);
  BOOST_TEST(r->workload.mix == "read");
  BOOST_TEST(r->workload.read_fraction == 1.0);
}

BOOST_AUTO_TEST_CASE(a_derived_sync_policy_flushes_as_its_base_with_its_own_period) {
  test::temp_dir dir;
  const target::file file{dir / "data", 7_MiB};
  auto r = run(workload(mix::writes, every_7{}, block{64_KiB}, file, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::write).ops == 112u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops == 16u);  // counted by the runner, one per 7 writes
  BOOST_TEST(r->workload.sync == "fsync_every");
  BOOST_TEST(r->workload.sync_every == 7u);
}

BOOST_AUTO_TEST_CASE(a_derived_engine_runs_as_its_base) {
  test::temp_dir dir;
  const target::file file{dir / "data", 1_MiB};
  BOOST_TEST_REQUIRE(prepare(file).has_value());
  auto r = run(workload(my_uring{}, queue_depth{4}, access::random, block{4_KiB}, file, stop::after{.ops = 64}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 64u);
  BOOST_TEST(r->workload.engine == "io_uring");
  BOOST_TEST(r->workload.queue_depth == 4u);
}

BOOST_AUTO_TEST_CASE(an_access_policy_value_and_state_reach_each_thread_on_its_own_copy) {
  test::temp_dir dir;
  const target::file file{dir / "data", 256_KiB};  // 64 blocks: thread 0 owns 0…31, thread 1 owns 32…63
  BOOST_TEST_REQUIRE(prepare(file).has_value());
  for (std::uint64_t step : {3u, 5u}) {
    std::array<std::vector<std::uint64_t>, 2> logs;
    for (auto& l : logs) l.reserve(8);
    auto r = run(workload(stride{.step = step, .logs = &logs}, block{4_KiB}, file, threads{2}, stop::after{.ops = 16}));
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(r->workload.access == "stride");
    for (std::uint64_t t = 0; t < 2; ++t) {
      BOOST_TEST_REQUIRE(logs[t].size() == 8u);
      for (std::uint64_t i = 0; i < 8; ++i) BOOST_TEST(logs[t][i] == 32 * t + (i * step) % 32);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_run_time_skew_changes_the_blocks_picked) {
  test::temp_dir dir;
  const target::file file{dir / "data", 7_MiB};  // 1792 blocks of 4 KiB
  BOOST_TEST_REQUIRE(prepare(file).has_value());
  auto hot_share = [&](double theta) {
    std::vector<std::uint64_t> picks(1792);
    counted_zipf policy(theta);
    policy.picks = &picks;
    auto r = run(workload(policy, block{4_KiB}, file, stop::after{.ops = 4000}, seed{3}));
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(r->stats.of(op_kind::read).ops == 4000u);
    std::uint64_t hot = 0, all = 0;
    for (std::size_t b = 0; b < picks.size(); ++b) (b < 18 ? hot : all) += picks[b];
    all += hot;
    BOOST_TEST(all == 4000u);
    return static_cast<double>(hot) / static_cast<double>(all);
  };
  // The continuous power law puts 57 % of the draws on the hottest 1 % of blocks at θ = 1.2 and 8 % at θ = 0.5.
  const double skewed = hot_share(1.2), flat = hot_share(0.5);
  BOOST_TEST(skewed > 0.50);
  BOOST_TEST(skewed < 0.65);
  BOOST_TEST(flat > 0.05);
  BOOST_TEST(flat < 0.12);
}

BOOST_AUTO_TEST_SUITE_END()
