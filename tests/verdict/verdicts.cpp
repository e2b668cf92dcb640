// All rules together: the O_DIRECT twin feeds the page-cache rule; JSON round trip; the text.
#include "raidbench/verdict/verdicts.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "make.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/verdict_json.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(verdicts_test)

constexpr std::uint64_t MiB = 1ull << 20;

BOOST_AUTO_TEST_CASE(buffered_read_back_fires_and_its_o_direct_twin_does_not) {
  named_result closing = measured("seq write", "sequential", "none", 256 * MiB, MiB, 0, 256, 1, 1.0);
  closing.result.workload.sync_every = 0;  // one flush at the end: says nothing about the media
  const std::vector<named_result> results{
      measured("read-back buffered", "sequential", "none", 256 * MiB, MiB, 256, 0, 0, 0.1),
      measured("read-back O_DIRECT", "sequential", "direct", 256 * MiB, MiB, 256, 0, 0, 1.0),
      measured("fdatasync", "sequential", "none", 16384, 8192, 0, 1000, 1000, 1.0),
      closing};
  const auto verdicts = evaluate_verdicts(one_disk("virtio", true), nullptr, {}, results);
  BOOST_TEST_REQUIRE(verdicts.size() == 8u);  // five storage-wide, two page-cache, one flush
  BOOST_TEST(verdicts[5].subject == "read-back buffered");
  BOOST_TEST(verdicts[5].fired);
  BOOST_TEST(verdicts[6].subject == "read-back O_DIRECT");
  BOOST_TEST(!verdicts[6].fired);
  BOOST_TEST(verdicts[7].rule == "flush_faster_than_media");
  BOOST_TEST(verdicts[7].fired);

  for (const auto& v : verdicts) BOOST_TEST((nlohmann::json(v).get<verdict>() == v));
  const std::string text = format_verdicts(verdicts);
  BOOST_TEST(text.starts_with("verdicts: 2 fired of 8\n  FIRED warning page_cache_reads [read-back buffered]: "));
  BOOST_TEST(text.find("  no    page_cache_reads [read-back O_DIRECT]: reads used O_DIRECT") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(unknown_severity_is_an_error) {
  nlohmann::json j = verdict{};
  j["severity"] = "dire";
  BOOST_CHECK_THROW(j.get<verdict>(), nlohmann::json::exception);
}

BOOST_AUTO_TEST_SUITE_END()
