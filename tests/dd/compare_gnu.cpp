// Runs rb-dd and the system's GNU dd with the same operands in twin temporary directories and
// compares what they leave: output files byte for byte, records lines, statistics lines, other
// messages, exit codes. Read errors come from an input with a page that cannot be read.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../support/temp_dir.hpp"
#include "../support/unreadable_page_input.hpp"

namespace fs = std::filesystem;

namespace {

constexpr const char* gnu_dd = "/bin/dd";

struct dd_case {
  const char* command;          ///< a shell command; each DD stands for the dd under test
  const char* setup = "";       ///< run first in the directory (both dd's get the same files)
  const char* error = nullptr;  ///< text both dd's must print on stderr
  std::vector<const char*> outputs = {"out"};
};

// `in` holds 100000 bytes that are not all alike; `slow` writes 3 bytes to its pipe, waits until
// the reader has taken them (FIONREAD is 0), then writes 5 more: the reader's first read returns
// exactly 3 bytes however late it starts (a fixed pause was not enough for a sanitized build under
// load); after 10 s it writes anyway, so a reader that never reads fails instead of hanging.
constexpr const char* common_setup =
    "awk 'BEGIN { for (i = 0; i < 1000; i++) printf \"%099d\\n\", i }' > in; "
    "printf '%s\\n' '#!/usr/bin/python3' 'import fcntl, os, struct, termios, time' 'os.write(1, b\"abc\")' "
    "'for _ in range(2000):' '  if not struct.unpack(\"i\", fcntl.ioctl(1, termios.FIONREAD, bytes(4)))[0]: break' "
    "'  time.sleep(0.005)' "
    "'os.write(1, b\"defgh\")' > slow; chmod +x slow\n";

const std::vector<dd_case> cases = {
    {"DD if=in of=out bs=4096"},
    {"DD if=in of=out"},
    {"DD if=in of=out bs=1000 count=7"},
    {"DD if=in of=out ibs=1 obs=2 count=3"},
    {"DD if=in of=out ibs=1000 obs=300 count=5 conv=sync"},
    {"DD if=in of=out bs=3000 conv=sync"},
    {"DD if=in of=out bs=512 skip=3 seek=2"},
    {"DD if=in of=out bs=1k count=5000 iflag=count_bytes"},
    {"DD if=in of=out bs=1k skip=1500 iflag=skip_bytes count=2"},
    {"DD if=in of=out bs=1k seek=1500 oflag=seek_bytes count=2"},
    {"DD if=in of=out bs=4k count=3 conv=notrunc", "head -c 200000 /dev/zero > out"},
    {"DD if=in of=out bs=4k count=3", "head -c 200000 /dev/zero > out"},
    {"DD if=in of=out bs=1k seek=10 count=1", "head -c 200000 /dev/zero > out"},
    {"./slow | DD of=out bs=4 count=2"},
    {"./slow | DD of=out bs=4 count=2 iflag=fullblock"},
    {"./slow | DD of=out ibs=4 obs=3"},
    {"./slow | DD of=out bs=4 conv=sync"},
    {"./slow | DD bs=2 skip=2 > out"},
    {"DD bs=1k count=3 < in > out"},
    {"DD if=/dev/zero of=out bs=1M count=2"},
    {"DD if=in of=/dev/null bs=64k", "", nullptr, {}},
    {"DD if=in of=out bs=1 count=1"},
    {"DD if=in of=out count=0"},
    {"DD if=/dev/null of=out"},
    {"DD if=in of=out bs=8k conv=fdatasync"},
    {"DD if=in of=out bs=8k count=4 conv=fsync oflag=dsync"},
    {"DD if=/dev/zero of=out bs=2x1k count=1kB iflag=count_bytes"},
    {"DD if=in of=out bs=1b count=3w"},
    {"DD if=in of=out bs=1k count=3 status=noxfer"},
    {"DD if=in of=out bs=1k count=3 status=none"},
    {"DD if=in of=out bs=1M skip=1", "", "cannot skip to specified offset"},
    {"DD iflag=nonblock bs=1 skip=1 of=out <> fifo", "mkfifo fifo", "Resource temporarily unavailable"},
    {"DD iflag=nonblock bs=1 skip=1 conv=noerror of=out <> fifo", "mkfifo fifo", "Resource temporarily unavailable"},
    {"DD if=in of=/dev/full bs=1k count=2", "", "No space left on device", {}},
    {"DD if=missing of=out", "", "failed to open 'missing': No such file or directory"},
    {"DD if=in of=out bs=12q", "", "invalid number"},
    {"DD if=in of=out conv=excl", "touch out", "failed to open 'out': File exists"},
    {"DD if=in of=out conv=nocreat", "", "failed to open 'out': No such file or directory"},
    {"DD if=in of=out bogus", "", "unrecognized operand"},
    // The command line as GNU's getopt reads it: options anywhere, "--" ends them.
    {"DD --bogus if=in of=out", "", "unrecognized option '--bogus'"},
    {"DD if=in -x of=out", "", "invalid option -- 'x'"},
    {"DD -- if=in of=out count=2"},
    {"DD if=in of=out -- bs=7 count=3"},
    // GNU dd 9.1: a 'B' in count=, skip=/iseek=, seek=/oseek= counts bytes.
    {"DD if=in of=out bs=10 count=1KB"},
    {"DD if=in of=out bs=100 iseek=10B count=14B"},
    {"DD if=in of=out bs=100 count=2 oseek=8B conv=notrunc", "head -c 500 /dev/zero > out"},
    // O_DIRECT refuses the last partial block: it is written without O_DIRECT (100000 bytes in 4k).
    {"DD if=in of=out bs=4k iflag=direct oflag=direct"},
    // count=0 still flushes as asked and, with nocache, drops the rest of the file from the cache.
    {"DD if=in of=/dev/null count=0 conv=fsync", "", "fsync failed for '/dev/null': Invalid argument", {}},
    {"DD if=in iflag=nocache count=0", "", nullptr, {}},
    {"DD of=out oflag=nocache conv=notrunc,fdatasync count=0 < /dev/null", "cp in out"},
    {"cat in | DD iflag=nocache count=0", "", "failed to discard cache for: 'standard input': Illegal seek", {}},
    // Two dd's on the same open files: the first leaves the offsets where read and write would.
    {"(DD skip=1 count=1 bs=1 && DD skip=1 bs=1) < five > out", "printf abcde > five"},
    {"(DD bs=1k count=3 && DD bs=1k count=2) < in > out"},
    {"DD if=in of=out bs=4k count=2 iflag=nocache oflag=nocache"},
    // A report that cannot be written to stderr is a failure (none to write is not).
    {"DD if=in of=out count=1 2>/dev/full"},
    {"DD if=in of=out count=1 2>&-"},
    {"DD if=in of=out count=1 status=none 2>&-"},
    // With stderr closed the output file must not become descriptor 2 (the report would land in it).
    {"DD if=in of=out bs=1k count=3 status=progress 2>&-"},
    {"DD if=in of=out bs=1k count=3 0<&- 2>&-"},
    // A flush the output cannot do fails (fdatasync's EINVAL falls back to fsync, which fails too).
    {"DD if=in of=/dev/null bs=8k conv=fdatasync", "", "fsync failed for '/dev/null': Invalid argument", {}},
    {"DD if=in of=/dev/null bs=8k conv=fsync", "", "fsync failed for '/dev/null': Invalid argument", {}},
    // iflag= on standard input: fcntl cannot set O_DIRECTORY, so a file that is no directory fails.
    {"DD iflag=directory count=0 < in", "", "setting flags for 'standard input': Not a directory", {}},
    {"DD iflag=directory count=0 < .", "", nullptr, {}},
};

struct outcome {
  int exit_code = -1;
  std::vector<std::string> records, statistics, other;
  std::string stderr_text;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// GNU dd names itself as called (/bin/dd: …, Try '/bin/dd --help'), rb-dd as rb-dd: both become DD.
std::string without_program_name(std::string line, const std::string& dd) {
  for (const std::string& name : {dd, std::string("rb-dd")})
    for (std::size_t at; (at = line.find(name)) != std::string::npos;) line.replace(at, name.size(), "DD");
  return line;
}

outcome run_in(const fs::path& dir, const dd_case& c, const std::string& dd) {
  std::string command = c.command;
  for (std::size_t at = 0; (at = command.find("DD", at)) != std::string::npos; at += dd.size()) command.replace(at, 2, dd);
  std::ofstream(dir / "case.sh") << common_setup << c.setup << "\n{ " << command << " ; } 2> stderr.txt\n";
  const int status = std::system(fmt::format("cd '{}' && /bin/sh ./case.sh", dir.string()).c_str());
  fs::remove(dir / "case.sh");
  outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.stderr_text = slurp(dir / "stderr.txt");
  fs::remove(dir / "stderr.txt");
  std::istringstream lines(o.stderr_text);
  static const std::regex records(R"(\d+\+\d+ records (in|out))");
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, records)) o.records.push_back(line);
    else if (line.find(" copied, ") != std::string::npos) o.statistics.push_back(line);
    else o.other.push_back(without_program_name(line, dd));
  }
  return o;
}

