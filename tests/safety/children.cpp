// Vendor tools are children that never outlive or outwait the tool that runs them
// (core/child_process.hpp): fake tools on PATH that hang, print without end, close their output and
// stay, or leave a process holding the pipe. Each case asserts how the tool ended, its one line, and
// that no process is left in the vendor tool's group. A signal while a vendor tool runs stops every
// tool within its bound, the vendor tool killed and reaped first.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../fsync/shell.hpp"
#include "../support/slurp.hpp"
#include "../support/spawned.hpp"
#include "../support/temp_dir.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(children_test)

namespace {

using raidbench::test::slurp;

const std::string fixtures = RAIDBENCH_FIXTURES_DIR;

// A fake megacli in `dir`: notes its pid (its process group's id) in dir/pid, then runs `body`.
void fake_megacli(const fs::path& dir, const std::string& body) {
  const fs::path tool = dir / "megacli";
  std::ofstream(tool) << "#!/bin/sh\necho $$ > '" << (dir / "pid").string() << ".tmp'\nmv '" << (dir / "pid").string()
                      << ".tmp' '" << (dir / "pid").string() << "'\n"
                      << body;
  fs::permissions(tool, fs::perms::owner_all);
}

pid_t fake_pid(const fs::path& dir) { return static_cast<pid_t>(std::stol("0" + slurp(dir / "pid"))); }

std::vector<std::string> lines(const std::string& text) { return raidbench::test::lines_of(text); }

// A tool started with only `fake` on PATH, stderr to dir/err, stdout to dir/out.
struct with_fake {
  raidbench::test::temp_dir dir;
  fs::path fake = dir / "bin";
  with_fake() { fs::create_directory(fake); }
  raidbench::test::spawn_setup setup(raidbench::test::stream_file& out, raidbench::test::stream_file& err) const {
    raidbench::test::spawn_setup s;
    s.dir = dir.path();
    s.out = out.fd();
    s.err = err.fd();
    s.env = {"PATH=" + fake.string()};
    return s;
  }
};

struct signal_case {
  std::vector<std::string> args;
  int signal;
  bool by_signal;  // the tool dies of it (the replicas, as their peers; rb-ctrl) or exits
  int code;
  std::string line;  // the start of its one line on stderr ("" for the replicas that die silently)
};

}  // namespace

// SIGINT, SIGTERM or SIGHUP while a hung vendor tool runs: every tool stops, as it stops for that
// signal anywhere else, and the vendor tool is gone with its group.
BOOST_AUTO_TEST_CASE(a_signal_while_a_vendor_tool_hangs_stops_every_tool_and_the_vendor_tool) {
  const std::vector<signal_case> cases = {
      {{RAIDBENCH_TOOL, "--quick", "--dir", "s"}, SIGINT, false, 130,
       "raidbench: interrupted while reading the controller (megacli -AdpAllInfo -aALL -NoLog: stopped by SIGINT)"},
      {{RAIDBENCH_TOOL, "--quick", "--dir", "s"}, SIGHUP, false, 129, "raidbench: interrupted while reading the controller"},
      {{RB_RUN, "--json", "--size", "1M"}, SIGTERM, false, 143, "rb-run: interrupted while reading the controller"},
      {{RB_FSYNC, "--json", "-s", "1"}, SIGINT, false, SIGINT, "rb-fsync: interrupted by SIGINT"},
      {{RB_CTRL}, SIGTERM, true, SIGTERM, ""},
      {{RB_FILEIO, "--json", "--file-num=1", "--file-total-size=1M", "--file-test-mode=seqwr", "run"}, SIGINT, true, SIGINT, ""},
      {{RB_DD, "if=/dev/zero", "of=/dev/null", "count=1", "--json"}, SIGINT, true, SIGINT, ""},
  };
  for (const auto& c : cases) {
    with_fake f;
    fake_megacli(f.fake, "exec /bin/sleep 1000\n");
    raidbench::test::stream_file out(f.dir / "out", O_WRONLY | O_CREAT), err(f.dir / "err", O_WRONLY | O_CREAT);
    raidbench::test::spawned_tool tool(c.args, f.setup(out, err));
    BOOST_TEST_REQUIRE(tool.started());
    BOOST_TEST_REQUIRE(raidbench::test::wait_until([&] { return fs::exists(f.fake / "pid"); }), c.args[0]);
    tool.signal(c.signal);
    const auto end = tool.wait();
    const std::string what = c.args[0] + " " + ::sigabbrev_np(c.signal) + ": " + slurp(f.dir / "err");
    BOOST_TEST(!end.hung, what);
    BOOST_TEST(end.by_signal == c.by_signal, what);
    BOOST_TEST(end.code == c.code, what);
    BOOST_TEST(raidbench::test::group_ends(fake_pid(f.fake)), what);
    BOOST_TEST(raidbench::test::group_ends(tool.pid()), what);  // nothing left in the tool's own group either
    if (!c.line.empty()) {
      BOOST_TEST(lines(slurp(f.dir / "err")).size() == 1u, what);
      BOOST_TEST(slurp(f.dir / "err").starts_with(c.line), what);
    }
    BOOST_TEST(!fs::exists(f.dir / "s"), what);  // raidbench created no scratch directory
    // rb-dd ends as GNU dd does on SIGINT: its statistics (of nothing copied), then death by the signal.
    if (c.args[0] == RB_DD) BOOST_TEST(slurp(f.dir / "err").starts_with("0+0 records in\n0+0 records out\n"), what);
  }
}

