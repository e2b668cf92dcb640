#include "operands.hpp"

#include <boost/test/unit_test.hpp>

#include <fcntl.h>

#include <string>
#include <vector>

using namespace rbdd;

namespace {
expected<std::uint64_t> number(std::string_view s) {
  std::vector<std::string> warnings;
  return parse_number(s, false, warnings);
}
std::string error_of(std::vector<std::string_view> args) {
  auto r = parse_operands(args, false, "rb-dd");
  return r ? "" : r.message();
}
}  // namespace

BOOST_AUTO_TEST_SUITE(operands_test)

// The values GNU dd 9.1 gave these suffixes on this machine (seek= … oflag=seek_bytes, file size).
BOOST_AUTO_TEST_CASE(gnu_suffixes) {
  const std::pair<const char*, std::uint64_t> cases[] = {
      {"1", 1},         {"1c", 1},          {"1w", 2},        {"1b", 512},         {"1B", 1},       {"1k", 1024},
      {"1K", 1024},     {"1kB", 1000},      {"1KB", 1000},    {"1kiB", 1024},      {"1KiB", 1024},  {"1M", 1048576},
      {"1MB", 1000000}, {"1MiB", 1048576},  {"1G", 1 << 30},  {"1GB", 1000000000}, {"1kD", 1000},   {"1MD", 1000000},
      {"1bB", 512},     {"1cB", 1},         {"1wB", 2},       {"1xM", 1048576},    {"1xMB", 1000000}, {"2xw", 4},
      {"3xb", 1536},    {"1Bx2", 2},        {"2x3", 6},       {"1kx2", 2048},      {"2x1k", 2048},  {"1T", 1ull << 40},
      {"1TB", 1000000000000}, {"1E", 1ull << 60},
  };
  for (const auto& [text, value] : cases) {
    auto n = number(text);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST_REQUIRE(n.has_value());
      BOOST_TEST(*n == value);
    }
  }
}

BOOST_AUTO_TEST_CASE(gnu_number_errors) {
  for (const char* bad : {"12q", "-1", "", "1x", "2x3x4", "1Kib", "1m", "1g", "1e", "1BB", "1bD", "2xB", "1wiB", "1R", "1Q", "x2"}) {
    BOOST_TEST_CONTEXT(bad) {
      auto n = number(bad);
      BOOST_TEST_REQUIRE(!n.has_value());
      BOOST_TEST(n.message() == fmt::format("invalid number: '{}'", bad));
    }
  }
  for (const char* big : {"1Z", "1Y", "99999999999999999999", "9223372036854775807x2"}) {
    auto n = number(big);
    BOOST_TEST_REQUIRE(!n.has_value());
    BOOST_TEST(n.message() == fmt::format("invalid number: '{}': Value too large for defined data type", big));
  }
  std::vector<std::string> warnings;
  auto zero = parse_number("0x5", true, warnings);
  BOOST_TEST_REQUIRE(zero.has_value());
  BOOST_TEST(*zero == 0u);
  BOOST_TEST_REQUIRE(warnings.size() == 1u);
  BOOST_TEST(warnings[0] == "warning: \u20180x\u2019 is a zero multiplier; use \u201800x\u2019 if that is intended");
}

BOOST_AUTO_TEST_CASE(operands_and_flags) {
  std::vector<std::string_view> args{"if=a", "of=b", "ibs=2", "bs=4k", "obs=9", "count=3", "skip=1", "seek=2",
                                     "iflag=fullblock,direct,count_bytes", "oflag=dsync,seek_bytes",
                                     "conv=notrunc,fdatasync,sync", "status=progress", "--json=r.json", "--allow-device"};
  auto o = parse_operands(args, false, "rb-dd");
  BOOST_TEST_REQUIRE(o.has_value(), (o ? "" : o.message()));
  BOOST_TEST(o->input == "a");
  BOOST_TEST(o->output == "b");
  BOOST_TEST(o->ibs == 4096u);
  BOOST_TEST(o->obs == 4096u);
  BOOST_TEST(o->bs_given);
  BOOST_TEST(o->count == 3u);
  BOOST_TEST((o->iflags & O_DIRECT) != 0);
  BOOST_TEST((o->oflags & O_DSYNC) != 0);
  BOOST_TEST(o->fullblock);
  BOOST_TEST(o->count_bytes);
  BOOST_TEST(o->seek_bytes);
  BOOST_TEST(!o->skip_bytes);
  BOOST_TEST((o->conv_notrunc && o->conv_fdatasync && o->conv_sync));
  BOOST_TEST((o->status == status_level::progress));
  BOOST_TEST(o->json_path == "r.json");
  BOOST_TEST(o->allow_device);

  auto plain = parse_operands(std::vector<std::string_view>{"ibs=1k", "obs=3"}, false, "rb-dd");
  BOOST_TEST_REQUIRE(plain.has_value());
  BOOST_TEST(!plain->bs_given);
  BOOST_TEST(plain->obs == 3u);
}

