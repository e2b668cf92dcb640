// Nothing lost: a report is the old one or the new one, never part of either (a full tmpfs the test
// mounts); an output never replaces an input or another output; standard output that cannot be
// written (/dev/full, a pipe whose reader is gone, a terminal that was closed) is one line on stderr
// and exit status 1, with the scratch files removed and the report file kept. The replicas die of
// SIGPIPE as their peers do, rb-fsync's test file removed first.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../fsync/shell.hpp"
#include "../support/refusals.hpp"
#include "../support/slurp.hpp"
#include "../support/small_tmpfs.hpp"
#include "../support/spawned.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tree_snapshot.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(outputs_test)

namespace {

using raidbench::test::slurp;

const std::string fixtures = RAIDBENCH_FIXTURES_DIR;
const std::string dd_log = fixtures + "/imports/dd/gnu-dd-coreutils8-si-iec-5-runs-crlf-chhanz.txt";
const std::string pdlist = fixtures + "/controllers/megacli/pdlist-16-drives-2-unconfigured-bad.txt";
// --direct: files smaller than RAM are otherwise said on stderr, which these tests read whole.
const std::string suite = std::string(RAIDBENCH_TOOL) + " --quick --size 4M --test-seconds 0.1 --direct --no-progress --no-controller";
const std::string sweep = std::string(RAIDBENCH_TOOL) + " sweep atto --quick --bs 512k,1m --size 1M --buffered --no-progress";

struct shell_end {
  int status = -1;
  std::string out, err;
};

// `command` run by the shell in `dir`, stdout as `stdout_to` says (a file of dir by default), stderr
// to dir/err.
shell_end run_in(const fs::path& dir, const std::string& command, const std::string& stdout_to = "out") {
  const auto r = raidbench::test::run_one("cd '" + dir.string() + "' && " + command + " >" + stdout_to + " 2>err");
  return {r.status, stdout_to == "out" ? slurp(dir / "out") : "", slurp(dir / "err")};
}

// Fills `fs` to its last block.
void fill(const raidbench::test::small_tmpfs& fs) {
  (void)!std::system(("dd if=/dev/zero of='" + (fs / "filler").string() + "' bs=4k 2>/dev/null").c_str());
}

bool is_report(const std::string& text) { return text.starts_with("{") && text.ends_with("}\n"); }

// A pipe whose reader is gone: its write end, for a tool's stdout.
struct closed_pipe {
  int ends[2] = {-1, -1};
  closed_pipe() {
    BOOST_TEST_REQUIRE(::pipe2(ends, O_CLOEXEC) == 0);
    ::close(ends[0]);
  }
  ~closed_pipe() { ::close(ends[1]); }
  int fd() const { return ends[1]; }
};

// A terminal whose master side is closed, as after an SSH session dropped: its slave, for a tool's
// stdout; every write there fails with EIO.
struct closed_terminal {
  int slave = -1;
  closed_terminal() {
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    BOOST_TEST_REQUIRE(master >= 0);
    BOOST_TEST_REQUIRE((::grantpt(master) == 0 && ::unlockpt(master) == 0));
    slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY | O_CLOEXEC);
    BOOST_TEST_REQUIRE(slave >= 0);
    ::close(master);
  }
  ~closed_terminal() { ::close(slave); }
};

}  // namespace

// On a full filesystem each report stays as it was (the new one goes to a temporary file that is
// removed), the run says so in one line and exits 1, and the outputs that could be written are.
BOOST_AUTO_TEST_CASE(a_report_on_a_full_filesystem_keeps_the_old_one_whole) {
  raidbench::test::small_tmpfs full("1m");
  raidbench::test::temp_dir work;
  for (const char* name : {"old.json", "old.html", "old.prom"}) std::ofstream(full / name) << "the old report, whole\n";
  fill(full);
  const auto before = raidbench::test::snapshot_tree(full.path());
  const std::string in = full.path().string() + "/";
  struct report_case {
    std::string command, line;
    std::string out;  // what stdout still holds
  };
  const std::vector<report_case> cases = {
      {suite + " --dir scratch --report " + in + "old.json --html page.html",
       "raidbench: --report: cannot write " + in + "old.json: No space left on device", "results (quick mode"},
      {sweep + " --dir scratch --json=" + in + "old.json", "raidbench: --json: cannot write " + in + "old.json: No space left on device",
       "block size"},
      {std::string(RB_CTRL) + " --prometheus=" + in + "old.prom " + pdlist, "rb-ctrl: cannot write " + in + "old.prom: No space left on device",
       ""},
      {std::string(RB_COMPARE) + " " + dd_log + " " + dd_log + " --html=" + in + "old.html",
       "rb-compare: --html: cannot write " + in + "old.html: No space left on device", "copy #5"},
  };
  for (const auto& c : cases) {
    const auto r = run_in(work.path(), c.command);
    BOOST_TEST(r.status == 1, c.command << ": " << r.err);
    BOOST_TEST(r.err == c.line + "\n", c.command);
    BOOST_TEST(r.out.find(c.out) != std::string::npos, c.command << ": " << r.out);
    BOOST_TEST(!fs::exists(work / "scratch"), c.command);
    BOOST_TEST(raidbench::test::changes_between(before, raidbench::test::snapshot_tree(full.path())) == "", c.command);
  }
  BOOST_TEST(slurp(work / "page.html").starts_with("<!DOCTYPE html>"));  // the page, written after the JSON failed
  // rb-dd: the same line among dd's statistics.
  const auto dd = run_in(work.path(), std::string(RB_DD) + " if=/dev/zero of=/dev/null count=1 --no-controller --json=" + in + "old.json");
  BOOST_TEST(dd.status == 1, dd.err);
  BOOST_TEST(dd.err.starts_with("rb-dd: cannot write " + in + "old.json: No space left on device\n1+0 records in\n"), dd.err);
  BOOST_TEST(raidbench::test::changes_between(before, raidbench::test::snapshot_tree(full.path())) == "");
}

