// raidbench sweep: each matrix on a small file (tables, JSON of every point, the HTML page), on
// tmpfs as on the disk, Ctrl-C keeping the finished points, and rb-compare reading two sweeps.
#include <signal.h>
#include <sys/mount.h>

#include <boost/test/unit_test.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../../examples/tools/suite/sweep_report.hpp"
#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/usage_error.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(sweep_test)

namespace {

tool_run sweep(const fs::path& dir, std::vector<std::string> args) {
  args.insert(args.begin(), "sweep");
  for (const std::string& extra : {std::string("--dir"), (dir / "scratch").string(), "--json=" + (dir / "sweep.json").string(),
                                   std::string("--no-progress")})
    args.push_back(extra);
  return run_tool(RAIDBENCH_TOOL, args);
}

nlohmann::json json_of(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(atto_prints_the_curve_and_writes_json_and_html) {
  temp_dir dir;
  const auto r = sweep(dir.path(), {"atto", "--bs", "4k,64k", "--size", "4M", "--html", (dir / "atto.html").string()});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(contains(r.out, "ATTO-style block-size sweep, sequential on "));
  BOOST_TEST(contains(r.out, "(4 MiB file, O_DIRECT)"));
  BOOST_TEST(contains(r.out, "block size   write MB/s    read MB/s   write IO/s    read IO/s\n"));
  for (const char* size : {"     4 KiB ", "     8 KiB ", "    16 KiB ", "    32 KiB ", "    64 KiB "}) BOOST_TEST(contains(r.out, size), size);
  BOOST_TEST(!fs::exists(dir / "scratch"));
  const auto j = json_of(dir / "sweep.json");
  BOOST_TEST(j["schema"] == "raidbench.sweep");
  BOOST_TEST(j["kind"] == "atto");
  BOOST_TEST(j["points"].size() == 10u);
  BOOST_TEST(j["points"][0]["name"] == "write 4 KiB");
  BOOST_TEST(j["points"][1]["name"] == "read 4 KiB");
  BOOST_TEST(j["points"][1]["queue_depth"] == 4);
  // One pass over the file: every byte of it, read back.
  BOOST_TEST(j["points"][1]["result"]["statistics"]["read"]["bytes"] == 4u << 20);
  BOOST_TEST(j["points"][1]["result"]["workload"]["open_flags"] == "direct");
  BOOST_TEST(j["points"][1]["result"]["workload"]["engine"] == "io_uring");
  const std::string page = raidbench::test::slurp(dir / "atto.html");
  BOOST_TEST(contains(page, "<svg"));
  BOOST_TEST(contains(page, "Sequential throughput by block size"));
  BOOST_TEST(!contains(page, "https://"));
  BOOST_TEST(!contains(page, "<script"));
}

BOOST_AUTO_TEST_CASE(iometer_runs_the_chosen_axes) {
  temp_dir dir;
  const auto r = sweep(dir.path(), {"iometer", "--bs", "4k", "--read-pct", "100,0", "--pattern", "random", "--qd", "1,4", "--seconds",
                                    "0.1", "--warmup", "0.05", "--size", "4M"});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(contains(r.out, "0.05 s warm-up per point not counted"));
  BOOST_TEST(contains(r.out, "access specification                    QD1 MB/s (IO/s)          QD4 MB/s (IO/s)\n"));
  BOOST_TEST(contains(r.out, "\n4 KiB 100 % read random  "));
  BOOST_TEST(contains(r.out, "\n4 KiB 0 % read random  "));
  const auto j = json_of(dir / "sweep.json");
  BOOST_TEST(j["points"].size() == 4u);
  BOOST_TEST(j["points"][3]["name"] == "4 KiB 0 % read random QD4");
  BOOST_TEST(j["points"][3]["result"]["statistics"]["read"]["ops"] == 0);
  BOOST_TEST(j["points"][3]["result"]["workload"]["access"] == "random");
}

BOOST_AUTO_TEST_CASE(cdm_reports_the_best_pass_and_the_median) {
  temp_dir dir;
  const auto r = sweep(dir.path(), {"cdm", "--size", "8M", "--passes", "3", "--seconds", "0.05"});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(contains(r.out, "best of 3 pass(es) of 0.05 s each, as CrystalDiskMark reports; the median pass in parentheses\n"));
  for (const char* row : {"\nSEQ1M Q8T1 ", "\nSEQ1M Q1T1 ", "\nRND4K Q32T1 ", "\nRND4K Q1T1 ", " read: ", " write: "}) BOOST_TEST(contains(r.out, row), row);
  const auto j = json_of(dir / "sweep.json");
  BOOST_TEST(j["points"].size() == 8u);
  for (const auto& p : j["points"]) {
    BOOST_TEST(p["passes"].size() == 3u);
    const auto rate = [&](std::size_t i) {
      const auto& s = p["passes"][i]["statistics"];
      return (s["read"]["bytes"].get<double>() + s["write"]["bytes"].get<double>()) / s["elapsed_ns"].get<double>();
    };
    for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(rate(p["best"].get<std::size_t>()) >= rate(i));
  }
}

BOOST_AUTO_TEST_CASE(on_tmpfs_with_or_without_direct_io) {
  temp_dir dir;
  BOOST_TEST_REQUIRE(::mount("tmpfs", dir.path().c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=32m") == 0,
                     "mount tmpfs: " << std::strerror(errno) << " (the tests run as root)");
  struct unmount {
    fs::path p;
    ~unmount() { ::umount2(p.c_str(), MNT_DETACH); }
  } guard{dir.path()};
  // tmpfs takes O_DIRECT from Linux 6.6: the sweep runs, or says why not in one line and exits 1.
  const auto direct = sweep(dir.path(), {"atto", "--bs", "4k,8k", "--size", "2M"});
  if (direct.exit_code == 1) {
    BOOST_TEST(contains(direct.err, "filesystem refuses O_DIRECT (tmpfs before Linux 6.6 does): run with --buffered"), direct.err);
    BOOST_TEST(std::count(direct.err.begin(), direct.err.end(), '\n') == 1);
  } else {
    BOOST_TEST(direct.exit_code == 0, direct.err);
    BOOST_TEST(contains(direct.out, "(2 MiB file, O_DIRECT)"));
  }
  const auto buffered = sweep(dir.path(), {"atto", "--bs", "4k,8k", "--size", "2M", "--buffered"});
  BOOST_TEST(buffered.exit_code == 0, buffered.err);
  BOOST_TEST(contains(buffered.out, "buffered: without O_DIRECT the page cache may have served these figures"));
  BOOST_TEST((fs::is_empty(dir.path()) || (fs::exists(dir / "sweep.json") && !fs::exists(dir / "scratch"))));
}

// An interrupted ATTO sweep: 8 KiB's read never ran. The grid the table and the page draw from
// holds no cell for it (the table says "-", the page leaves a gap), not a zero.
BOOST_AUTO_TEST_CASE(a_point_that_did_not_run_is_missing_not_zero) {
  rb_suite::sweep_outcome o;
  o.plan = raidbench::atto_plan(4096, 8192, 1 << 20, 1, 0);
  for (const auto& p : o.plan.points) {
    if (p.block_size == 8192 && p.read_percent > 0) continue;
    raidbench::result r;
    r.stats.elapsed_ns = 1'000'000'000;
    o.points.push_back({p, {r}, 0, 0});
  }
  BOOST_TEST_REQUIRE(o.points.size() == 3u);
  const auto g = rb_suite::grid_of(o);
  BOOST_TEST(g.rows == (std::vector<std::string>{"4 KiB", "8 KiB"}));
  BOOST_TEST(g.columns == (std::vector<std::string>{"write", "read"}));
  BOOST_TEST((g.cells.at(0).at(0) && g.cells.at(0).at(1) && g.cells.at(1).at(0)));
  BOOST_TEST(!g.cells.at(1).at(1));
  const std::string table = rb_suite::sweep_table(o);
  const auto row = table.substr(table.find("     8 KiB"));
  BOOST_TEST(row == "     8 KiB          0.0            -          0.0            -\n");
}

BOOST_AUTO_TEST_CASE(ctrl_c_keeps_the_finished_points_and_removes_the_file) {
  temp_dir dir;
  bool sent = false;
  const tool_run r = run_tool(RAIDBENCH_TOOL,
                              {"sweep", "iometer", "--bs", "4k", "--read-pct", "100", "--pattern", "sequential,random", "--qd", "1",
                               "--seconds", "1", "--warmup", "0", "--size", "4M", "--dir", (dir / "scratch").string(),
                               "--json=" + (dir / "sweep.json").string()},
                              [&](pid_t pid, const std::string& line) {
                                // The second point starts: the first is finished.
                                if (!sent && line.ends_with("] 4 KiB 100 % read random QD1")) {
                                  ::usleep(100000);
                                  ::kill(pid, SIGINT);
                                  sent = true;
                                }
                              });
  BOOST_TEST_REQUIRE(sent);
  BOOST_TEST(r.exit_code == 130, r.err);
  BOOST_TEST(contains(r.err, "interrupted: 1 of 2 points finished"), r.err);
  BOOST_TEST(contains(r.out, "INTERRUPTED: 1 of 2 points"));
  BOOST_TEST(!fs::exists(dir / "scratch"));
  const auto j = json_of(dir / "sweep.json");
  BOOST_TEST(j["interrupted"] == true);
  BOOST_TEST(j["points"].size() == 1u);
}

// Usage errors: one line naming the sweep's help, exit status 2, nothing on stdout, nothing made.
BOOST_AUTO_TEST_CASE(usage_errors_are_one_line_and_exit_2) {
  temp_dir dir;
  const std::string sweep = std::string(RAIDBENCH_TOOL) + " sweep ", in = " --dir " + (dir / "scratch").string();
  const auto line = [&](const std::string& args) { return raidbench::test::expect_usage_error(sweep + args + in, "raidbench"); };
  BOOST_TEST(line("") == "raidbench: sweep needs a kind: iometer, atto or cdm (raidbench sweep --help)\n");
  BOOST_TEST(line("bogus") == "raidbench: unknown sweep 'bogus': iometer, atto or cdm (raidbench sweep --help)\n");
  BOOST_TEST(line("atto --json s.json") ==
             "raidbench: unexpected argument 's.json' (--json takes its file attached: --json=s.json) (raidbench sweep --help)\n");
  BOOST_TEST(line("atto --json=") == "raidbench: --json= needs a file name (raidbench sweep --help)\n");
  BOOST_TEST(line("iometer --qd 0x10") == "raidbench: --qd: '0x10' is not a queue depth from 1 to 4096 (raidbench sweep --help)\n");
  BOOST_TEST(line("iometer --read-pct 100,101") ==
             "raidbench: --read-pct: '100,101' has '101', which is not a percentage from 0 to 100 (raidbench sweep --help)\n");
  BOOST_TEST(line("atto --passes 3") == "raidbench: --passes is for the cdm sweep (raidbench sweep --help)\n");
  for (const char* args : {"iometer --seconds 0x10", "iometer --seconds 1e20", "iometer --seconds inf", "iometer --warmup -1",
                           "cdm --passes 101", "atto --size 1k", "atto --bs 4k,3", "iometer --pattern diagonal", "cdm --qd 1",
                           "atto --bs 4k", "iometer --bogus", "atto extra"})
    line(args);
  BOOST_TEST(!fs::exists(dir / "scratch"));
  const auto version = raidbench::test::run_shell(sweep + "--version");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.out.starts_with("raidbench "), version.out);
  const auto help = raidbench::test::run_shell(sweep + "--help");
  BOOST_TEST(help.status == 0);
  BOOST_TEST(help.out.find("  --json ") != std::string::npos, help.out);
  BOOST_TEST(help.out.find("CrystalDiskMark 8's default profile") != std::string::npos, help.out);
}

// "--name=value" and "--name value" give the same sweep; --json alone prints the points on stdout
// instead of the table and writes no file.
BOOST_AUTO_TEST_CASE(spellings_and_json_on_stdout) {
  temp_dir dir;
  const auto separate = sweep(dir.path(), {"atto", "--bs", "4k,8k", "--size", "1M"});
  const auto attached = run_tool(RAIDBENCH_TOOL, {"sweep", "atto", "--bs=4k,8k", "--size=1M", "--dir=" + (dir / "b").string(),
                                                  "--no-progress", "--json"});
  BOOST_TEST_REQUIRE(separate.exit_code == 0, separate.err);
  BOOST_TEST_REQUIRE(attached.exit_code == 0, attached.err);
  BOOST_TEST(contains(separate.out, "block size   write MB/s"));
  const auto a = json_of(dir / "sweep.json"), b = nlohmann::json::parse(attached.out);
  BOOST_TEST_REQUIRE(a["points"].size() == b["points"].size());
  for (std::size_t i = 0; i < a["points"].size(); ++i) {
    BOOST_TEST(a["points"][i]["name"] == b["points"][i]["name"]);
    BOOST_TEST(a["points"][i]["result"]["statistics"]["read"]["bytes"] == b["points"][i]["result"]["statistics"]["read"]["bytes"]);
  }
  BOOST_TEST(!fs::exists("sweep-atto.json"));  // in the test's working directory: no default file with --json alone
}

BOOST_AUTO_TEST_SUITE_END()
