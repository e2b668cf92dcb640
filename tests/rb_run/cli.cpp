// Runs the built rb-run as a user would, in a temporary directory.
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/run_shell.hpp"
#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/usage_error.hpp"

namespace fs = std::filesystem;

namespace {
struct outcome {
  int status;
  std::string out;
};
// Runs a shell command (stderr folded into stdout) and collects its output and exit status.
outcome shell(const std::string& command) {
  outcome o{};
  FILE* p = ::popen((command + " 2>&1").c_str(), "r");
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) o.out.append(buf.data(), n);
  const int raw = ::pclose(p);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return o;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(cli_test)

BOOST_AUTO_TEST_CASE(usage_errors_give_one_line_and_exit_2_touching_nothing) {
  raidbench::test::temp_dir dir;
  const std::string scratch = (dir / "scratch").string(), run = std::string(RB_RUN) + " --dir " + scratch + " ";
  for (const std::string args :
       {"--bs 4x", "--rw foo", "--size 1G --bs 3000", "--engine aio", "--iodepth 8", "--threads", "--rwmixread 101", "--time abc",
        "--whatever", "--files 0", "--fsync 1 --fdatasync 1", "--time 0", "--steady --max-rounds 4", "--ramp x", "stray",
        // Numbers are decimal and bounded, whatever the spelling.
        "--time 0x10", "--time=0x10", "--ramp 0x10", "--time 1e20", "--time inf", "--time nan", "--time -1", "--time=",
        "--threads 100000", "--threads 1025", "--iodepth 4097 --engine io_uring", "--files 1000001", "--rwmixread 0x10",
        "--size 2P", "--bs 2G", "--ops 1e3", "--ops 1000000000000001", "--seed 0x10", "--fsync 1000000001", "--max-rounds 10001",
        "--ramp 86401", "--time 604801", "--journal-batch 0", "--verify-errors 1000001", "--verify-payload ones",
        "--verify --verify-only", "--verify --bs 1000 --size 1000", "--engine null --verify", "--rate-iops 0",
        "--rate-iops 10000001", "--rate-iops 1e3", "--rate-process poisson", "--rate-iops 100 --rate-process exponential",
        "--rate-iops 100 --verify",
        // --json takes a file only attached.
        "--json out.json", "--json="}) {
    raidbench::test::expect_usage_error(run + args, "rb-run");
    BOOST_TEST(!fs::exists(scratch), args);
    BOOST_TEST(!fs::exists("out.json"), args);
  }
  // The line itself, for a few of them.
  const std::pair<std::string, std::string> lines[] = {
      {"--time 0x10", "rb-run: --time: '0x10' is not a decimal number from 0 to 604800 (see --help)\n"},
      {"--threads 100000", "rb-run: --threads: '100000' is not a whole number from 1 to 1024 (see --help)\n"},
      {"--json out.json", "rb-run: unexpected argument 'out.json' (--json takes its file attached: --json=out.json) (see --help)\n"},
      {"--json=", "rb-run: --json= needs a file name (see --help)\n"},
      {"--bogus", "rb-run: unknown option '--bogus' (see --help)\n"},
      {"--size", "rb-run: --size needs a value (see --help)\n"},
      {"--fsync 1 --fdatasync 1", "rb-run: --fsync and --fdatasync exclude each other (see --help)\n"},
  };
  for (const auto& [args, expected] : lines) BOOST_TEST(raidbench::test::expect_usage_error(run + args, "rb-run") == expected);
}

BOOST_AUTO_TEST_CASE(version_and_help) {
  const auto version = raidbench::test::run_shell(std::string(RB_RUN) + " --version");
  BOOST_TEST(version.status == 0);
  BOOST_TEST(version.out.starts_with("raidbench "), version.out);
  BOOST_TEST((version.out.find(", ") != std::string::npos && version.out.ends_with(")\n")), version.out);
  const auto help = raidbench::test::run_shell(std::string(RB_RUN) + " --help");
  BOOST_TEST(help.status == 0);
  for (const char* part : {"Usage: rb-run [OPTIONS]", "  --time SECONDS ", "  --json ", "--json=FILE", "Exit status: "})
    BOOST_TEST(help.out.find(part) != std::string::npos, part);
}

// "--name value" and "--name=value" are the same option; --json=FILE writes the JSON into the file
// and the text still goes to standard output.
BOOST_AUTO_TEST_CASE(attached_and_separate_values_give_the_same_run) {
  raidbench::test::temp_dir dir;
  const std::string common = std::string(RB_RUN) + " --no-controller --no-progress ";
  const auto separate = raidbench::test::run_shell(common + "--dir " + (dir / "a").string() +
                                                   " --rw randwrite --bs 8k --size 1M --ops 64 --seed 7 --fdatasync 8 --json");
  const auto attached = raidbench::test::run_shell(common + "--dir=" + (dir / "b").string() +
                                                   " --rw=randwrite --bs=8k --size=1M --ops=64 --seed=7 --fdatasync=8 --json=" +
                                                   (dir / "b.json").string());
  BOOST_TEST_REQUIRE(separate.status == 0, separate.err);
  BOOST_TEST_REQUIRE(attached.status == 0, attached.err);
  BOOST_TEST(attached.out.find("write:         64 ops") != std::string::npos, attached.out);
  auto a = nlohmann::json::parse(separate.out), b = nlohmann::json::parse(raidbench::test::slurp(dir / "b.json"));
  BOOST_TEST(a.at("workload").at("path") == (dir / "a").string());
  BOOST_TEST(b.at("workload").at("path") == (dir / "b").string());
  a["workload"].erase("path"), b["workload"].erase("path");
  BOOST_TEST(a.at("workload") == b.at("workload"));
  for (const char* kind : {"read", "write", "flush"})
    BOOST_TEST(a.at("statistics").at(kind).at("ops") == b.at("statistics").at(kind).at("ops"), kind);
  BOOST_TEST(b.at("statistics").at("write").at("ops") == 64);
  BOOST_TEST(!fs::exists(dir / "a"));
  BOOST_TEST(!fs::exists(dir / "b"));
}

BOOST_AUTO_TEST_CASE(options_reach_the_run_as_values_of_their_kernel) {
  // Options that share a kernel differ in values only (examples/tools/run/dispatch.hpp): each must still
  // do what it says, counted by the runner (70 writes, a flush every 7 of them).
  struct expectation {
    std::string args, access, mix, sync;
    int reads, writes, flushes;
  };
  for (const expectation& e : std::initializer_list<expectation>{
           {"--rw read", "sequential", "read", "none", 70, 0, 0},
           {"--rw write --fsync 7", "sequential", "write", "fsync_every", 0, 70, 10},
           {"--rw rewrite --fdatasync 7 --end-fsync", "sequential", "rewrite", "fdatasync_every", 0, 70, 11},
           {"--rw randwrite --fdatasync 0", "random", "rewrite", "fdatasync_at_end", 0, 70, 1},
           {"--rw write --fsync 0 --engine mmap", "sequential", "write", "fsync_at_end", 0, 70, 1},
           {"--rw randread --engine io_uring --iodepth 4", "random", "read", "none", 70, 0, 0},
           {"--rw rw --rwmixread 100 --fsync 7", "sequential", "read_percent", "fsync_every", 70, 0, 0}}) {
    raidbench::test::temp_dir dir;
    const auto r = shell(std::string(RB_RUN) + " --dir " + (dir / "scratch").string() +
                         " --size 1M --bs 4k --ops 70 --json --no-controller --no-progress " + e.args);
    BOOST_TEST_INFO(e.args);
    BOOST_TEST_REQUIRE(r.status == 0, r.out);
    const auto j = nlohmann::json::parse(r.out);
    const auto& w = j.at("workload");
    BOOST_TEST(w.at("access").get<std::string>() == e.access);
    BOOST_TEST(w.at("mix").get<std::string>() == e.mix);
    BOOST_TEST(w.at("sync").get<std::string>() == e.sync);
    const auto& s = j.at("statistics");
    BOOST_TEST(s.at("read").at("ops").get<int>() == e.reads);
    BOOST_TEST(s.at("write").at("ops").get<int>() == e.writes);
    BOOST_TEST(s.at("flush").at("ops").get<int>() == e.flushes);
  }
}

BOOST_AUTO_TEST_CASE(a_run_prints_json_and_removes_only_what_it_created) {
  raidbench::test::temp_dir dir;
  const auto scratch = dir / "scratch";
  fs::create_directory(scratch);
  { std::FILE* f = std::fopen((scratch / "mine").c_str(), "w"); std::fclose(f); }
  const std::string dump = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt";
  const auto r = shell(std::string(RB_RUN) + " --dir " + scratch.string() +
                       " --size 8M --files 2 --bs 16k --rw randrw --fdatasync 10 --ops 400 --threads 2 --json --no-progress"
                       " --controller-file " + dump);
  BOOST_TEST_REQUIRE(r.status == 0, r.out);
  const auto j = nlohmann::json::parse(r.out);
  // The storage part every tool's JSON has: the build that measured, the controller read, its tie
  // to the disk, the verdicts. The build is --version's.
  const auto version = shell(std::string(RB_RUN) + " --version");
  BOOST_TEST(version.out == "raidbench " + j.at("build").at("version").get<std::string>() + " (" +
                                j.at("build").at("build_type").get<std::string>() + ", " +
                                j.at("build").at("compiler").get<std::string>() + ")\n", version.out);
  BOOST_TEST(j.at("controller").at("inventory").at("source") == "megacli");
  BOOST_TEST(j.at("device_under_test").is_object());
  std::set<std::string> rules;
  for (const auto& v : j.at("verdicts")) rules.insert(v.at("rule").get<std::string>());
  for (const char* rule : {"write_back_without_battery", "page_cache_reads", "flush_faster_than_media"})
    BOOST_TEST(rules.count(rule) == 1u, rule);
  BOOST_TEST(j.at("statistics").at("events").get<int>() == 400);
  BOOST_TEST(j.at("workload").at("files").get<int>() == 2);
  BOOST_TEST(j.at("workload").at("sync").get<std::string>() == "fdatasync_every");
  BOOST_TEST(j.at("context").at("path").get<std::string>() == scratch.string());
  BOOST_TEST(j.at("context").at("filesystem").at("type").is_string());
  BOOST_TEST(fs::exists(scratch / "mine"));
  BOOST_TEST(!fs::exists(scratch / "rb-run.0"));
  BOOST_TEST(!fs::exists(scratch / "rb-run.1"));
}

BOOST_AUTO_TEST_CASE(default_text_report_has_percentiles_and_the_page_cache_note) {
  raidbench::test::temp_dir dir;
  const auto scratch = dir / "new";
  const auto r = shell(std::string(RB_RUN) + " --dir " + scratch.string() + " --size 4M --ops 2000 --engine io_uring --iodepth 4");
  BOOST_TEST_REQUIRE(r.status == 0, r.out);
  BOOST_TEST(r.out.find("latency µs: min") != std::string::npos);
  BOOST_TEST(r.out.find("p99.9") != std::string::npos);
  BOOST_TEST(r.out.find("reads may have been served by the page cache") != std::string::npos);
  BOOST_TEST(!fs::exists(scratch));  // it created the directory, so it removed it
}

// --engine null: nothing is prepared or opened, every request is timed, the threads' CPU time is in
// the JSON and tool_overhead judges it; --rate-iops: both latencies, in the JSON and the text.
BOOST_AUTO_TEST_CASE(the_null_engine_touches_no_file_and_a_paced_run_reports_both_latencies) {
  raidbench::test::temp_dir dir;
  const auto scratch = dir / "new";
  const auto null = shell(std::string(RB_RUN) + " --dir " + scratch.string() +
                          " --engine null --rw randrw --size 1G --ops 100000 --threads 2 --json --no-progress");
  BOOST_TEST_REQUIRE(null.status == 0, null.out);
  const auto j = nlohmann::json::parse(null.out);
  BOOST_TEST(j.at("workload").at("engine") == "null");
  BOOST_TEST(j.at("statistics").at("events").get<int>() == 100000);
  BOOST_TEST(j.at("statistics").at("thread_cpu").size() == 2u);
  BOOST_TEST(j.at("statistics").at("read").at("latency").at("count") == j.at("statistics").at("read").at("ops"));
  std::set<std::string> rules;
  for (const auto& v : j.at("verdicts")) rules.insert(v.at("rule").get<std::string>());
  BOOST_TEST(rules.count("tool_overhead") == 1u);
  BOOST_TEST(!fs::exists(scratch));

  const auto paced = shell(std::string(RB_RUN) + " --dir " + scratch.string() +
                           " --engine null --rw randread --ops 200 --rate-iops 20000 --rate-process poisson --no-progress"
                           " --json=" + (dir / "paced.json").string());
  BOOST_TEST_REQUIRE(paced.status == 0, paced.out);
  BOOST_TEST(paced.out.find("\n       service µs: min") != std::string::npos);
  BOOST_TEST(paced.out.find("\n       response µs: min") != std::string::npos);
  BOOST_TEST(paced.out.find("page cache") == std::string::npos);  // a null engine's reads reached none
  BOOST_TEST(paced.out.find("paced:    20000 requests/s, poisson arrivals; service latency counts from each request's "
                            "submission (as fio's clat and lat") != std::string::npos);
  const auto p = nlohmann::json::parse(raidbench::test::slurp(dir / "paced.json"));
  BOOST_TEST(p.at("workload").at("rate") == 20000);
  BOOST_TEST(p.at("workload").at("rate_process") == "poisson");
  BOOST_TEST(p.at("statistics").at("response_latency").at("read").at("count") == 200);
}

BOOST_AUTO_TEST_CASE(context_header_comes_first) {
  raidbench::test::temp_dir dir;
  const auto scratch = dir / "new";
  const auto r = shell(std::string(RB_RUN) + " --dir " + scratch.string() + " --size 1M --ops 10 --context");
  BOOST_TEST_REQUIRE(r.status == 0, r.out);
  BOOST_TEST(r.out.rfind("context of " + scratch.string() + "\n  kernel:     ", 0) == 0u);
  BOOST_TEST(r.out.find("\n  filesystem: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(kept_files_of_full_size_are_reused_not_rewritten) {
  raidbench::test::temp_dir dir;
  const std::string base = std::string(RB_RUN) + " --dir " + dir.path().string() + " --size 2M --rw randread --ops 100 --keep";
  const auto first = shell(base);
  BOOST_TEST_REQUIRE(first.status == 0, first.out);
  BOOST_TEST(first.out.find("prepared:") != std::string::npos);
  const auto second = shell(base);
  BOOST_TEST_REQUIRE(second.status == 0, second.out);
  BOOST_TEST(second.out.find("prepared:") == std::string::npos);
  BOOST_TEST(fs::file_size(dir / "rb-run.0") == 2u << 20);
}

// --steady: rounds of --ops each (no timing asserted), the verdict on the last five, and the figures
// of those five only; --ramp runs first and is not counted.
BOOST_AUTO_TEST_CASE(steady_runs_rounds_and_reports_the_last_five) {
  raidbench::test::temp_dir dir;
  const auto r = shell(std::string(RB_RUN) + " --dir " + (dir / "s").string() +
                       " --size 4M --rw randread --ops 300 --steady --max-rounds 7 --ramp 0.05 --json --no-progress");
  BOOST_TEST_REQUIRE(r.status == 0, r.out);
  const auto j = nlohmann::json::parse(r.out);
  const auto& st = j.at("steady_state");
  const auto& rounds = st.at("rounds");
  BOOST_TEST(rounds.size() >= 5U);
  BOOST_TEST(rounds.size() <= 7U);
  BOOST_TEST(st.at("window_rounds").get<int>() == 5);
  BOOST_TEST(st.at("window_first_round").get<std::size_t>() == rounds.size() - 4);
  for (const auto& round : rounds) BOOST_TEST(round.at("events").get<int>() == 300);
  // The report is the window: five rounds of 300, not the ramp and not the earlier rounds.
  BOOST_TEST(j.at("statistics").at("events").get<int>() == 1500);
  // Steady exactly when the criteria hold on the reported window, and it stops at the first steady one.
  const bool steady = st.at("steady").get<bool>();
  BOOST_TEST(steady == (st.at("excursion").get<double>() <= 0.20 && std::abs(st.at("slope_change").get<double>()) <= 0.10));
  if (rounds.size() < 7U) BOOST_TEST(steady);
  BOOST_TEST(!fs::exists(dir / "s"));

  const auto text = shell(std::string(RB_RUN) + " --dir " + (dir / "t").string() +
                          " --size 1M --rw randread --ops 50 --steady --max-rounds 5");
  BOOST_TEST_REQUIRE(text.status == 0, text.out);
  BOOST_TEST(text.out.find("round 5: ") != std::string::npos, text.out);
  BOOST_TEST((text.out.find("\nsteady state: rounds 1-5 of 5 within ") != std::string::npos ||
              text.out.find("\nnot at steady state after 5 rounds: ") != std::string::npos), text.out);
}

// Progress on stderr: a line per step when stderr is not a terminal (a bar redrawn in place on one),
// none with --no-progress; stdout holds the result either way.
BOOST_AUTO_TEST_CASE(progress_is_a_line_per_step_on_stderr) {
  raidbench::test::temp_dir dir;
  const std::string run = std::string(RB_RUN) + " --dir " + (dir / "s").string() + " --size 1M --ops 100 --ramp 0.01 --json";
  const auto shown = raidbench::test::run_shell(run);
  BOOST_TEST_REQUIRE(shown.status == 0, shown.err);
  BOOST_TEST(shown.err == "rb-run: [1/3] prepare 1 MiB (not counted)\nrb-run: [2/3] ramp 0.01 s (not counted)\nrb-run: [3/3] randrw 4 KiB\n");
  BOOST_TEST(nlohmann::json::parse(shown.out).at("statistics").at("events") == 100);
  const auto quiet = raidbench::test::run_shell(run + " --no-progress");
  BOOST_TEST_REQUIRE(quiet.status == 0, quiet.err);
  BOOST_TEST(quiet.err.empty(), quiet.err);
}

BOOST_AUTO_TEST_SUITE_END()
