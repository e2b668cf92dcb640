#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "../support/temp_dir.hpp"
#include "raidbench/run/runner.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

namespace {
std::size_t open_descriptors() {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator("/proc/self/fd"), fs::directory_iterator{}));
}
std::vector<char> contents(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
}  // namespace

BOOST_AUTO_TEST_SUITE(reopen_engine_test)

BOOST_AUTO_TEST_CASE(writes_and_flushes_through_fresh_descriptors_and_leaks_none) {
  test::temp_dir dir;
  const auto path = dir / "f";
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, target::file{path, 64_KiB}, stop::after{.one_pass = true})).has_value());
  const auto before = contents(path);
  const std::size_t fds = open_descriptors();
  for (bool on_writer : {false, true}) {
    auto r = run(workload(mix::rewrite, engine::reopen_t{.flush_on_writer = on_writer}, block{4_KiB},
                          target::file{path, 8_KiB}, sync::fsync_every{2}, stop::after{.ops = 10}));
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(r->stats.of(op_kind::write).ops == 10u);
    BOOST_TEST(r->stats.of(op_kind::flush).ops == 5u);
    BOOST_TEST(r->workload.engine == "reopen");
    BOOST_TEST(open_descriptors() == fds);
  }
  // The first 8 KiB were rewritten with the runner's noise, the rest is untouched.
  const auto after = contents(path);
  BOOST_TEST_REQUIRE(after.size() == before.size());
  BOOST_TEST(!std::equal(before.begin(), before.begin() + 8192, after.begin()));
  BOOST_TEST(std::equal(before.begin() + 8192, before.end(), after.begin() + 8192));
}

BOOST_AUTO_TEST_CASE(creates_the_file_and_flushes_at_end_through_the_last_writer) {
  test::temp_dir dir;
  const auto path = dir / "f";
  auto r = run(workload(mix::writes, engine::reopen_t{.flush_on_writer = true}, block{4_KiB}, target::file{path, 16_KiB},
                        sync::fsync_at_end, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::write).ops == 4u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops == 1u);
  BOOST_TEST(fs::file_size(path) == 16_KiB);
}

BOOST_AUTO_TEST_SUITE_END()
