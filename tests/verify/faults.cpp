// rb-run --verify and --verify-only on real files: clean runs find nothing in every engine and mode,
// faults written into finished files through the kernel (pwrite, truncate) are each found and
// classified, and what verification cannot judge — files no verified run wrote, a journal of another
// run, a file another tool overwrote — is one line, never a false "lost".
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"

BOOST_AUTO_TEST_SUITE(faults_test)

using raidbench::test::quoted;
using raidbench::test::run_shell;
using raidbench::test::temp_dir;

raidbench::test::tool_result rb_run(const std::filesystem::path& dir, const std::string& args) {
  return run_shell(std::string(RB_RUN) + " --dir " + quoted(dir.string()) + " " + args);
}

std::vector<char> read_at(const std::filesystem::path& f, std::size_t n, off_t offset) {
  std::vector<char> out(n);
  const int fd = ::open(f.c_str(), O_RDONLY);
  BOOST_TEST_REQUIRE(::pread(fd, out.data(), n, offset) == static_cast<ssize_t>(n));
  ::close(fd);
  return out;
}

void write_at(const std::filesystem::path& f, const std::vector<char>& data, off_t offset) {
  const int fd = ::open(f.c_str(), O_WRONLY);
  BOOST_TEST_REQUIRE(::pwrite(fd, data.data(), data.size(), offset) == static_cast<ssize_t>(data.size()));
  BOOST_TEST_REQUIRE(::fsync(fd) == 0);
  ::close(fd);
}

nlohmann::json errors_of(const raidbench::test::tool_result& r) {
  return nlohmann::json::parse(r.out).at("verification").at("errors");
}

// Random reads and writes with flushes, then the final pass: no error, and nothing left behind. In
// the build directory (not tmpfs), so O_DIRECT works.
BOOST_AUTO_TEST_CASE(clean_runs_find_nothing_in_every_engine) {
  for (const char* mode : {"--engine psync", "--engine io_uring --iodepth 8", "--engine mmap", "--engine psync --direct",
                           "--engine io_uring --iodepth 8 --direct", "--engine psync --threads 3 --dsync"}) {
    temp_dir parent(VERIFY_SCRATCH);
    const auto dir = parent / "d";
    const auto r = rb_run(dir, std::string(mode) + " --size 2M --files 2 --verify --rw randrw --ops 1500 --time 0 --fsync 16");
    BOOST_TEST_CONTEXT(mode) {
      BOOST_TEST(r.status == 0, r.out + r.err);
      BOOST_TEST(r.out.find("verify: no errors\n") != std::string::npos, r.out);
      BOOST_TEST(r.out.find("verify: final pass re-read 512 blocks (2 MiB)") != std::string::npos, r.out);
      BOOST_TEST(!std::filesystem::exists(dir), "the files and the journal are removed after a clean pass");
    }
  }
}

// One lineage: written (generation 1), then rewritten (2); then, through the kernel, an older copy,
// a copy of another block, half an older copy, a flipped bit and a truncation.
BOOST_AUTO_TEST_CASE(each_fault_in_a_finished_file_is_found_and_classified) {
  temp_dir dir;
  const auto d = dir / "d";
  const std::string set = " --size 2M --files 2 --verify --keep --time 0 --ops 512";
  BOOST_TEST_REQUIRE(rb_run(d, "--rw write" + set).status == 0);
  const auto f0 = d / "rb-run.0", f1 = d / "rb-run.1";
  const auto block10_first = read_at(f0, 4096, 10 * 4096), block13_first = read_at(f0, 4096, 13 * 4096);
  const auto again = rb_run(d, "--rw rewrite" + set);  // goes on from the journal: checked, then rewritten
  BOOST_TEST_REQUIRE(again.status == 0, again.out + again.err);
  BOOST_TEST(again.out.find("verify: no errors\n") != std::string::npos, again.out);

  write_at(f0, block10_first, 10 * 4096);                 // lost: generation 1 where 2 was acknowledged
  write_at(f0, read_at(f0, 4096, 12 * 4096), 11 * 4096);  // misplaced: block 12's data at block 11
  write_at(f0, std::vector<char>(block13_first.begin(), block13_first.begin() + 2048), 13 * 4096);  // torn
  auto flipped = read_at(f0, 1, 14 * 4096 + 700);
  flipped[0] ^= 0x04;
  write_at(f0, flipped, 14 * 4096 + 700);  // corrupted
  BOOST_TEST_REQUIRE(::truncate(f1.c_str(), 512 * 1024) == 0);  // 128 blocks gone

  const auto text = rb_run(d, "--verify-only");
  BOOST_TEST(text.status == 3);
  for (const std::string& line :
       {std::string("verify: 132 error(s): 129 lost, 1 misplaced, 1 torn, 1 corrupted\n"),
        "  lost: " + f0.string() + " offset 40960: expected generation 2, found generation 1\n",
        "  misplaced: " + f0.string() + " offset 45056: expected generation 2, found the block of file 0 at offset 49152\n",
        "  torn: " + f0.string() + " offset 53248: expected generation 2, found sectors of generations 1 to 2\n",
        "  corrupted: " + f0.string() + " offset 57344: expected generation 2, found sector 1 with checksum 0x",
        "  lost: " + f1.string() + " is 524288 bytes long (truncated): 128 written block(s) from offset 524288 on are gone\n"})
    BOOST_TEST(text.out.find(line) != std::string::npos, line << " in\n" << text.out);
  BOOST_TEST(std::filesystem::exists(d / "rb-run.journal"), "kept while a check fails");
  const auto json = errors_of(rb_run(d, "--verify-only --json"));
  BOOST_TEST(json.at("lost").get<int>() == 129);
  BOOST_TEST(json.at("misplaced").get<int>() == 1);
  BOOST_TEST(json.at("torn").get<int>() == 1);
  BOOST_TEST(json.at("corrupted").get<int>() == 1);
}

