// Out-of-range values for every numeric option of every tool: each is refused with a line saying why
// before anything is written; never a crash, a hang or a signal of the tool's own making. raidbench's
// own tools call it a usage error: one line on stderr, nothing on stdout, exit status 2; the replicas
// say it as their peers do (rb-fileio as sysbench's FATAL line on stdout) with exit status 1.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "../fsync/shell.hpp"
#include "../support/temp_dir.hpp"
#include "../support/usage_error.hpp"

BOOST_AUTO_TEST_SUITE(bad_values_test)

namespace {

const std::string run = RB_RUN, fileio = RB_FILEIO, fsync = RB_FSYNC, dd = RB_DD, suite = RAIDBENCH_TOOL, ctrl = RB_CTRL;

// raidbench's own tools: a usage error, exit status 2 (session/command_line.hpp).
const std::vector<std::string> usage_errors = {
    run + " --bs 0", run + " --bs -1", run + " --bs 99999999999999999999999", run + " --bs 1E --size 2E",
    run + " --size 0", run + " --size 1E", run + " --files 0", run + " --files 4294967296",
    run + " --files 100000000 --size 1M --bs 1", run + " --threads 0", run + " --threads 4294967296", run + " --threads 100000",
    run + " --time -1", run + " --time nan", run + " --time 1e400", run + " --time 1e20", run + " --time 0x10", run + " --time inf",
    run + " --ramp 0x10", run + " --ops -5 --time 0",
    run + " --iodepth 0 --engine io_uring", run + " --iodepth 100000 --engine io_uring", run + " --rwmixread 101",
    run + " --rwmixread -1", run + " --fsync -1", run + " --fdatasync 1E", run + " --seed -1", run + " --max-rounds 4",
    run + " --journal-batch 0", run + " --engine io_uring --iodepth 4096 --bs 1G --size 2G",
    suite + " --size 0 --dir s", suite + " --size 1E --dir s", suite + " --test-seconds -1 --dir s",
    suite + " --test-seconds 0 --dir s", suite + " --test-seconds 1e400 --dir s", suite + " --test-seconds 0x10 --dir s",
    suite + " --repeat 0 --dir s", suite + " --repeat 1000 --dir s", suite + " --max-rounds 1001 --dir s", suite + " --ramp -1 --dir s",
    suite + " sweep iometer --seconds 0x10 --dir s", suite + " sweep iometer --qd 100000 --dir s",
    suite + " sweep cdm --passes 0 --dir s", suite + " sweep atto --size 1E --dir s", suite + " sweep iometer --bs 1E --dir s",
};

const std::vector<std::string> refused = {
    fileio + " --file-num=0 prepare", fileio + " --file-num=-1 prepare", fileio + " --file-block-size=0 prepare",
    fileio + " --file-block-size=1E --file-total-size=2E prepare", fileio + " --file-total-size=-1 prepare",
    fileio + " --file-num=4294967295 --file-total-size=1E prepare", fileio + " --threads=0 --file-test-mode=seqwr run",
    fileio + " --threads=100000 --file-test-mode=seqwr run", fileio + " --time=-1 --file-test-mode=seqwr run",
    fileio + " --file-fsync-freq=-1 --file-test-mode=seqwr run", fileio + " --file-rw-ratio=-1 --file-test-mode=rndrw run",
    fileio + " --file-async-backlog=0 --file-io-mode=async --file-test-mode=seqwr run",
    fileio + " --file-async-backlog=100000 --file-io-mode=async --file-test-mode=seqwr run",
    fileio + " --percentile=101 --file-test-mode=seqwr run", fileio + " --report-interval=-1 --file-test-mode=seqwr run",
    fsync + " -s 0", fsync + " -s -1", fsync + " -s 99999999999", fsync + " --block-size=0", fsync + " --block-size=1E",
    dd + " if=/dev/zero of=out bs=0", dd + " if=/dev/zero of=out count=-1", dd + " if=/dev/zero of=out bs=1E count=1",
    dd + " if=/dev/zero of=out ibs=1 obs=1E count=1", dd + " if=/dev/zero of=out seek=1E count=1",
    dd + " if=/dev/zero of= count=1", dd + " if= of=out count=1", dd + " if=/dev/zero of=out bs=16E",
    ctrl + " --timeout -1", ctrl + " --timeout 0", ctrl + " --timeout 1e400",
    // Outputs that cannot be written are found before the run, not after it.
    suite + " --quick --dir s --report /nonexistent/report.json", dd + " if=/dev/zero of=out count=1 --json=/nonexistent/dd.json",
};

}  // namespace

