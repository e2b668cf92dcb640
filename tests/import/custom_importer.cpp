// examples/extending/importer: rb-compare run by a user's main with an importer of their own (hdparm
// -t/-T logs): the real captures import, compare with each other, and keep rb-compare's checks.
#include <boost/test/unit_test.hpp>

#include <string>

#include <fstream>

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"

using namespace raidbench::test;

namespace {
const std::string hdparm = std::string(RAIDBENCH_FIXTURES_DIR) + "/imports/hdparm/";
tool_result custom(const std::string& arguments) { return run_shell(quoted(RB_CUSTOM_IMPORTER) + " " + arguments); }
}  // namespace

BOOST_AUTO_TEST_SUITE(custom_importer_test)

BOOST_AUTO_TEST_CASE(hdparm_logs_import_and_compare) {
  const auto imported = custom("--import " + quoted(hdparm + "sda-t-4-runs.txt"));
  BOOST_TEST(imported.status == 0, imported.err);
  // 456 MB in 3.01 seconds: hdparm's MB are MiB, 158.85 MB/s; the repeated runs are named apart.
  BOOST_TEST(imported.out.starts_with(hdparm + "sda-t-4-runs.txt: hdparm (hdparm)\n  buffered disk reads  [device=/dev/sda]\n"
                                               "    throughput           158.85 MB/s\n    total_time           3.010 s\n"));
  BOOST_TEST(imported.out.find("  buffered disk reads #4  [device=/dev/sda]\n") != std::string::npos);
  const auto same = custom("A=" + quoted(hdparm + "sda-t-4-runs.txt") + " B=" + quoted(hdparm + "sda-t-4-runs.txt"));
  BOOST_TEST(same.status == 0, same.err);
  BOOST_TEST(same.out.find("B against A: 0 faster, 0 slower") != std::string::npos, same.out);
  // -T measures memory, -t the disk: no test in common, one line.
  const auto apart = custom(quoted(hdparm + "sda-t-4-runs.txt") + " " + quoted(hdparm + "sda-T-5-runs.txt"));
  BOOST_TEST(apart.status == 1);
  BOOST_TEST(apart.err == "rb-custom-importer: the sides have no test in common\n");
}

BOOST_AUTO_TEST_CASE(the_shipped_importers_stay_and_bad_input_is_one_line) {
  const auto dd = custom("--import " + quoted(std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/gnu-dd-pv-write-read-perc-h720.txt"));
  BOOST_TEST(dd.status == 0, dd.err);
  BOOST_TEST(dd.out.find(": dd (") != std::string::npos);
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "empty.txt").close();
  const auto bad = custom("--import " + quoted((dir / "empty.txt").string()));
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err.find("hdparm, pg_test_fsync") != std::string::npos, bad.err);  // the user's importer is tried first
}

BOOST_AUTO_TEST_SUITE_END()