// What cannot be judged is said in one line: reads of files no verified run wrote, a journal of
// another run over these files, a file another tool overwrote, no journal at all.
BOOST_AUTO_TEST_CASE(what_cannot_be_judged_is_one_line_never_lost) {
  temp_dir dir;
  const auto d = dir / "d";
  BOOST_TEST_REQUIRE(rb_run(d, "--size 1M --keep --rw write --ops 256 --time 0").status == 0);
  const auto unverified = rb_run(d, "--size 1M --verify --rw randread --ops 100 --time 0");
  BOOST_TEST(unverified.status == 1);
  BOOST_TEST(unverified.out.empty());
  BOOST_TEST(unverified.err.find("rb-run: --verify: the files hold data no verified run wrote (there is no journal ") == 0, unverified.err);
  BOOST_TEST(std::count(unverified.err.begin(), unverified.err.end(), '\n') == 1);
  std::filesystem::remove_all(d);

  const std::string write = "--size 1M --verify --keep --rw write --ops 256 --time 0";
  BOOST_TEST_REQUIRE(rb_run(d, write).status == 0);
  std::filesystem::copy_file(d / "rb-run.journal", dir / "first.journal");
  BOOST_TEST_REQUIRE(rb_run(d, "--verify-only").status == 0);  // passes, and ends the lineage
  BOOST_TEST(!std::filesystem::exists(d / "rb-run.journal"));
  BOOST_TEST_REQUIRE(rb_run(d, write).status == 0);  // a second lineage on the same files
  std::filesystem::copy_file(dir / "first.journal", d / "rb-run.journal", std::filesystem::copy_options::overwrite_existing);
  const auto other_run = rb_run(d, "--verify-only --json");
  BOOST_TEST(other_run.status == 3);
  const auto messages = errors_of(other_run).at("messages");
  BOOST_TEST_REQUIRE(messages.size() == 1u, other_run.out);
  BOOST_TEST(messages[0].get<std::string>().find(" holds no block of run ") != std::string::npos);
  BOOST_TEST(messages[0].get<std::string>().find("written by another raidbench run (") != std::string::npos);
  BOOST_TEST(errors_of(other_run).at("lost").get<int>() == 0);

  std::filesystem::remove(d / "rb-run.journal");
  BOOST_TEST_REQUIRE(rb_run(d, write).status == 0);  // files there, no journal: a write pattern lays them down anew
  BOOST_TEST_REQUIRE(run_shell("dd if=/dev/urandom of=" + quoted((d / "rb-run.0").string()) + " bs=64k count=16 conv=notrunc status=none").status == 0);
  const auto overwritten = rb_run(d, "--verify-only --json");
  BOOST_TEST(overwritten.status == 3);
  BOOST_TEST(errors_of(overwritten).at("messages")[0].get<std::string>().ends_with("written by another tool; not verified"));
  BOOST_TEST(errors_of(overwritten).at("lost").get<int>() == 0);

  const auto none = rb_run(dir / "empty", "--verify-only");
  BOOST_TEST(none.status == 1);
  BOOST_TEST(none.err == "rb-run: no journal at " + (dir / "empty" / "rb-run.journal").string() +
                             ": nothing records what a verified run wrote there\n");
}

BOOST_AUTO_TEST_SUITE_END()
