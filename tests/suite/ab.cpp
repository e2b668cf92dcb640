// raidbench ab: the runs alternate in ABBA order, each side's setup command before its run; the sides
// are compared paired by round; a setup command that fails or hangs, or Ctrl-C while one runs, stops
// the run with one line and leaves nothing running; bad options are one line and exit status 2,
// nothing created. Tiny runs
// (1 MiB, 0.02 s a timed test): what is checked is the order and the plumbing, not the speed.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/slurp.hpp"
#include "../support/spawned.hpp"
#include "../support/temp_dir.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(ab_test)

namespace {

// `err` without the suite's note, said once before the first round's tests, that files smaller than
// RAM may be served by the page cache.
std::string without_ram_note(const std::string& err) {
  const std::string note = "raidbench: the random tests' files (";
  if (!err.starts_with(note)) return err;
  const auto end = err.find('\n');
  return err.substr(end + 1);
}

// raidbench ab in `dir` (--out dir/out, sides dir/a and dir/b), `args` before the suite's tiny options.
tool_run ab(const temp_dir& dir, std::vector<std::string> args) {
  std::vector<std::string> all{"ab", "--no-progress", "--out", (dir / "out").string(), "--a", (dir / "a").string(), "--b", (dir / "b").string()};
  all.insert(all.end(), args.begin(), args.end());
  all.insert(all.end(), {"--", "--quick", "--no-controller", "--size", "1M", "--test-seconds", "0.02"});
  return run_tool(RAIDBENCH_TOOL, all);
}

nlohmann::json read_json(const fs::path& p) { return nlohmann::json::parse(slurp(p)); }

// While alive, this test process is a child subreaper: what a tool leaves unreaped when it exits
// becomes this process's child instead of init's, where a test can see it (and reaps it).
struct subreaper {
  subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }
  ~subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 0); }
  subreaper(const subreaper&) = delete;
  subreaper& operator=(const subreaper&) = delete;
};

pid_t pid_in(const fs::path& p) {
  wait_until([&] { return fs::exists(p) && slurp(p).ends_with("\n"); });
  return static_cast<pid_t>(std::stol("0" + slurp(p)));
}

}  // namespace

// Two identical sides over two rounds: A B B A, each setup before its side's run with its side and
// round in the environment, each run's start time recorded in that order; the comparison is paired
// over the 2 rounds and calls nothing (2 rounds never do: a call needs 3, and the rows say how many
// rounds would tell); the scratch directories are gone.
BOOST_AUTO_TEST_CASE(abba_order_and_one_paired_comparison) {
  temp_dir dir;
  const std::string log = (dir / "setups.log").string();
  const tool_run r = ab(dir, {"--rounds", "2", "--a-setup", "echo A$RAIDBENCH_AB_ROUND >> '" + log + "'", "--b-setup",
                              "echo B$RAIDBENCH_AB_ROUND >> '" + log + "'"});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(slurp(log) == "A1\nB1\nB2\nA2\n");

  const auto record = read_json(dir / "out" / "ab.json");
  BOOST_TEST(record.at("schema") == "raidbench.ab");
  BOOST_TEST(record.at("order") == "ABBA");
  const auto& runs = record.at("runs");
  BOOST_TEST_REQUIRE(runs.size() == 4u);
  const std::vector<std::pair<int, std::string>> expected{{1, "A"}, {1, "B"}, {2, "B"}, {2, "A"}};
  double previous = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    BOOST_TEST(runs[i].at("round") == expected[i].first);
    BOOST_TEST(runs[i].at("side") == expected[i].second);
    BOOST_TEST(runs[i].at("setup").at("exit_status") == 0);
    BOOST_TEST(runs[i].at("exit_status") == 0);
    BOOST_TEST(runs[i].at("started_at").get<double>() > previous);
    previous = runs[i].at("started_at").get<double>();
    // Each run's own report: its start time and its side's scratch directory.
    const auto report = read_json(runs[i].at("report").get<std::string>());
    BOOST_TEST(report.at("scratch_dir") == (dir / (expected[i].second == "A" ? "a" : "b")).string());
    BOOST_TEST(report.at("tests").at(0).at("run_started_at").at(0).get<double>() >= runs[i].at("started_at").get<double>());
  }
  BOOST_TEST(record.at("stopped").is_null());

  const auto c = read_json(dir / "out" / "comparison.json");
  BOOST_TEST(c.at("decision").at("paired") == true);
  BOOST_TEST(c.at("decision").at("rounds") == 2);
  BOOST_TEST(c.at("summaries").at(0).at("faster") == 0);
  BOOST_TEST(c.at("summaries").at(0).at("slower") == 0);
  for (const auto& row : c.at("rows"))
    if (row.at("sides").at(1).at("change").at("method").is_string()) BOOST_TEST(row.at("sides").at(1).at("change").at("method") == "paired");
  // (All rows undecided; how many depends on the host: a commit test that did no commit in its 0.02 s has no p99.)
  BOOST_TEST(r.out.find("B against A, paired over 2 ABBA rounds: 0 faster, 0 slower, 0 unchanged, ") != std::string::npos, r.out);
  BOOST_TEST(r.out.find(" rounds would tell") != std::string::npos, r.out);
  BOOST_TEST(!fs::exists(dir / "a"));
  BOOST_TEST(!fs::exists(dir / "b"));
}

