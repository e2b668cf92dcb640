// Ctrl-C in each kind of phase: exit 130, the scratch directory gone, the partial report printed.
#include <signal.h>

#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "../support/temp_dir.hpp"
#include "spawn.hpp"

using namespace raidbench::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(interrupt_test)

// `seconds` per timed test: long for the phase to interrupt, short for the timed phases before it.
void interrupt_at(const std::string& phase, const std::string& size, const std::string& seconds) {
  temp_dir dir;
  const fs::path scratch = dir / "scratch";
  bool sent = false;
  const tool_run r = run_tool(RAIDBENCH_TOOL,
                              {"--quick", "--size", size, "--test-seconds", seconds, "--dir", scratch.string(), "--report",
                               (dir / "report.json").string()},
                              [&](pid_t pid, const std::string& line) {
                                if (!sent && line.ends_with("] " + phase)) {
                                  ::usleep(100000);  // inside the run, not before it
                                  ::kill(pid, SIGINT);
                                  sent = true;
                                }
                              });
  BOOST_TEST_REQUIRE(sent, phase);
  BOOST_TEST(r.exit_code == 130, phase << ": " << r.err);
  BOOST_TEST(!fs::exists(scratch), phase);
  BOOST_TEST(r.out.find("INTERRUPTED: partial") != std::string::npos, phase);
  BOOST_TEST(r.out.find("\nverdicts: ") != std::string::npos, phase);
  BOOST_TEST(fs::exists(dir / "report.json"), phase);
}

BOOST_AUTO_TEST_CASE(sigint_in_the_sequential_write) { interrupt_at("seq write 512 MiB", "512M", "20"); }
BOOST_AUTO_TEST_CASE(sigint_in_a_commit_test) { interrupt_at("open_datasync 8 kB", "16M", "20"); }
BOOST_AUTO_TEST_CASE(sigint_in_the_random_test) { interrupt_at("rndrd 16 KiB (2/5)", "16M", "3"); }

BOOST_AUTO_TEST_SUITE_END()