BOOST_AUTO_TEST_CASE(operand_errors_read_like_gnu_dd) {
  BOOST_TEST(error_of({"foo=bar"}) == "unrecognized operand 'foo=bar'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"foo"}) == "unrecognized operand 'foo'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"bs=0"}) == "invalid number: '0'");
  BOOST_TEST(error_of({"iflag=bogus"}) == "invalid input flag: 'bogus'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"oflag=fullblock"}) == "invalid output flag: 'fullblock'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"conv=bogus"}) == "invalid conversion: 'bogus'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"status=bogus"}) == "invalid status level: 'bogus'\nTry 'rb-dd --help' for more information.");
  BOOST_TEST(error_of({"conv=excl,nocreat"}) == "cannot combine excl and nocreat");
  BOOST_TEST(error_of({"iflag=direct,nocache"}) == "cannot combine direct and nocache");
  BOOST_TEST(error_of({"conv=ascii,ibm"}) == "cannot combine any two of {ascii,ebcdic,ibm}");
  BOOST_TEST(error_of({"conv=ebcdic,unblock"}) == "cannot combine block and unblock");  // ebcdic implies block
  BOOST_TEST(error_of({"conv=ucase,lcase"}) == "cannot combine lcase and ucase");
  BOOST_TEST(error_of({"cbs=0"}) == "invalid number: '0'");
  BOOST_TEST(error_of({"--json", "--format=bsd"}) == "--json and --format=bsd cannot be combined");
}

// As GNU dd 9.1's getopt_long on this machine: options are read first wherever they stand, --help and
// --version may be abbreviated, "--" ends the options, and the hint names the program as invoked.
BOOST_AUTO_TEST_CASE(options_as_gnu_getopt_reads_them) {
  const auto parse = [](std::vector<std::string_view> args) { return parse_operands(args, false, "dd"); };
  for (auto args : {std::vector<std::string_view>{"--help"}, {"--he"}, {"--h"}, {"bogus", "--help"}, {"if=x", "--help", "--foo"}}) {
    auto o = parse(args);
    BOOST_TEST_REQUIRE(o.has_value(), args.front());
    BOOST_TEST(o->help);
  }
  for (auto args : {std::vector<std::string_view>{"--version"}, {"--vers"}, {"--v"}}) {
    auto o = parse(args);
    BOOST_TEST_REQUIRE(o.has_value(), args.front());
    BOOST_TEST(o->version);
  }
  const auto error = [&](std::vector<std::string_view> args) {
    auto o = parse(args);
    return o ? std::string() : o.message();
  };
  BOOST_TEST(error({"--foo", "--help"}) == "unrecognized option '--foo'\nTry 'dd --help' for more information.");
  BOOST_TEST(error({"-x"}) == "invalid option -- 'x'\nTry 'dd --help' for more information.");
  BOOST_TEST(error({"--help=1"}) == "option '--help' doesn't allow an argument\nTry 'dd --help' for more information.");
  BOOST_TEST(error({"-"}) == "unrecognized operand '-'\nTry 'dd --help' for more information.");
  BOOST_TEST(error({"--", "--help"}) == "unrecognized operand '--help'\nTry 'dd --help' for more information.");
  auto dashes = parse({"count=1", "--", "skip=2"});
  BOOST_TEST_REQUIRE(dashes.has_value());
  BOOST_TEST(dashes->skip == 2u);
  BOOST_TEST(!dashes->help);
}

// count=14B, skip=1KB, oseek=8B: a 'B' anywhere in the value counts bytes (GNU dd 9.1: count=1KB bs=10
// copies 1000 bytes, count=1K bs=10 10240).
BOOST_AUTO_TEST_CASE(a_B_in_count_skip_or_seek_counts_bytes) {
  auto o = parse_operands(std::vector<std::string_view>{"bs=10", "count=1KB", "iseek=10B", "oseek=8B"}, false, "dd");
  BOOST_TEST_REQUIRE(o.has_value());
  BOOST_TEST((o->count == 1000u && o->count_bytes));
  BOOST_TEST((o->skip == 10u && o->skip_bytes));
  BOOST_TEST((o->seek == 8u && o->seek_bytes));
  auto blocks = parse_operands(std::vector<std::string_view>{"bs=10", "count=1K", "skip=2", "seek=3"}, false, "dd");
  BOOST_TEST_REQUIRE(blocks.has_value());
  BOOST_TEST((!blocks->count_bytes && !blocks->skip_bytes && !blocks->seek_bytes));
  // The last of each operand decides, as GNU's count_B = has_B.
  auto last = parse_operands(std::vector<std::string_view>{"count=10B", "count=10", "skip=3", "skip=3B"}, false, "dd");
  BOOST_TEST_REQUIRE(last.has_value());
  BOOST_TEST((!last->count_bytes && last->skip_bytes));
}

BOOST_AUTO_TEST_SUITE_END()