// rb-ctrl --quiet --prometheus=FILE: what --prometheus prints, written whole into the file
// node_exporter's textfile collector reads, nothing on stdout; the next run replaces it (keeping its
// mode) and leaves no temporary file beside it.
BOOST_AUTO_TEST_CASE(rb_ctrl_writes_the_metrics_file_whole_and_replaces_it) {
  raidbench::test::temp_dir dir;
  const auto printed = run_in(dir.path(), std::string(RB_CTRL) + " --prometheus " + pdlist);
  BOOST_TEST_REQUIRE(printed.status == 0, printed.err);
  for (int run = 0; run < 2; ++run) {
    const auto r = run_in(dir.path(), std::string(RB_CTRL) + " --prometheus=textfile/raid.prom " + pdlist, "/dev/null");
    if (run == 0) {
      BOOST_TEST(r.status == 1);  // no directory textfile/ yet: checked before anything is read
      BOOST_TEST(r.err == "rb-ctrl: cannot write textfile/raid.prom: No such file or directory\n");
      fs::create_directory(dir / "textfile");
      continue;
    }
    BOOST_TEST(r.status == 0, r.err);
  }
  fs::permissions(dir / "textfile" / "raid.prom", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const auto again = run_in(dir.path(), std::string(RB_CTRL) + " --quiet --prometheus=textfile/raid.prom " + pdlist);
  BOOST_TEST(again.status == 0, again.err);
  BOOST_TEST(again.out == "");
  BOOST_TEST(slurp(dir / "textfile" / "raid.prom") == printed.out);
  BOOST_TEST((fs::status(dir / "textfile" / "raid.prom").permissions() ==
              (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read)));
  BOOST_TEST(std::distance(fs::directory_iterator(dir / "textfile"), fs::directory_iterator()) == 1);
}

// Before anything runs: an output that is an input (by device and inode: a link to it counts), or
// another output, is refused in one line, and every byte stays.
BOOST_AUTO_TEST_CASE(an_output_never_replaces_an_input_or_another_output) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "data") << std::string(1 << 20, 'd');
  std::ofstream(dir / "copy") << std::string(1 << 20, 'c');
  fs::create_symlink("data", dir / "alias");
  fs::copy_file(pdlist, dir / "dump.txt");
  fs::copy_file(pdlist, dir / "rb-run.0");
  fs::copy_file(dd_log, dir / "a.txt");
  fs::copy_file(dd_log, dir / "b.txt");
  for (const char* host : {"db01", "db02"}) {
    fs::create_directories(dir / "fleet1" / host);
    fs::copy_file(dd_log, dir / "fleet1" / host / "report.json");
  }
  const std::string dd = std::string(RB_DD) + " if=data of=copy --no-controller ", compare = RB_COMPARE, raidbench = RAIDBENCH_TOOL;
  const std::vector<raidbench::test::refusal> cases = {
      {dd + "--json=copy", "rb-dd: --json=copy and of=copy name the same file: one would replace the other"},
      {dd + "--json=data", "rb-dd: --json=data and if=data name the same file: one would replace the other"},
      {dd + "--json=alias", "rb-dd: --json=alias and if=data name the same file"},
      {dd + "--json=", "rb-dd: --json= names no file (for the JSON on standard error, write --json alone)"},
      {compare + " a.txt b.txt --html=a.txt", "rb-compare: --html=a.txt and a.txt name the same file"},
      {compare + " --fleet=fleet1 --html=fleet1/db01/report.json",
       "rb-compare: --html=fleet1/db01/report.json and fleet1/db01/report.json name the same file"},
      {raidbench + " --controller-file dump.txt --report dump.txt",
       "raidbench: --report dump.txt and --controller-file dump.txt name the same file"},
      {raidbench + " --no-controller --report r.json --html ./r.json", "raidbench: --report r.json and --html ./r.json name the same file"},
      {raidbench + " sweep atto --json=s.json --html s.json", "raidbench: --json=s.json and --html s.json name the same file"},
      {raidbench + " --no-controller --json=r.json --html r.json", "raidbench: --json=r.json and --html r.json name the same file"},
      {std::string(RB_RUN) + " --json=dump.txt --controller-file dump.txt",
       "rb-run: --json=dump.txt and --controller-file dump.txt name the same file"},
      {std::string(RB_RUN) + " --dir . --json=rb-run.0", "rb-run: --json=rb-run.0 and ./rb-run.0 name the same file"},
      {std::string(RB_CTRL) + " --prometheus=dump.txt dump.txt", "rb-ctrl: --prometheus=dump.txt and dump.txt name the same file"},
      {std::string(RB_DD) + " if=/dev/zero of=dump.txt count=1 --json --controller-file=dump.txt",
       "rb-dd: of=dump.txt and --controller-file=dump.txt name the same file"},
      {std::string(RB_FSYNC) + " --json -f dump.txt --controller-file=dump.txt",
       "rb-fsync: error: -f dump.txt and --controller-file=dump.txt name the same file"},
      {std::string(RB_RUN) + " --json --dir . --controller-file rb-run.0", "rb-run: ./rb-run.0 and --controller-file rb-run.0 name the same file"},
  };
  raidbench::test::check_refusals("cd '" + dir.path().string() + "' && ", cases, [&] { return raidbench::test::snapshot_tree(dir.path()); });
}