// A setup command that fails: one line naming it, its status and its last words, exit status 1; the
// process it left in its group is gone; the run before it is kept, no comparison is made.
BOOST_AUTO_TEST_CASE(a_failing_setup_stops_the_run_with_one_line) {
  temp_dir dir;
  const std::string pgid = (dir / "pgid").string();
  const tool_run r = ab(dir, {"--b-setup", "echo $$ > '" + pgid + "'; sleep 300 & echo cache switch refused >&2; exit 3"});
  BOOST_TEST(r.exit_code == 1);
  // After round 1 of A, which said once that its files are smaller than RAM (the suite's note).
  BOOST_TEST(without_ram_note(r.err) == "raidbench ab: --b-setup failed in round 1 (B): exit status 3: cache switch refused\n", r.err);
  BOOST_TEST(r.out.empty());
  BOOST_TEST(group_ends(pid_in(pgid)));
  BOOST_TEST(fs::exists(dir / "out" / "A" / "round-01.json"));
  BOOST_TEST(fs::is_empty(dir / "out" / "B"));
  BOOST_TEST(!fs::exists(dir / "out" / "comparison.json"));
  const auto record = read_json(dir / "out" / "ab.json");
  BOOST_TEST(record.at("stopped") == "--b-setup failed in round 1 (B): exit status 3: cache switch refused");
  BOOST_TEST(record.at("runs").back().at("setup").at("stderr") == "cache switch refused\n");
  BOOST_TEST(!fs::exists(dir / "a"));
}

// A setup command that hangs is killed with its group at --setup-timeout, and the run stops.
BOOST_AUTO_TEST_CASE(a_hanging_setup_is_killed_at_the_deadline) {
  temp_dir dir;
  const std::string pgid = (dir / "pgid").string();
  const tool_run r = ab(dir, {"--setup-timeout", "0.3", "--a-setup", "echo $$ > '" + pgid + "'; exec sleep 300"});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench ab: --a-setup failed in round 1 (A): no answer after 0.3 s, killed\n");
  BOOST_TEST(group_ends(pid_in(pgid)));
  BOOST_TEST(fs::is_empty(dir / "out" / "A"));
  BOOST_TEST(!fs::exists(dir / "a"));
}

