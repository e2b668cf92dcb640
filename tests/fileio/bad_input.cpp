// Bad options, sizes and modes: sysbench's words on sysbench's stream, exit 1, and no file touched.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "../support/slurp.hpp"
#include "peer.hpp"

using raidbench::test::run_in;

BOOST_AUTO_TEST_SUITE(bad_input_test)

// As sysbench 1.0.20 on this machine: its banner, then a "FATAL: …" line on stdout for a value it
// reads but refuses, or one line on stderr for what it cannot read (an option, a value, a command);
// exit status 1; no file touched. rb-fileio's own refusals are FATAL lines as well.
BOOST_AUTO_TEST_CASE(bad_options_say_why_as_sysbench_and_touch_nothing) {
  raidbench::test::temp_dir dir, errors;
  std::ofstream(dir / "test_file.0") << "someone's data";
  struct bad_case {
    const char* args;
    const char* on_stdout;  ///< what the FATAL line after the banner says, or nullptr
    const char* on_stderr;  ///< the line on stderr, or nullptr
  };
  const bad_case cases[] = {
      {"--file-test-mode=rndrw --file-num=0 run", "FATAL: Invalid value for file-num: 0", nullptr},
      {"--file-test-mode=rndrx run", "FATAL: Invalid IO operations mode: rndrx.", nullptr},
      {"run", "FATAL: Missing required argument: --file-test-mode", nullptr},
      {"--file-test-mode=seqwr --file-total-size=12Q run", "Invalid value for file-total-size: 12Q (", nullptr},
      {"--file-test-mode=seqwr --file-block-size=0 run", "FATAL: Invalid value for file-block-size: 0.", nullptr},
      {"--file-test-mode=seqwr --file-io-mode=aio run", "FATAL: unknown I/O mode: aio", nullptr},
      {"--file-test-mode=seqwr --file-extra-flags=direct,fast run", "FATAL: Invalid value for file-extra-flags: direct,fast", nullptr},
      {"--file-test-mode=seqwr --file-fsync-mode=never run", "FATAL: Invalid fsync mode: never.", nullptr},
      {"--file-test-mode=seqwr --file-extra-flags=direct --file-block-size=1000 run", "multiple of 512", nullptr},
      {"--file-test-mode=seqwr --file-extra-flags=direct --file-io-mode=mmap run", "cannot be used with --file-io-mode=mmap", nullptr},
      {"--file-test-mode=seqwr --file-total-size=64K --file-num=128 run", "smaller than one request", nullptr},
      {"--file-test-mode=seqwr --percentile=101 run", "FATAL: Invalid value for --percentile: 101", nullptr},
      {"--file-test-mode=seqwr --rate=100 run", "rb-fileio does not pace its requests", nullptr},
      {"--file-test-mode=seqwr --validate run", "--validate: not supported", nullptr},
      {"--file-test-mode=seqwr --report-checkpoints=10 run", "--report-checkpoints: not supported", nullptr},
      {"--file-test-mode=seqwr --forced-shutdown=soon run", nullptr, "Invalid value for the 'forced_shutdown' option: 'soon'"},
      {"--file-test-mode=seqwr --threads=x run", nullptr, "Invalid value for the 'threads' option: 'x'"},
      {"--file-test-mode=seqwr --file-num=abc run", nullptr, "Invalid value for the 'file_num' option: 'abc'"},
      {"--file-test-mode=seqwr --bogus=1 run", nullptr, "invalid option: --bogus=1"},
      {"--file-test-mode=seqwr --file-fsync-all=maybe run", nullptr, "invalid option: --file-fsync-all=maybe"},
      {"--test=cpu run", "FATAL: --test=cpu: rb-fileio only runs the fileio test", nullptr},
      {"fileio --file-test-mode=seqwr foo", nullptr, "Unknown command: foo"},
      {"--file-test-mode=seqwr foo", "FATAL: Cannot find benchmark 'foo': no such built-in test, file or module", nullptr},
      {"-h", "FATAL: Cannot find benchmark '-h': no such built-in test, file or module", nullptr},
      {"fileio --file-test-mode=seqwr", nullptr, "The 'fileio' test requires a command argument. See 'sysbench fileio help'"},
  };
  const std::string banner = "sysbench 1.0.20 (raidbench rb-fileio 0.1.0)\n\n";
  for (const auto& c : cases) {
    // In braces: the command's stderr goes to a file, the group's (nothing) to run_in's stdout.
    const auto r = run_in(dir.path(), "{ " RB_FILEIO " " + std::string(c.args) + " 2>" + (errors / "stderr").string() + "; }");
    const std::string err = raidbench::test::slurp(errors / "stderr");
    BOOST_TEST_CONTEXT(c.args << "\nstdout: " << r.out << "stderr: " << err) {
      BOOST_TEST(r.status == 1);
      BOOST_TEST(r.out.starts_with(banner));
      if (c.on_stdout) {
        BOOST_TEST(r.out.compare(banner.size(), 7, "FATAL: ") == 0);
        // sysbench's own messages whole; rb-fileio's own refusals by a phrase.
        if (std::string_view(c.on_stdout).starts_with("FATAL: ")) BOOST_TEST(r.out.substr(banner.size()).starts_with(std::string(c.on_stdout) + "\n"));
        else BOOST_TEST(r.out.find(c.on_stdout, banner.size()) != std::string::npos);
        BOOST_TEST(err.empty());
      } else {
        BOOST_TEST(r.out == banner);
        BOOST_TEST(err == std::string(c.on_stderr) + "\n");
      }
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
  BOOST_TEST(context.out.starts_with("context of .\n  kernel: "), context.out);
  BOOST_TEST(context.out.find("\ncontroller: not read (--no-controller)\n\nsysbench 1.0.20 (raidbench rb-fileio 0.1.0)") != std::string::npos, context.out);
}

BOOST_AUTO_TEST_CASE(a_bad_controller_dump_stops_the_run_before_any_file_is_touched) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "test_file.0") << "someone's data";
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-test-mode=seqwr --json --controller-file=/nonexistent/dump run");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out == "rb-fileio: cannot read /nonexistent/dump: No such file or directory\n");  // --json: stderr
  std::ifstream in(dir / "test_file.0");
  BOOST_TEST(std::string(std::istreambuf_iterator<char>(in), {}) == "someone's data");
}

BOOST_AUTO_TEST_SUITE_END()