// A full device on stdout: every tool ends with one line and exit status 1, whatever else it did;
// the run still removed its scratch files and wrote its report. Side by side, as rb-fsync's 16
// tests take 16 s.
BOOST_AUTO_TEST_CASE(stdout_on_a_full_device_is_one_line_and_status_1_in_every_tool) {
  struct full_case {
    std::string command;
    std::string line;
    std::string kept;  // the report file that must be there, whole
  };
  const std::string full = "write error on standard output: No space left on device";
  const std::vector<full_case> cases = {
      {std::string(RB_FSYNC) + " -s 1 --json --no-controller -f f", "rb-fsync: error: could not write to standard output: No space left on device", ""},
      {suite + " --dir scratch", "raidbench: " + full, "report.json"},
      {sweep + " --dir scratch", "raidbench: " + full, "sweep-atto.json"},
      {std::string(RB_RUN) + " --size 1M --time 0.2 --no-progress --dir scratch", "rb-run: " + full, ""},
      {std::string(RB_CTRL) + " " + pdlist, "rb-ctrl: " + full, ""},
      {std::string(RB_CTRL) + " --prometheus " + pdlist, "rb-ctrl: " + full, ""},
      {std::string(RB_COMPARE) + " " + dd_log + " " + dd_log, "rb-compare: " + full, ""},
      {std::string(RB_COMPARE) + " --import " + dd_log + " --json", "rb-compare: " + full, ""},
      {std::string(RB_FILEIO) + " --file-num=1 --file-total-size=1M --file-test-mode=seqwr --time=1 run", "rb-fileio: " + full, ""},
  };
  std::vector<std::unique_ptr<raidbench::test::temp_dir>> dirs;
  std::vector<std::string> commands;
  for (const auto& c : cases) {
    dirs.push_back(std::make_unique<raidbench::test::temp_dir>());
    commands.push_back("cd '" + dirs.back()->path().string() + "' && " + c.command + " >/dev/full 2>err");
  }
  const auto ends = raidbench::test::run_all(commands);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const fs::path dir = dirs[i]->path();
    BOOST_TEST(ends[i].status == 1, cases[i].command << ": " << slurp(dir / "err"));
    BOOST_TEST(slurp(dir / "err") == cases[i].line + "\n", cases[i].command);
    BOOST_TEST(!fs::exists(dir / "scratch"), cases[i].command);
    BOOST_TEST(!fs::exists(dir / "f"), cases[i].command);
    if (!cases[i].kept.empty()) BOOST_TEST(is_report(slurp(dir / cases[i].kept)), cases[i].command);
  }
}