// The statistics line's shape; its bytes and sizes (all before "copied") must be equal as well. A rate has no
// prefix when GNU's exact integer path meets a small amount (0 bytes over 3125 ns is "0 B/s").
const std::regex statistics_line(
    R"((0|[1-9]\d*) bytes? (\(\d+(\.\d)? [kMGTPE]?B(, \d+(\.\d)? [KMGTPE]iB)?\) )?copied, \d+(\.\d+)?(e-\d+)? s, (\d+(\.\d)? [kMGTPE]?B/s|Infinity B/s))");

// Runs `c` with GNU dd and rb-dd (`before_each` first) and checks that they did the same.
template <class Before = void (*)()>
void compare(const dd_case& c, Before before_each = [] {}) {
  BOOST_TEST_CONTEXT(c.command) {
    raidbench::test::temp_dir gnu_dir, rb_dir;
    before_each();
    const outcome gnu = run_in(gnu_dir.path(), c, gnu_dd);
    before_each();
    const outcome rb = run_in(rb_dir.path(), c, RB_DD_PATH);
    BOOST_TEST(rb.exit_code == gnu.exit_code, "stderr of rb-dd:\n" << rb.stderr_text << "GNU dd:\n" << gnu.stderr_text);
    BOOST_TEST(rb.records == gnu.records, boost::test_tools::per_element());
    BOOST_TEST(rb.other == gnu.other, boost::test_tools::per_element());
    BOOST_TEST_REQUIRE(rb.statistics.size() == gnu.statistics.size());
    for (std::size_t i = 0; i < gnu.statistics.size(); ++i) {
      BOOST_TEST(std::regex_match(gnu.statistics[i], statistics_line), gnu.statistics[i]);
      BOOST_TEST(std::regex_match(rb.statistics[i], statistics_line), rb.statistics[i]);
      const auto upto_copied = [](const std::string& s) { return s.substr(0, s.find(" copied, ")); };
      BOOST_TEST(upto_copied(rb.statistics[i]) == upto_copied(gnu.statistics[i]));
    }
    if (c.error) {
      BOOST_TEST(gnu.stderr_text.find(c.error) != std::string::npos, gnu.stderr_text);
      BOOST_TEST(rb.stderr_text.find(c.error) != std::string::npos, rb.stderr_text);
    }
    for (const char* name : c.outputs) {
      BOOST_TEST(fs::exists(rb_dir / name) == fs::exists(gnu_dir / name), name);
      if (fs::exists(gnu_dir / name)) BOOST_TEST((slurp(rb_dir / name) == slurp(gnu_dir / name)), name << " differs");
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compare_gnu_test)

BOOST_AUTO_TEST_CASE(same_operands_same_results) {
  BOOST_TEST_REQUIRE(cases.size() >= 20u);
  // Under the sanitizers every second case: the main build runs them all, and what ASan and UBSan
  // check, rb-dd's code paths, half the table still reaches, in half of the stage's longest test.
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (!RAIDBENCH_TEST_SANITIZED || i % 2 == 0) compare(cases[i]);
  // count=0 asks for no buffer: under a 200 MB address-space limit a 300 MB block still works. (Not
  // in a sanitized build: AddressSanitizer's shadow memory alone needs more address space.)
  if (!RAIDBENCH_TEST_SANITIZED) compare({"(ulimit -v 200000; DD if=in of=out bs=300M count=0)"});
  // nocache drops the cache to the end of the file (length 0) when the copy read or wrote to it,
  // the exact range otherwise (coreutils' tests/dd/nocache_eof.sh). Traced with strace: not in a
  // sanitized build, whose leak checker refuses to run under ptrace.
  if (!RAIDBENCH_TEST_SANITIZED)
    for (const char* c : {"strace -o trace -e trace=fadvise64 DD status=none if=in of=out bs=64k oflag=nocache,sync; "
                          "grep -c ' 0, POSIX_FADV_DONTNEED' trace > n",
                          "strace -o trace -e trace=fadvise64 DD status=none if=in of=/dev/null iflag=nocache bs=64k count=3000; "
                          "grep -c ' 0, POSIX_FADV_DONTNEED' trace > n",
                          "strace -o trace -e trace=fadvise64 DD status=none if=in of=/dev/null iflag=nocache skip=10 count=30; "
                          "grep -c ' 0, POSIX_FADV_DONTNEED' trace > n"})
      compare({c, "", nullptr, {"out", "n"}});
}

// The conversions that change data, as GNU dd makes them: `lines` holds lines of 0-36 letters and
// 0-4 trailing spaces, `all` every byte value, `holes` data between runs of zeros.
constexpr const char* conversion_setup =
    "awk 'BEGIN { for (i = 0; i < 300; i++) { s = \"\"; for (j = 0; j < i % 37; j++) s = s sprintf(\"%c\", 97 + (i + j) % 26);"
    " printf \"%s%*s\\n\", s, i % 5, \"\" } }' > lines; printf 'no newline at the end' >> lines; "
    "/usr/bin/python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) * 40)' > all; "
    "/bin/dd if=lines of=ebc conv=ebcdic cbs=24 status=none; "
    "head -c 8192 /dev/zero > holes; head -c 3000 in >> holes; head -c 12288 /dev/zero >> holes";

BOOST_AUTO_TEST_CASE(conversions_as_gnu) {
  const std::vector<dd_case> conversions = {
      {"DD if=lines of=out conv=block cbs=16", conversion_setup},
      {"DD if=lines of=out conv=block cbs=1", conversion_setup},
      {"DD if=lines of=out conv=block,ucase cbs=10 ibs=7 obs=13", conversion_setup},
      {"DD if=lines of=out conv=block,sync cbs=8 ibs=5", conversion_setup},
      {"DD if=lines of=out conv=unblock cbs=16", conversion_setup},
      {"DD if=lines of=out conv=unblock,sync cbs=9 bs=4", conversion_setup},
      {"DD if=lines of=out conv=lcase,swab bs=3", conversion_setup},
      {"DD if=lines of=out conv=swab,sync bs=7", conversion_setup},
      {"DD if=lines of=out conv=ebcdic cbs=24", conversion_setup},
      {"DD if=ebc of=out conv=ascii cbs=24", conversion_setup},
      {"DD if=lines of=out conv=ibm,ucase cbs=12 obs=100", conversion_setup},
      {"DD if=all of=out conv=ebcdic bs=100", conversion_setup},
      {"DD if=all of=out conv=ibm", conversion_setup},
      {"DD if=all of=out conv=ascii,lcase", conversion_setup},
      {"DD if=all of=out conv=ucase,swab ibs=3 obs=2", conversion_setup},
      {"DD if=lines of=out conv=block", conversion_setup},  // no cbs=: nothing to block
      {"DD if=lines conv=unblock,ucase cbs=5 | cat > out", conversion_setup},
      {"DD if=holes of=out conv=sparse bs=4096; stat -c %s:%b out > alloc", conversion_setup, nullptr, {"out", "alloc"}},
      {"DD if=holes of=out conv=sparse bs=1000; stat -c %s:%b out > alloc", conversion_setup, nullptr, {"out", "alloc"}},
      {"DD if=holes of=out conv=sparse obs=4096 seek=2; stat -c %s:%b out > alloc", conversion_setup, nullptr, {"out", "alloc"}},
      {"head -c 30000 in > out; DD if=holes of=out conv=sparse,notrunc bs=4096", conversion_setup},
      {"DD if=holes conv=sparse bs=4096 | cat > out", conversion_setup},
      {"cat holes | DD of=out conv=sparse bs=4096; stat -c %s:%b out > alloc", conversion_setup, nullptr, {"out", "alloc"}},
      {"DD if=lines of=out conv=lcase,ucase", conversion_setup, "cannot combine lcase and ucase"},
      {"DD if=lines of=out conv=ascii,block cbs=4", conversion_setup, "cannot combine block and unblock"},
      {"DD if=lines of=out conv=ebcdic,ibm", conversion_setup, "cannot combine any two of {ascii,ebcdic,ibm}"},
      {"DD if=lines of=out conv=block cbs=0", conversion_setup, "invalid number"},
  };
  for (const auto& c : conversions) compare(c);
}

// conv=noerror goes on past a read error (reporting it and the statistics), conv=sync writes the
// lost record as zeros; without noerror the copy stops there. Through pread (to a file) and read
// (to a pipe). (No skip=: /proc/self/mem says it is empty, and GNU dd's offset bookkeeping after
// skipping "past its end" is not worth copying.)
BOOST_AUTO_TEST_CASE(read_errors_as_gnu) {
  const raidbench::test::unreadable_page_input input;
  input.rewind();
  char probe;
  const long probed = ::pread(input.fd(), &probe, 1, ::lseek(input.fd(), 0, SEEK_CUR) + 4096);
  BOOST_TEST_REQUIRE((probed == -1 && errno == EIO));
  const std::vector<std::string> operands = {
      "bs=4096 count=3 of=out",
      "bs=4096 count=3 conv=noerror of=out",
      "bs=4096 count=3 conv=noerror,sync of=out",
      "bs=4096 count=3 conv=noerror,sync status=noxfer of=out",
      "bs=4096 count=3 conv=noerror status=none of=out",
      "ibs=4096 obs=1000 count=3 conv=noerror,sync of=out",
      "bs=2048 count=5 conv=noerror,sync of=out",
      "bs=4096 count=3 conv=noerror iflag=fullblock | cat > out",
      "bs=6144 count=2 conv=noerror,sync iflag=fullblock of=out",
      "bs=1024 count=9 conv=noerror,sync | cat > out",
  };
  for (const auto& o : operands) {
    const std::string command = fmt::format("DD <&{} {}", input.fd(), o);
    const bool silent = o.find("status=none") != std::string::npos;
    compare(dd_case{command.c_str(), "", silent ? nullptr : "error reading 'standard input': Input/output error"},
            [&] { input.rewind(); });
  }
}

BOOST_AUTO_TEST_SUITE_END()
