// rb-fsync against the real pg_test_fsync 15, both with -s 1 in the same temporary directory on ext4
// (/tmp): every line of pg_test_fsync must have its twin in rb-fsync; and rb-fsync --json beside them.
#include <set>

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "shell.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

namespace {

// The structure of a line: digits and decimals become N, runs of blanks one blank; the label
// column (8 blanks and 30 characters) is kept exactly.
std::string structure(const std::string& line) {
  static const std::regex number("[0-9]+(\\.[0-9]+)?"), blanks(" +");
  std::string label = line.rfind("        ", 0) == 0 ? line.substr(0, 38) : std::string();
  std::string rest = line.substr(label.size());
  rest = std::regex_replace(std::regex_replace(rest, number, "N"), blanks, " ");
  return label + "|" + rest;
}

// stdout is the command's output; stderr goes to `file` + ".stderr" in `errors`.
std::string command(const fs::path& dir, const char* tool, const char* file, const std::string& extra,
                    const fs::path& errors) {
  return "cd '" + dir.string() + "' && " + tool + " -s 1 -f " + file + extra + " 2>'" +
         (errors / (std::string(file) + ".stderr")).string() + "'";
}

// stdout line for line as pg_test_fsync's, nothing more; rb-fsync's reading of the figures on stderr.
void compare(const std::string& pg, const std::string& rb, const std::string& rb_stderr) {
  const auto pg_lines = test::lines_of(pg), rb_lines = test::lines_of(rb);
  BOOST_TEST_REQUIRE(pg_lines.size() >= 30u, pg);
  BOOST_TEST_REQUIRE(rb_lines.size() == pg_lines.size(), rb);
  for (std::size_t i = 0; i < pg_lines.size(); ++i)
    BOOST_TEST(structure(rb_lines[i]) == structure(pg_lines[i]), "line " << i + 1 << ": '" << rb_lines[i]
                                                                       << "' against '" << pg_lines[i] << "'");
  BOOST_TEST(rb_stderr.rfind("\nWhat these figures mean (rb-fsync):\n        ", 0) == 0u, rb_stderr);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compare_pg_test_fsync_test)

// One batch, side by side (about 20 s in all instead of 60): the comparison, and --json with
// --block-size, all where flushes reach a disk (/tmp): a run on tmpfs would keep a core busy for its 18
// seconds (fsync returns at once). What rb-fsync says of tmpfs is tested where it is decided
// (pg_test_fsync_report.cpp, device_of_path.cpp). The sanitized build runs only rb-fsync's own runs:
// the layouts are the main build's to check, the same code.
BOOST_AUTO_TEST_CASE(same_lines_as_pg_test_fsync_json_and_block_size) {
  constexpr bool with_peer = !RAIDBENCH_TEST_SANITIZED;
  if (with_peer) BOOST_TEST_REQUIRE(fs::exists(PG_TEST_FSYNC), "install postgresql-15 (scripts/install-deps.sh)");
  test::temp_dir ext4("/tmp"), json_dir("/tmp"), errors;
  const std::string dump = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt";
  std::vector<std::string> commands = {
      command(json_dir.path(), RB_FSYNC, "json.out", " --json --block-size=16k --controller-file=" + dump, errors.path()),
      command(ext4.path(), RB_FSYNC, "rb-ext4.out", "", errors.path())};
  if (with_peer) commands.push_back(command(ext4.path(), PG_TEST_FSYNC, "pg-ext4.out", "", errors.path()));
  const auto runs = test::run_all(commands);
  for (const auto& r : runs) BOOST_TEST(r.status == 0, r.output);
  const auto stderr_of = [&](const char* file) { return test::slurp(errors / (std::string(file) + ".stderr")); };
  BOOST_TEST(stderr_of("json.out").empty());
  if (with_peer) {
    compare(runs[2].output, runs[1].output, stderr_of("rb-ext4.out"));
    BOOST_TEST(stderr_of("pg-ext4.out").empty());
  } else {
    BOOST_TEST(stderr_of("rb-ext4.out").rfind("\nWhat these figures mean (rb-fsync):\n", 0) == 0u);
  }

  const auto j = nlohmann::json::parse(runs[0].output);
  BOOST_TEST(j.at("block_size") == 16384);
  BOOST_TEST_REQUIRE(j.at("tests").size() == 18u);
  for (const auto& t : j.at("tests")) {
    if (t.at("label") == "fsync_writethrough") {
      BOOST_TEST(t.at("status") == "n/a");
      continue;
    }
    BOOST_TEST_REQUIRE(t.at("status") == "measured", t.dump());
    BOOST_TEST(t.at("ops_per_sec").get<double>() > 0);
    // --block-size sets every write but the open_sync size ladder's (16k in 1 to 16 writes).
    if (t.at("section") != "open_sync_sizes") BOOST_TEST(t.at("workload").at("block_size") == 16384, t.dump());
    for (const auto& [kind, l] : t.at("latency").items()) {
      BOOST_TEST(l.at("p50_ns").get<double>() <= l.at("p99_ns").get<double>(), kind);
      BOOST_TEST(l.at("p99_ns").get<double>() <= l.at("max_ns").get<double>(), kind);
    }
  }
  BOOST_TEST(j.at("tests").at(10).at("label") == " 1 * 16kB open_sync write");
  // The verdicts are the suite's rule list over the same facts: the storage-wide rules once, the flush
  // rule on every measured test that commits.
  std::set<std::string> rules, flush_subjects;
  for (const auto& v : j.at("verdicts")) {
    rules.insert(v.at("rule").get<std::string>());
    if (v.at("rule") == "flush_faster_than_media") flush_subjects.insert(v.at("subject").get<std::string>());
  }
  for (const char* rule : {"partition_misaligned", "degraded_array", "write_back_without_battery", "policy_differs_from_default"})
    BOOST_TEST(rules.count(rule) == 1u, rule);
  BOOST_TEST(flush_subjects.count("one_write/fdatasync") == 1u);
  BOOST_TEST(flush_subjects.count("two_writes/fdatasync") == 1u);
  BOOST_TEST(flush_subjects.count("open_sync_sizes/1 * 16kB open_sync write") == 1u);
  // The file's filesystem, as the storage line (statfs: "ext2/3/4") and the context (mountinfo: "ext4")
  // read it; not tmpfs, so no note of it.
  for (const auto& name : {j.at("storage").at("filesystem"), j.at("context").at("filesystem").at("type")}) {
    BOOST_TEST(!name.get<std::string>().empty());
    BOOST_TEST(name != "tmpfs");
  }
  BOOST_TEST(j.at("interpretation").dump().find("is on tmpfs") == std::string::npos);
  BOOST_TEST(j.at("controller").at("source") == dump);
  BOOST_TEST(j.at("controller").at("inventory").at("source") == "megacli");

  // Every run removed its test file.
  BOOST_TEST(fs::is_empty(ext4.path()));
  BOOST_TEST(fs::is_empty(json_dir.path()));
}

BOOST_AUTO_TEST_SUITE_END()