// A pipe whose reader is gone, and a terminal that was closed: raidbench's own tools ignore SIGPIPE,
// say the write failed in one line and exit 1 after cleaning up and writing the report.
BOOST_AUTO_TEST_CASE(a_closed_pipe_or_terminal_is_one_line_and_status_1_in_raidbenchs_tools) {
  struct stream_case {
    std::vector<std::string> args;
    std::string line;
    std::string kept;
  };
  const std::vector<std::string> quick = {RAIDBENCH_TOOL, "--quick", "--size", "4M", "--test-seconds", "0.1", "--direct",
                                          "--no-progress", "--no-controller", "--dir", "scratch"};
  const std::vector<stream_case> cases = {
      {quick, "raidbench: write error on standard output: ", "report.json"},
      {{RB_RUN, "--size", "1M", "--time", "0.2", "--no-progress", "--dir", "scratch"}, "rb-run: write error on standard output: ", ""},
      {{RB_CTRL, pdlist}, "rb-ctrl: write error on standard output: ", ""},
      {{RB_COMPARE, dd_log, dd_log}, "rb-compare: write error on standard output: ", ""},
  };
  for (const bool terminal : {false, true}) {
    for (const auto& c : cases) {
      raidbench::test::temp_dir dir;
      closed_pipe pipe;
      closed_terminal tty;
      raidbench::test::stream_file err(dir / "err", O_WRONLY | O_CREAT);
      raidbench::test::spawn_setup s;
      s.dir = dir.path();
      s.out = terminal ? tty.slave : pipe.fd();
      s.err = err.fd();
      raidbench::test::spawned_tool tool(c.args, s);
      const auto end = tool.wait();
      const std::string what = c.args[0] + (terminal ? " on a closed terminal: " : " on a closed pipe: ") + slurp(dir / "err");
      BOOST_TEST((!end.by_signal && end.code == 1), what);
      BOOST_TEST(slurp(dir / "err") == c.line + (terminal ? "Input/output error\n" : "Broken pipe\n"), what);
      BOOST_TEST(!fs::exists(dir / "scratch"), what);
      if (!c.kept.empty()) BOOST_TEST(is_report(slurp(dir / c.kept)), what);
    }
  }
}

// The replicas die of SIGPIPE as their peers do (GNU dd, sysbench) when the reader of their stdout
// is gone; rb-fsync, whose reader goes after its header, removes its test file first.
BOOST_AUTO_TEST_CASE(the_replicas_die_of_sigpipe_as_their_peers_and_rb_fsync_removes_its_file) {
  const auto dies_of_sigpipe = [](const std::vector<std::string>& args) {
    raidbench::test::temp_dir dir;
    closed_pipe pipe;
    raidbench::test::spawn_setup s;
    s.dir = dir.path();
    s.out = pipe.fd();
    raidbench::test::spawned_tool tool(args, s);
    const auto end = tool.wait();
    return end.by_signal && end.code == SIGPIPE;
  };
  BOOST_TEST(dies_of_sigpipe({"/bin/dd", "if=/dev/zero", "count=1", "status=none"}));
  BOOST_TEST(dies_of_sigpipe({RB_DD, "if=/dev/zero", "count=1", "status=none"}));
  const std::vector<std::string> fileio = {"--file-num=1", "--file-total-size=1M", "--file-test-mode=seqwr", "--time=1", "run"};
  std::vector<std::string> sysbench = {"/usr/bin/sysbench", "fileio"}, ours = {RB_FILEIO};
  sysbench.insert(sysbench.end(), fileio.begin(), fileio.end());
  ours.insert(ours.end(), fileio.begin(), fileio.end());
  BOOST_TEST(dies_of_sigpipe(sysbench));
  BOOST_TEST(dies_of_sigpipe(ours));

  // rb-fsync: the reader takes the two lines of the header, then goes.
  raidbench::test::temp_dir dir;
  int ends[2];
  BOOST_TEST_REQUIRE(::pipe2(ends, O_CLOEXEC) == 0);
  raidbench::test::spawn_setup s;
  s.dir = dir.path();
  s.out = ends[1];
  raidbench::test::spawned_tool tool({RB_FSYNC, "-s", "1", "-f", "f"}, s);
  ::close(ends[1]);
  std::string header;
  char c;
  while (std::count(header.begin(), header.end(), '\n') < 2 && ::read(ends[0], &c, 1) == 1) header += c;
  ::close(ends[0]);
  const auto end = tool.wait();
  BOOST_TEST(header.find(" per test\n") != std::string::npos, header);
  BOOST_TEST((end.by_signal && end.code == SIGPIPE));
  BOOST_TEST(!fs::exists(dir / "f"));
}

BOOST_AUTO_TEST_SUITE_END()