// Ctrl-C (SIGINT to raidbench ab's process group, as a terminal sends it) while B's setup command
// runs, after A's first run: exit status 130 as --help says (128 + 2), one line; the command's whole
// group (the shell, now sleep, and the sleep it started) killed, and the command reaped by raidbench
// ab itself (not left to whoever inherits it); no comparison, the run done kept and the record saying
// why; in A's scratch directory, the user's file, and nothing of the tool's. The signal is sent once
// the command is seen running: no timing is assumed.
BOOST_AUTO_TEST_CASE(ctrl_c_during_a_setup_command_stops_it_and_its_group) {
  const subreaper inherits_what_is_left;
  temp_dir dir;
  fs::create_directory(dir / "a");
  std::ofstream(dir / "a" / "mine.txt") << "mine\n";
  const fs::path pgid_file = dir / "pgid";
  stream_file out(dir / "stdout", O_WRONLY | O_CREAT | O_TRUNC), err(dir / "stderr", O_WRONLY | O_CREAT | O_TRUNC);
  spawned_tool tool({RAIDBENCH_TOOL, "ab", "--no-progress", "--out", (dir / "out").string(), "--a", (dir / "a").string(), "--b",
                     (dir / "b").string(), "--b-setup", "echo $$ > '" + pgid_file.string() + "'; sleep 300 & exec sleep 300", "--",
                     "--quick", "--no-controller", "--size", "1M", "--test-seconds", "0.02"},
                    {.out = out.fd(), .err = err.fd()});
  BOOST_TEST_REQUIRE(tool.started());
  const pid_t pgid = pid_in(pgid_file);
  // Sleeping: the shell has started the background sleep and become the other one.
  BOOST_TEST_REQUIRE(wait_until([&] { return slurp(fs::path("/proc") / std::to_string(pgid) / "comm") == "sleep\n"; }));
  ::kill(-tool.pid(), SIGINT);
  const tool_end end = tool.wait();
  BOOST_TEST(!end.by_signal);
  BOOST_TEST(end.code == 130);
  BOOST_TEST(group_ends(pgid));
  // Reaped by raidbench ab: not handed to this subreaper as a zombie (nor alive: that is 0).
  BOOST_TEST(::waitpid(pgid, nullptr, WNOHANG) == -1);
  while (::waitpid(-pgid, nullptr, WNOHANG) > 0) {}  // the background sleep: its parent was the command
  const std::string why = "stopped by SIGINT during --b-setup in round 1 (B): no comparison; the runs done are in " + (dir / "out").string();
  BOOST_TEST(without_ram_note(slurp(dir / "stderr")) == "raidbench ab: " + why + "\n");
  BOOST_TEST(slurp(dir / "stdout").empty());
  const auto record = read_json(dir / "out" / "ab.json");
  BOOST_TEST(record.at("stopped") == why);
  BOOST_TEST(record.at("runs").back().at("setup").at("failure") == "stopped by SIGINT");
  // Only its own files in --out: the record and A's report; no comparison, no temporary file.
  std::vector<std::string> written;
  for (const auto& e : fs::recursive_directory_iterator(dir / "out")) written.push_back(fs::relative(e.path(), dir / "out").string());
  std::sort(written.begin(), written.end());
  BOOST_TEST(written == (std::vector<std::string>{"A", "A/round-01.json", "B", "ab.json"}), boost::test_tools::per_element());
  // A's run removed its files and left the user's; B's directory was never made.
  std::vector<std::string> in_a;
  for (const auto& e : fs::directory_iterator(dir / "a")) in_a.push_back(e.path().filename().string());
  BOOST_TEST(in_a == std::vector<std::string>{"mine.txt"}, boost::test_tools::per_element());
  BOOST_TEST(slurp(dir / "a" / "mine.txt") == "mine\n");
  BOOST_TEST(!fs::exists(dir / "b"));
}

// Bad options: one line, exit status 2, nothing created; a --out that is not empty: one line, exit 1.
BOOST_AUTO_TEST_CASE(bad_options_are_one_line) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--rounds", "1"}, "raidbench ab: --rounds: '1' is not a whole number from 2 to 1000 (see --help)\n"},
      {{"--rounds", "0x10"}, "raidbench ab: --rounds: '0x10' is not a whole number from 2 to 1000 (see --help)\n"},
      {{"--setup-timeout", "0"}, "raidbench ab: --setup-timeout: '0' is not a decimal number from 0.1 to 86400 (see --help)\n"},
      {{"--a-setup="}, "raidbench ab: --a-setup needs a value (see --help)\n"},
      {{"--format", "xml"}, "raidbench ab: --format: 'xml' is not one of text, markdown, csv, json (see --help)\n"},
      {{"--bogus"}, "raidbench ab: unknown option '--bogus' (see --help)\n"},
      {{"--", "--dir", "x"},
       "raidbench ab: --dir after --: raidbench ab sets it for each run (--a, --b, --out; --rounds for the runs) (see --help)\n"},
      {{"--", "--repeat=3"},
       "raidbench ab: --repeat after --: raidbench ab sets it for each run (--a, --b, --out; --rounds for the runs) (see --help)\n"},
      {{"--", "--max-rounds", "4"}, "raidbench: --max-rounds: '4' is not a whole number from 5 to 1000 (see --help)\n"},
  };
  for (const auto& [args, line] : cases) {
    temp_dir dir;
    std::vector<std::string> all{"ab", "--out", (dir / "out").string(), "--a", (dir / "a").string()};
    all.insert(all.end(), args.begin(), args.end());
    const tool_run r = run_tool(RAIDBENCH_TOOL, all);
    BOOST_TEST(r.exit_code == 2, args.front());
    BOOST_TEST(r.err == line);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(fs::is_empty(dir.path()), args.front());
  }
  temp_dir dir;
  fs::create_directory(dir / "out");
  std::ofstream(dir / "out" / "notes.txt") << "mine\n";
  const tool_run r = ab(dir, {});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(r.err == "raidbench ab: --out " + (dir / "out").string() +
                          " is not empty: name a new directory (raidbench ab writes only its own files)\n");
  BOOST_TEST(slurp(dir / "out" / "notes.txt") == "mine\n");
}

BOOST_AUTO_TEST_SUITE_END()