// The deadline covers the whole call: a tool that hangs, one that closes its output and stays, and
// one that prints without end (the cap) are killed with their group; the other commands of a tool
// that did not answer are not run (each would wait as long).
BOOST_AUTO_TEST_CASE(hung_silent_and_endless_vendor_tools_end_at_the_deadline_or_the_cap) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"exec /bin/sleep 1000\n", "rb-ctrl: megacli -AdpAllInfo -aALL -NoLog: no answer after 1 s, killed"},
      {"exec >&- 2>&-\nexec /bin/sleep 1000\n", "rb-ctrl: megacli -AdpAllInfo -aALL -NoLog: no answer after 1 s, killed"},
      {"exec /bin/cat /dev/zero\n",
       "rb-ctrl: megacli -AdpAllInfo -aALL -NoLog: printed more than 64 MiB, the cap on a tool's output: killed"},
  };
  for (const auto& [body, line] : cases) {
    with_fake f;
    fake_megacli(f.fake, body);
    raidbench::test::stream_file out(f.dir / "out", O_WRONLY | O_CREAT), err(f.dir / "err", O_WRONLY | O_CREAT);
    raidbench::test::spawned_tool tool({RB_CTRL, "--timeout=1", "--mdstat=/nonexistent"}, f.setup(out, err));
    const auto end = tool.wait();
    const std::string errors = slurp(f.dir / "err");
    BOOST_TEST(!end.hung, body << errors);
    BOOST_TEST((!end.by_signal && end.code == 1), body << errors);
    const auto said = lines(errors);
    BOOST_TEST(std::count(said.begin(), said.end(), line) == 1, body << errors);
    if (!line.ends_with("cap on a tool's output: killed"))
      BOOST_TEST(errors.find("rb-ctrl: megacli: its 4 other command(s) not run\n") != std::string::npos, errors);
    BOOST_TEST(raidbench::test::group_ends(fake_pid(f.fake)), body);
  }
}

// A vendor tool that exits and leaves a process holding its pipe: the output is read and the call
// ends, within the 30 s deadline rb-ctrl was given (the test's bound is 30 s too: waiting for the
// process would fail it). One left in the tool's group is killed with it; one that left the group
// (setsid) is not waited for.
BOOST_AUTO_TEST_CASE(a_process_left_holding_the_pipe_does_not_hold_the_call) {
  const std::string pdlist = fixtures + "/controllers/megacli/pdlist-16-drives-2-unconfigured-bad.txt";
  for (const std::string left : {"/bin/sleep 987653 &\n", "/usr/bin/setsid /bin/sleep 987654 &\n"}) {
    with_fake f;
    fake_megacli(f.fake, left + "[ \"$1\" = -PDList ] && /bin/cat '" + pdlist + "'\nexit 0\n");
    raidbench::test::stream_file out(f.dir / "out", O_WRONLY | O_CREAT), err(f.dir / "err", O_WRONLY | O_CREAT);
    raidbench::test::spawned_tool tool({RB_CTRL, "--timeout=60", "--mdstat=/nonexistent"}, f.setup(out, err));
    const auto end = tool.wait(std::chrono::seconds(30));
    BOOST_TEST(!end.hung, left << slurp(f.dir / "err"));
    BOOST_TEST((!end.by_signal && end.code == 0), left << slurp(f.dir / "err"));
    BOOST_TEST(slurp(f.dir / "out").starts_with("source: megacli\n"), slurp(f.dir / "out"));
    if (left.find("setsid") == std::string::npos)
      BOOST_TEST(raidbench::test::wait_until([] { return std::system("pgrep -f 'sleep 98765[3]' >/dev/null") != 0; },
                                             std::chrono::seconds(10)),
                 "a process the vendor tool left in its group is still running");
  }
  (void)!std::system("pkill -f 'sleep 98765[34]'");
}

BOOST_AUTO_TEST_SUITE_END()
