// rb-dd's storage context and controller: in --json always, on standard error with --context, and
// a dump that cannot be read stops rb-dd before it opens (or creates) the output.
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/context_first.hpp"
#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const std::string dump = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt";

struct run_result {
  int status = -1;
  std::string err;
};

// rb-dd in `dir` with the operands given, standard error kept.
run_result rb_dd(const fs::path& dir, const std::string& operands) {
  const std::string command = "cd '" + dir.string() + "' && '" RB_DD_PATH "' " + operands + " 2> stderr.txt";
  const int status = std::system(command.c_str());
  run_result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, raidbench::test::slurp(dir / "stderr.txt")};
  fs::remove(dir / "stderr.txt");
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(context_test)

BOOST_AUTO_TEST_CASE(json_carries_the_context_of_the_output_and_the_controller) {
  raidbench::test::temp_dir dir;
  const auto r = rb_dd(dir.path(), "if=/dev/zero of=out bs=64k count=4 --json --controller-file='" + dump + "'");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.err);
  BOOST_TEST(j.at("context").at("path") == "out");
  BOOST_TEST(!j.at("context").at("filesystem").at("type").is_null());
  BOOST_TEST(j.at("controller").at("source") == dump);
  BOOST_TEST(j.at("controller").at("inventory").at("source") == "megacli");
  BOOST_TEST(j.at("dd").at("bytes") == 262144);
}

BOOST_AUTO_TEST_CASE(context_is_printed_before_the_statistics) {
  raidbench::test::temp_dir dir;
  const auto r = rb_dd(dir.path(), "if=/dev/zero of=out bs=64k count=4 --context --no-controller");
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  raidbench::test::expect_context_first(r.err, "out", "4+0 records in\n");
}

BOOST_AUTO_TEST_CASE(a_bad_dump_stops_rb_dd_before_the_output_is_created) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "dump.txt") << "not a RAID tool's output\n";
  auto r = rb_dd(dir.path(), "if=/dev/zero of=out bs=64k count=4 --json --controller-file=dump.txt");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.starts_with("rb-dd: dump.txt: "), r.err);
  BOOST_TEST(!fs::exists(dir / "out"));
  r = rb_dd(dir.path(), "if=/dev/zero of=out count=1 --controller-file=");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err.starts_with("rb-dd: --controller-file needs a file name"), r.err);
  BOOST_TEST(!fs::exists(dir / "out"));
}

BOOST_AUTO_TEST_SUITE_END()
