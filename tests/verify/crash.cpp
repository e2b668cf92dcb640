// --verify-only after a crash: a run killed with SIGKILL in the middle of its writes left every
// acknowledged write in place on an honest filesystem; on one that acknowledges flushes it does not
// keep (raidbench_lying_fs, its daemon killed as the power cut), the acknowledged writes are lost.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include <nlohmann/json.hpp>

#include "../support/lying_fs.hpp"
#include "../support/run_shell.hpp"
#include "../support/temp_dir.hpp"
#include "raidbench/verify/journal.hpp"

BOOST_AUTO_TEST_SUITE(crash_test)

using raidbench::test::quoted;
using raidbench::test::run_shell;
using raidbench::test::temp_dir;

nlohmann::json verify_only(const std::filesystem::path& dir, const std::string& extra, int& status) {
  const auto r = run_shell(std::string(RB_RUN) + " --dir " + quoted(dir.string()) + " --verify-only --json " + extra);
  status = r.status;
  return nlohmann::json::parse(r.out).at("verification");
}

BOOST_AUTO_TEST_CASE(acknowledged_writes_survive_a_killed_run) {
  temp_dir dir;
  const auto d = dir / "d", out = dir / "out";
  // Flushes every 4 writes, each acknowledged in the journal; the run would last 30 s.
  const std::string command = "exec " + std::string(RB_RUN) + " --dir " + quoted(d.string()) +
                              " --size 4M --verify --rw randwrite --fsync 4 --time 30 > " + quoted(out.string());
  pid_t pid;
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  BOOST_TEST_REQUIRE(::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) == 0);
  // Killed once the prepared blocks are down (the file at its full size) and the random writes have
  // run a little.
  const auto prepared = [&] {
    std::error_code ec;
    return std::filesystem::file_size(d / "rb-run.0", ec) == 4u << 20;
  };
  for (int i = 0; i < 1000 && !prepared(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGKILL);  // sh exec'd rb-run: this is rb-run
  int status;
  ::waitpid(pid, &status, 0);
  BOOST_TEST_REQUIRE(WIFSIGNALED(status));
  // The journal holds random writes acknowledged after the preparation (generation 2 and on).
  auto record = raidbench::verify::journal::open(d / "rb-run.journal");
  BOOST_TEST_REQUIRE(record.has_value(), (record ? std::string() : record.message()));
  std::uint64_t rewritten = 0;
  for (std::uint64_t b = 0; b < 1024; ++b) rewritten += record->acknowledged(b) >= 2;
  BOOST_TEST(rewritten > 0u);
  int rc;
  const auto v = verify_only(d, "", rc);
  BOOST_TEST(rc == 0, v.dump());
  BOOST_TEST(v.at("errors").at("total").get<int>() == 0);
  BOOST_TEST(v.at("pass").at("blocks").get<int>() == 1024);  // every block acknowledged at least once (prepared)
}

BOOST_AUTO_TEST_CASE(a_filesystem_that_drops_acknowledged_writes_is_caught) {
  temp_dir dir;
  raidbench::test::lying_fs fs(LYING_FS, dir / "mnt", dir / "metadata");
  const std::string journal = " --journal " + quoted((dir / "journal").string());  // on an honest filesystem
  // A run finished: its final pass passes while the daemon holds the data.
  const auto run = run_shell(std::string(RB_RUN) + " --dir " + quoted(fs.path().string()) + journal +
                             " --size 1M --verify --keep --rw randwrite --fsync 1 --ops 300 --time 0");
  BOOST_TEST_REQUIRE(run.status == 0, run.out + run.err);
  BOOST_TEST(run.out.find("verify: no errors\n") != std::string::npos);
  // A second run of the lineage, killed in the middle of its flushed writes; then the power cut.
  const std::string command = "exec " + std::string(RB_RUN) + " --dir " + quoted(fs.path().string()) + journal +
                              " --size 1M --verify --keep --rw randwrite --fsync 1 --time 30 > /dev/null";
  pid_t pid;
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  BOOST_TEST_REQUIRE(::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) == 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ::kill(pid, SIGKILL);
  int status;
  ::waitpid(pid, &status, 0);
  BOOST_TEST_REQUIRE(WIFSIGNALED(status));
  fs.power_cut();
  fs.mount();  // the names and sizes came back, the data did not
  auto record = raidbench::verify::journal::open(dir / "journal");
  BOOST_TEST_REQUIRE(record.has_value(), (record ? std::string() : record.message()));
  std::uint64_t acknowledged = 0;
  for (std::uint64_t b = 0; b < 256; ++b) acknowledged += record->acknowledged(b) != 0;
  BOOST_TEST(acknowledged == 256u);  // every block: the first run's final pass acknowledged them all
  int rc;
  auto v = verify_only(fs.path(), journal, rc);
  BOOST_TEST(rc == 3);
  BOOST_TEST(v.at("errors").at("lost").get<int>() == 256, v.dump());
  BOOST_TEST(v.at("errors").at("messages")[0].get<std::string>().find("expected generation") != std::string::npos);
  BOOST_TEST(v.at("errors").at("messages")[0].get<std::string>().ends_with("found zeros (never written)"));

  // Without the names either (a new, empty filesystem): the file and its blocks are lost.
  fs.power_cut();
  std::filesystem::remove(dir / "metadata");
  fs.mount();
  v = verify_only(fs.path(), journal, rc);
  BOOST_TEST(rc == 3);
  BOOST_TEST(v.at("errors").at("lost").get<int>() == 256);
  BOOST_TEST(v.at("errors").at("messages")[0].get<std::string>().ends_with(
      "rb-run.0 is missing: 256 block(s) written by the run are gone with it"));
}

BOOST_AUTO_TEST_SUITE_END()