BOOST_AUTO_TEST_CASE(raidbenchs_own_tools_call_out_of_range_values_usage_errors) {
  for (const auto& command : usage_errors) {
    raidbench::test::temp_dir dir;
    const std::string program = std::filesystem::path(command.substr(0, command.find(' '))).filename();
    raidbench::test::expect_usage_error("cd '" + dir.path().string() + "' && timeout 20 " + command + " </dev/null", program);
    BOOST_TEST(std::filesystem::is_empty(dir.path()), command);
  }
}

BOOST_AUTO_TEST_CASE(every_tool_refuses_out_of_range_values_in_one_line) {
  for (const auto& command : refused) {
    raidbench::test::temp_dir dir;
    // stdout and stderr: rb-fileio says FATAL on stdout after its banner, as sysbench does; a hang
    // ends at 20 s (status 124 fails the test).
    const auto r = raidbench::test::run_one("cd '" + dir.path().string() + "' && timeout 20 " + command + " </dev/null 2>&1");
    // A usage error of raidbench's own tools (the shared command line) is exit status 2; the
    // replicas keep their peers' 1.
    const bool own_tool = command.starts_with(ctrl + " ");
    BOOST_TEST(r.status == (own_tool ? 2 : 1), command << ": status " << r.status << ": " << r.output);
    const auto lines = raidbench::test::lines_of(r.output);
    const bool says_why = std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find(": ") != std::string::npos; });
    BOOST_TEST(says_why, command << ": " << r.output);
    BOOST_TEST(r.output.find("runtime error") == std::string::npos, command << ": " << r.output);
    // (ASan's "WARNING: … failed to allocate" for a refused 1 EiB buffer is the refusal at work.)
    BOOST_TEST(r.output.find("ERROR: AddressSanitizer") == std::string::npos, command << ": " << r.output);
    BOOST_TEST(r.output.find("terminate called") == std::string::npos, command);
    // Nothing written, or only dd's output file, which dd opens before it checks (as GNU dd does).
    for (const auto& e : std::filesystem::directory_iterator(dir.path()))
      BOOST_TEST((e.path().filename() == "out" && std::filesystem::file_size(e.path()) == 0), command << ": " << e.path());
  }
}

// GNU dd's words for a buffer the system will not give, from rb-dd's own check before the copy
// (a compiler may drop an allocation that is only freed: the check must survive -O2).
BOOST_AUTO_TEST_CASE(rb_dd_says_which_buffer_exhausted_memory_as_gnu_dd) {
  raidbench::test::temp_dir dir;
  for (const char* operands : {"bs=1E count=1", "ibs=1 obs=1E count=1"}) {
    const std::string in = "cd '" + dir.path().string() + "' && ";
    const auto ours = raidbench::test::run_one(in + dd + " if=/dev/zero of=out " + operands + " 2>&1");
    const auto gnu = raidbench::test::run_one(in + "dd if=/dev/zero of=out " + operands + " 2>&1");
    BOOST_TEST(ours.status == gnu.status, operands);
    // The line after the program's name (ASan may add a warning of its own about the allocation).
    const auto message = [](const std::string& output) {
      const auto at = output.find(": memory exhausted by ");
      return at == std::string::npos ? output : output.substr(at, output.find('\n', at) - at);
    };
    BOOST_TEST(message(ours.output) == message(gnu.output), operands << ": " << ours.output);
    BOOST_TEST(message(gnu.output).starts_with(": memory exhausted by "), gnu.output);
  }
}

BOOST_AUTO_TEST_SUITE_END()
