// The shipped rules over a run: storage-wide and controller rules first, then each test's; the
// O_DIRECT twin feeds the page-cache rule; JSON round trip; the text.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "make.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench::test {

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
  const storage_context c = one_disk("virtio", true);
  const auto verdicts = judge(facts{&c, nullptr, {}, results, {}});
  // Ten storage-wide and controller rules (one verdict each: nothing to fire on), two page-cache
  // verdicts, three rate verdicts (the O_DIRECT reads and both writing tests: a virtio disk's ceiling
  // is unknown), one flush verdict; the closing flush is not judged; no CPU time, no tool_overhead.
  BOOST_TEST_REQUIRE(verdicts.size() == 16u);
  for (std::size_t i = 0; i < 10; ++i) {
    BOOST_TEST(verdicts[i].rule == shipped_rules[i].name);
    BOOST_TEST(!verdicts[i].fired);
    BOOST_TEST(verdicts[i].subject == "");
  }
  BOOST_TEST(verdicts[5].message == "no controller inventory");
  BOOST_TEST(verdicts[10].subject == "read-back buffered");
  BOOST_TEST(verdicts[10].fired);
  BOOST_TEST(verdicts[11].subject == "read-back O_DIRECT");
  BOOST_TEST(!verdicts[11].fired);
  for (std::size_t i = 12; i < 15; ++i) {
    BOOST_TEST(verdicts[i].rule == "rate_above_ceiling");
    BOOST_TEST(!verdicts[i].fired);
    BOOST_TEST(verdicts[i].message == "the device's ceiling is unknown: sda is a virtio disk: the host's storage behind it is unknown");
  }
  BOOST_TEST(verdicts[12].subject == "read-back O_DIRECT");
  BOOST_TEST(verdicts[15].rule == "flush_faster_than_media");
  BOOST_TEST(verdicts[15].subject == "fdatasync");
  BOOST_TEST(verdicts[15].fired);

  for (const auto& v : verdicts) BOOST_TEST((nlohmann::json(v).get<verdict>() == v));
  const std::string text = format_verdicts(verdicts);
  BOOST_TEST(text.starts_with("verdicts: 2 fired of 16\n  FIRED warning page_cache_reads [read-back buffered]: "));
  BOOST_TEST(text.find("  no    page_cache_reads [read-back O_DIRECT]: reads used O_DIRECT") != std::string::npos);
  BOOST_TEST(text.find("  no    write_back_without_battery: no controller inventory\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_verdict_in_json_has_every_field) {
  const verdict v{"degraded_array", "controller 0 / VD 1", true, severity::critical, "the array is degraded",
                  {"controller 0 / VD 1: state = degraded"}};
  BOOST_TEST(nlohmann::json(v) == nlohmann::json::parse(R"({"rule": "degraded_array", "subject": "controller 0 / VD 1",
      "fired": true, "severity": "critical", "message": "the array is degraded",
      "evidence": ["controller 0 / VD 1: state = degraded"]})"));
}

BOOST_AUTO_TEST_CASE(unknown_severity_is_an_error) {
  nlohmann::json j = verdict{};
  j["severity"] = "dire";
  BOOST_CHECK_THROW(j.get<verdict>(), nlohmann::json::exception);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
