// Bad options, sizes and modes: one line on stderr, exit 1, and no file touched.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "peer.hpp"

using raidbench::test::run_in;

namespace {
std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }
}  // namespace

BOOST_AUTO_TEST_SUITE(bad_input_test)

BOOST_AUTO_TEST_CASE(bad_options_say_why_in_one_line_and_touch_nothing) {
  raidbench::test::temp_dir dir;
  std::ofstream(dir / "test_file.0") << "someone's data";
  const std::pair<const char*, const char*> cases[] = {
      {"--file-test-mode=rndrw --file-num=0 run", "--file-num must be at least 1"},
      {"--file-test-mode=rndrx run", "invalid --file-test-mode 'rndrx'"},
      {"run", "missing required option --file-test-mode"},
      {"--file-test-mode=seqwr --file-total-size=12Q run", "invalid size '12Q'"},
      {"--file-test-mode=seqwr --file-io-mode=aio run", "invalid --file-io-mode 'aio'"},
      {"--file-test-mode=seqwr --file-extra-flags=direct,fast run", "invalid --file-extra-flags 'fast'"},
      {"--file-test-mode=seqwr --file-extra-flags=direct --file-block-size=1000 run", "multiple of 512"},
      {"--file-test-mode=seqwr --file-extra-flags=direct --file-io-mode=mmap run", "cannot be used with --file-io-mode=mmap"},
      {"--file-test-mode=seqwr --file-total-size=64K --file-num=128 run", "smaller than one request"},
      {"--file-test-mode=seqwr --threads=x run", "invalid value 'x' for --threads"},
      {"--file-test-mode=seqwr --percentile=101 run", "invalid value '101' for --percentile"},
      {"--file-test-mode=seqwr --bogus=1 run", "unknown option '--bogus'"},
      {"--test=cpu run", "only runs the fileio test"},
      {"--file-test-mode=seqwr run cleanup", "two commands"},
      {"--file-test-mode=seqwr", "no command given"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " " + args);
    BOOST_TEST(r.status == 1, args);
    BOOST_TEST(lines(r.out) == 1u, args << ": " << r.out);
    BOOST_TEST(r.out.starts_with("rb-fileio: "), args << ": " << r.out);
    BOOST_TEST(r.out.find(message) != std::string::npos, args << ": " << r.out);
  }
  BOOST_TEST(std::filesystem::file_size(dir / "test_file.0") == 14u);
  BOOST_TEST(!std::filesystem::exists(dir / "test_file.1"));
}

BOOST_AUTO_TEST_CASE(run_without_prepare_says_so) {
  raidbench::test::temp_dir dir;
  const auto r = run_in(dir.path(), std::string(RB_FILEIO) + " --file-num=2 --file-total-size=1M --file-test-mode=rndrd run");
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.find("test_file.0 is missing") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("prepare' first") != std::string::npos, r.out);
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
  BOOST_TEST(r.out == "rb-fileio: cannot read /nonexistent/dump: No such file or directory\n");
  std::ifstream in(dir / "test_file.0");
  BOOST_TEST(std::string(std::istreambuf_iterator<char>(in), {}) == "someone's data");
}

BOOST_AUTO_TEST_SUITE_END()
