// Bad options, sizes and modes: sysbench's words on sysbench's stream, exit 1, and no file touched.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "../support/context_first.hpp"
#include "../support/slurp.hpp"
#include "peer.hpp"

using raidbench::test::run_in;

BOOST_AUTO_TEST_SUITE(bad_input_test)

// As sysbench 1.0.20 on this machine, compared case by case: the same stdout and stderr (the banner's
// parentheses aside: sysbench refuses its general options before its banner, the test's after it,
// a value it cannot read on stderr, one it refuses in a FATAL line on stdout), the same exit
// status, and no file touched.
BOOST_AUTO_TEST_CASE(bad_options_say_why_as_sysbench_and_touch_nothing) {
  raidbench::test::temp_dir dir, peer_dir, errors;
  std::ofstream(dir / "test_file.0") << "someone's data";
  std::ofstream(peer_dir / "test_file.0") << "someone's data";
  const char* same_as_sysbench[] = {
      "--file-test-mode=rndrw --file-num=0 run", "--file-test-mode=rndrx run", "run",
      "--file-test-mode=seqwr --file-block-size=0 run", "--file-test-mode=seqwr --file-fsync-mode=never run",
      "--file-test-mode=seqwr --percentile=101 run", "--file-test-mode=seqwr --percentile=x run",
      "--file-test-mode=seqwr --forced-shutdown=soon run", "--file-test-mode=seqwr --threads=x run",
      "--file-test-mode=seqwr --threads=0 run", "--file-test-mode=seqwr --thread-stack-size=x run",
      "--file-test-mode=seqwr --events=x run", "--file-test-mode=seqwr --time=x run", "--file-test-mode=seqwr --rate=x run",
      "--file-test-mode=seqwr --report-interval=x run", "--file-test-mode=seqwr --report-checkpoints=1,x run",
      "--file-test-mode=seqwr --verbosity=9 run", "--file-test-mode=seqwr --rand-type=foo run",
      "--file-test-mode=seqwr --rand-seed=x run", "--file-test-mode=seqwr --max-time=x run",
      "--file-test-mode=seqwr --file-num=abc run", "--file-test-mode=seqwr --bogus=1 run",
      "--file-test-mode=seqwr --file-fsync-all=maybe run", "--threads=x --file-num=y run", "--threads=x help",
      "fileio --file-test-mode=seqwr foo", "--file-test-mode=seqwr foo", "-h", "fileio --file-test-mode=seqwr"};
  const auto banner_free = [](std::string out) {
    for (const char* b : {"sysbench 1.0.20 (raidbench rb-fileio 0.1.0)", "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)"})
      if (out.starts_with(b)) out.replace(0, std::string_view(b).size(), "sysbench 1.0.20 (…)");
    return out;
  };
  for (const char* args : same_as_sysbench) {
    const auto peer = run_in(peer_dir.path(), "{ sysbench fileio " + std::string(args) + " 2>" + (errors / "peer").string() + "; }");
    const auto ours = run_in(dir.path(), "{ " RB_FILEIO " fileio " + std::string(args) + " 2>" + (errors / "ours").string() + "; }");
    BOOST_TEST_CONTEXT(args) {
      BOOST_TEST(banner_free(ours.out) == banner_free(peer.out));
      BOOST_TEST(raidbench::test::slurp(errors / "ours") == raidbench::test::slurp(errors / "peer"));
      BOOST_TEST(ours.status == peer.status);
      BOOST_TEST(ours.status == 1);
    }
  }
  // What rb-fileio cannot do is refused by name, where sysbench would run.
  const std::string banner = "sysbench 1.0.20 (raidbench rb-fileio 0.1.0)\n\n";
  for (const auto& [args, phrase] : {std::pair{"--file-test-mode=seqwr --rate=100 --format=sysbench-0.4 run", "--rate: not in sysbench 0.4.12's layout"},
                                     std::pair{"--file-test-mode=seqwr --debug=on --format=sysbench-0.4 run", "--debug: not in sysbench 0.4.12's layout"},
                                     std::pair{"--test=cpu run", "FATAL: --test=cpu: rb-fileio only runs the fileio test"}}) {
    const auto r = run_in(dir.path(), "{ " RB_FILEIO " " + std::string(args) + " 2>" + (errors / "ours").string() + "; }");
    BOOST_TEST_CONTEXT(args) {
      BOOST_TEST(r.status == 1);
      BOOST_TEST(r.out.starts_with(banner + "FATAL: "));
      BOOST_TEST(r.out.find(phrase) != std::string::npos, r.out);
    }
  }
  // The missing test mode is followed by sysbench's list of fileio options.
  const auto missing = run_in(dir.path(), RB_FILEIO " run");
  BOOST_TEST(missing.out.find("FATAL: Missing required argument: --file-test-mode\n\nfileio options:\n  --file-num=N  ") !=
             std::string::npos, missing.out);
  BOOST_TEST(std::filesystem::file_size(dir / "test_file.0") == 14u);
  BOOST_TEST(!std::filesystem::exists(dir / "test_file.1"));

  // Invoked as sysbench, the command alone is no test name: `sysbench run` fails as sysbench's does.
  std::filesystem::create_symlink(RB_FILEIO, errors / "sysbench");
  const auto as_sysbench = run_in(dir.path(), (errors / "sysbench").string() + " run");
  BOOST_TEST(as_sysbench.status == 1);
  BOOST_TEST(as_sysbench.out == banner + "FATAL: Cannot find benchmark 'run': no such built-in test, file or module\n");
}

