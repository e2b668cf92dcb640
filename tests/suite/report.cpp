// A short real run: report.json validates against docs/suite_report.schema.json and round-trips;
// the buffered read-back is judged against its O_DIRECT twin. Whether the verdict then fires depends
// on the speeds this machine measured, so it is not asserted here: tests/verdict/page_cache_reads.cpp
// checks the rule on recorded results.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../../examples/tools/suite/report.hpp"
#include "../support/temp_dir.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(report_test)

BOOST_AUTO_TEST_CASE(short_run_report_validates_round_trips_and_judges_the_read_backs) {
  temp_dir dir;
  const fs::path scratch = dir / "scratch", json = dir / "report.json";
  // Two MegaCLI dumps of one controller, merged; the schema then checks a real controller object.
  const std::string dumps = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/megacli-";
  const tool_run r = run_tool(RAIDBENCH_TOOL, {"--quick", "--size", "32M", "--test-seconds", "0.3", "--dir",
                                               scratch.string(), "--report", json.string(), "--controller-file",
                                               dumps + "adpallinfo-intel-rs25ab080.txt", "--controller-file",
                                               dumps + "pdlist-intel-rs25ab080.txt"});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(!fs::exists(scratch));
  BOOST_TEST(r.out.starts_with("context of " + scratch.string() + "\n"));
  BOOST_TEST(r.out.find("\nresults (quick mode, ") != std::string::npos);
  BOOST_TEST(r.out.find("\ncontroller (from " + dumps + "adpallinfo-intel-rs25ab080.txt, ") != std::string::npos);
  BOOST_TEST(r.out.find("\nverdicts: ") != std::string::npos);
  // First the note that the files are smaller than RAM, then one line per test (not a tty).
  BOOST_TEST(r.err.starts_with("raidbench: the random tests' files (32 MiB) are smaller than RAM ("), r.err);
  BOOST_TEST(r.err.find("\nraidbench: [1/11] seq write 32 MiB\n") == r.err.find('\n'), r.err);

  // Debian's interpreter, where install-deps.sh puts python3-jsonschema (a pyenv python3 on PATH may lack it).
  const std::string validate = "/usr/bin/python3 -c \"import json,jsonschema,sys; jsonschema.validate(json.load(open(sys.argv[1])), "
                               "json.load(open(sys.argv[2])))\" '" + json.string() + "' '" RAIDBENCH_SUITE_SCHEMA "'";
  BOOST_TEST(std::system(validate.c_str()) == 0);

  std::ifstream in(json);
  const auto j = nlohmann::json::parse(in);
  const auto back = j.get<rb_suite::suite_report>();
  BOOST_TEST(nlohmann::json(back) == j);
  BOOST_TEST(back.tests.size() == 9u);
  BOOST_TEST(j.at("controller").at("inventory").at("source") == "megacli");
  BOOST_TEST(j.at("controller").at("inventory").at("controllers").size() == 1u);
  BOOST_TEST(!j.at("controller").at("inventory").at("controllers")[0].at("physical_drives").empty());
  // The dumps are another machine's: whatever disk holds the scratch directory here, they are not
  // observed to hold it, and the report says how each device was judged.
  BOOST_TEST(j.at("device_under_test").at("status") != "owns");
  BOOST_TEST(r.out.find("\ndevice under test (") != std::string::npos);
  // The device-bound tests ran in five rounds, and the report says whether they were steady.
  for (const char* name : {"rndrw 16 KiB fsync/100", "rndrd 16 KiB"}) {
    const auto t = std::find_if(back.tests.begin(), back.tests.end(), [&](const auto& x) { return x.name == name; });
    BOOST_TEST_REQUIRE((t != back.tests.end()));
    BOOST_TEST(t->steady_state.at("rounds").size() == 5u);
    BOOST_TEST(r.out.find(std::string("\n  ") + name + ": " + t->steady_note + "\n") != std::string::npos);
  }
  BOOST_TEST(back.tests.front().steady_state.is_null());

  auto verdict_on = [&](const std::string& subject) {
    for (const auto& v : back.verdicts)
      if (v.rule == "page_cache_reads" && v.subject == subject) return v;
    BOOST_FAIL("no page-cache verdict on " + subject);
    return raidbench::verdict{};
  };
  const auto buffered = verdict_on("seq read buffered");
  BOOST_TEST(std::any_of(buffered.evidence.begin(), buffered.evidence.end(),
                         [](const std::string& e) { return e.starts_with("the same reads with O_DIRECT: "); }),
             buffered.message);
  const auto direct = verdict_on("seq read O_DIRECT");
  BOOST_TEST(!direct.fired);
  BOOST_TEST(direct.message == "reads used O_DIRECT: the page cache was bypassed");
}

BOOST_AUTO_TEST_SUITE_END()