BOOST_AUTO_TEST_CASE(run_without_prepare_says_so_as_sysbench) {
  raidbench::test::temp_dir dir;
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-num=2 --file-total-size=1M --file-test-mode=rndrd run 2>&1");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.find("Doing random read test\nFATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)\n"
                        "WARNING: Did you forget to run the prepare step?\n") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("Threads started!") == std::string::npos, r.out);
  BOOST_TEST(std::filesystem::is_empty(dir.path()));
}

BOOST_AUTO_TEST_CASE(prepare_refuses_a_set_larger_than_the_free_space) {
  raidbench::test::temp_dir dir;
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-num=4 --file-total-size=1024T prepare");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.find("prepare needs 1 PiB more in") != std::string::npos, r.out);
  BOOST_TEST(std::filesystem::is_empty(dir.path()));
}

BOOST_AUTO_TEST_CASE(cleanup_removes_only_the_files_sysbench_names) {
  raidbench::test::temp_dir dir;
  for (const char* name : {"test_file.0", "test_file.1", "test_file.2", "test_file.x", "notes.txt"}) std::ofstream(dir / name) << "x";
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-num=2 cleanup");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(!std::filesystem::exists(dir / "test_file.0"));
  BOOST_TEST(!std::filesystem::exists(dir / "test_file.1"));
  BOOST_TEST(std::filesystem::exists(dir / "test_file.2"));  // beyond --file-num
  BOOST_TEST(std::filesystem::exists(dir / "test_file.x"));
  BOOST_TEST(std::filesystem::exists(dir / "notes.txt"));
}

BOOST_AUTO_TEST_CASE(old_spellings_and_json) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=1M --file-num=2";
  BOOST_TEST_REQUIRE(run_in(dir.path(), std::string(RB_FILEIO) + size + " prepare").status == 0);
  const auto old = run_in(dir.path(), std::string(RB_FILEIO) + size +
                                          " --test=fileio --file-test-mode=rndrw --init-rng=on --max-time=0"
                                          " --max-requests=500 --num-threads=2 --format=sysbench-0.4 run");
  BOOST_TEST(old.status == 0, old.out);
  BOOST_TEST(old.out.find("Number of threads: 2\n") != std::string::npos, old.out);
  BOOST_TEST(old.out.find("Requests/sec executed") != std::string::npos, old.out);
  const std::string dump = std::string(RAIDBENCH_FIXTURES_DIR) + "/seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt";
  const auto json = run_in(dir.path(), std::string(RB_FILEIO) + size +
                                           " --file-test-mode=rndrw --events=400 --time=0 --json --controller-file=" + dump + " run");
  BOOST_TEST(json.status == 0, json.out);
  for (const char* key : {"\"read\"", "\"write\"", "\"flush\"", "\"percentiles_ns\"", "\"page_cache_may_serve_reads\""})
    BOOST_TEST(json.out.find(key) != std::string::npos, key);
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j.at("context").at("path") == ".");
  BOOST_TEST(!j.at("context").at("filesystem").at("type").is_null());
  BOOST_TEST(j.at("controller").at("inventory").at("source") == "megacli");

  const auto context = run_in(dir.path(), std::string(RB_FILEIO) + size +
                                              " --file-test-mode=rndrd --events=10 --time=0 --context --no-controller run");
  BOOST_TEST(context.status == 0, context.out);
  raidbench::test::expect_context_first(context.out, ".", "sysbench 1.0.20 (raidbench rb-fileio 0.1.0)");
}

BOOST_AUTO_TEST_CASE(a_bad_controller_dump_stops_the_run_before_any_file_is_touched) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "test_file.0") << "someone's data";
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-test-mode=seqwr --json --controller-file=/nonexistent/dump run");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "rb-fileio: cannot read /nonexistent/dump: No such file or directory\n");  // --json: stderr
  BOOST_TEST(raidbench::test::slurp(dir / "test_file.0") == "someone's data");
}

BOOST_AUTO_TEST_SUITE_END()
