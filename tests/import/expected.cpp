// Every figure read by hand from the captures (tests/import/expected/<format>.tsv, values and units
// as printed) against what the importers make of the same files. The units are converted here with
// a table of our own, not the importers' code, so a wrong unit in an importer shows.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "raidbench/compare/builtin_importers.hpp"

BOOST_AUTO_TEST_SUITE(expected_test)

namespace {

struct row {
  std::string file, test, metric, value, unit;
};

std::vector<row> rows_of(const std::string& format) {
  std::ifstream in(std::string(RAIDBENCH_EXPECTED_DIR) + "/" + format + ".tsv");
  BOOST_TEST_REQUIRE(in.good(), "no expected/" << format << ".tsv");
  std::vector<row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, '\t');) f.push_back(cell);
    while (f.size() < 5) f.emplace_back();
    rows.push_back({f[0], f[1], f[2], f[3], f[4]});
  }
  return rows;
}

std::string slurp(const std::string& relative) {
  std::ifstream in(std::string(RAIDBENCH_FIXTURES_DIR) + "/" + relative, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Factor from the printed unit to the importers' base unit (B, B/s, s, ops/s).
double factor_of(const std::string& unit) {
  static const std::map<std::string, double> factors{
      {"", 1},          {"bytes", 1},        {"B/s", 1},         {"bytes/sec", 1},  {"s", 1},          {"seconds", 1},
      {"secs", 1},      {"sec", 1},          {"ms", 1e-3},       {"msec", 1e-3},    {"us", 1e-6},      {"usec", 1e-6},
      {"usecs/op", 1e-6}, {"ns", 1e-9},      {"nsec", 1e-9},     {"/s", 1},         {"/sec", 1},       {"ops/sec", 1},
      {"%", 1},
      // dd: decimal prefixes (GNU), busybox's binary ones are given per file below.
      {"kB/s", 1e3},    {"MB/s", 1e6},       {"GB/s", 1e9},      {"kB", 1e3},       {"MB", 1e6},       {"GB", 1e9},
      // sysbench: every prefix binary, "Mb" included.
      {"Kb", 1024},     {"KiB", 1024},       {"Mb", 1048576},    {"MiB", 1048576},  {"Gb", 1073741824}, {"GiB", 1073741824},
      {"b", 1},         {"MiB/s", 1048576},  {"MiB/sec", 1048576}, {"Mb/sec", 1048576},
      // bonnie++ (binary) and fio.
      {"K/sec", 1024},  {"k/sec", 1024},     {"M/sec", 1048576}, {"m/sec", 1048576}, {"g/sec", 1073741824},
      {"KiB/s", 1024},  {"KB/s", 1024},      {"ops_k", 1000}};
  const auto it = factors.find(unit);
  BOOST_TEST_REQUIRE((it != factors.end()), "unit '" << unit << "' is not in the test's table");
  return it->second;
}

// Half a unit of the last printed digit, in the base unit: the rounding the printout allows.
double rounding_of(const std::string& printed, double factor) {
  const auto dot = printed.find_first_of(".,");
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(printed.size() - dot - 1);
  return 0.5 * std::pow(10.0, -decimals) * factor;
}

std::optional<double> number(const std::string& s) {
  std::string t = s;
  for (char& c : t)
    if (c == ',') c = '.';
  // fio prints IOPS as "24.5k": a decimal thousand.
  if (t.size() > 1 && t.back() == 'k') {
    const auto v = number(t.substr(0, t.size() - 1));
    return v ? std::optional<double>(*v * 1000) : std::nullopt;
  }
  try {
    std::size_t used = 0;
    const double v = std::stod(t, &used);
    if (used != t.size()) return std::nullopt;
    return v;
  } catch (...) {
    return std::nullopt;
  }
}

// What a row asks of the import: a figure (with a slack for values the importer derives), a parameter, or nothing.
struct check {
  enum kind { figure, parameter, run_parameter, version, fact, absent, skip } what = skip;
  std::string name;
  double slack = 0;  // relative, on top of the printed rounding
  std::string unit{};  // the unit's meaning when the printed name is ambiguous (busybox's MB/s is MiB/s)
};

void verify(const std::string& format, check (*mapping)(const row&)) {
  std::map<std::string, raidbench::expected<raidbench::run_record>> imported;
  std::size_t checked = 0;
  for (const auto& r : rows_of(format)) {
    const check c = mapping(r);
    if (c.what == check::skip) continue;
    auto it = imported.find(r.file);
    if (it == imported.end()) it = imported.emplace(r.file, raidbench::import_any(slurp(r.file), raidbench::builtin_importers)).first;
    BOOST_TEST_CONTEXT(r.file << " | " << r.test << " | " << r.metric << " = " << r.value << " " << r.unit) {
      const auto& rec = it->second;
      BOOST_TEST_REQUIRE(rec.has_value(), (rec ? std::string() : rec.message()));
      ++checked;
      if (c.what == check::version) {
        BOOST_TEST(rec->version.value_or("") == (r.value.starts_with("fio-") ? r.value.substr(4) : r.value));
        continue;
      }
      if (c.what == check::run_parameter) {  // said once for a run: some test of that run carries it
        const std::string prefix = r.test.starts_with("csv:") ? "csv:" : "";
        const std::string suffix = r.test.find(" #") != std::string::npos ? r.test.substr(r.test.find(" #")) : "";
        bool found = false;
        for (const auto& t : rec->tests) {
          const bool same_run = t.name.starts_with(prefix) && (prefix.empty() ? !t.name.starts_with("csv:") : true) &&
                                (suffix.empty() ? t.name.find(" #") == std::string::npos : t.name.ends_with(suffix));
          const auto p = t.parameters.find(c.name);
          found = found || (same_run && p != t.parameters.end() && p->second == r.value);
        }
        BOOST_TEST(found, "no test of the run has " << c.name << " = " << r.value);
        continue;
      }
      if (c.what == check::fact) {
        const auto f = rec->facts.find(c.name);
        BOOST_TEST_REQUIRE((f != rec->facts.end()), "no fact " << c.name);
        BOOST_TEST(f->second == r.value);
        continue;
      }
      const auto* t = rec->find(r.test);
      BOOST_TEST_REQUIRE(t, "no test '" << r.test << "'");
      if (c.what == check::parameter) {
        const auto p = t->parameters.find(c.name);
        BOOST_TEST_REQUIRE((p != t->parameters.end()), "no parameter " << c.name);
        const auto want = number(r.value);
        if (!want || r.unit.empty()) {
          BOOST_TEST(p->second == r.value);
        } else {
          const double f = factor_of(r.unit);
          BOOST_TEST(std::fabs(std::stod(p->second) - *want * f) <= rounding_of(r.value, f) * 1.0001);
        }
        continue;
      }
      const auto* fig = t->find(c.name);
      if (c.what == check::absent) {  // a printed value the importer knows to be wrong
        BOOST_TEST((!fig || !fig->value.has_value()), "figure " << c.name << " should have no value");
        continue;
      }
      BOOST_TEST_REQUIRE(fig, "no figure " << c.name);
      const auto want = number(r.value);
      if (!want) {  // a mark: n/a, n/a*, +++++
        BOOST_TEST(!fig->value.has_value());
        BOOST_TEST(fig->note.find(r.value) != std::string::npos, "note '" << fig->note << "' does not name " << r.value);
        continue;
      }
      BOOST_TEST_REQUIRE(fig->value.has_value(), "figure " << c.name << " has no value: " << fig->note);
      const double f = factor_of(c.unit.empty() ? r.unit : c.unit);
      const double tolerance = rounding_of(r.value, f) * 1.0001 + std::fabs(*want * f) * c.slack + 1e-12;
      BOOST_TEST(std::fabs(*fig->value - *want * f) <= tolerance, *fig->value << " vs " << *want * f << " ± " << tolerance);
    }
  }
  BOOST_TEST(checked > 0u);
}

check dd_check(const row& r) {
  if (r.test.find("progress") != std::string::npos) return {};
  if (r.metric == "records_in" || r.metric == "records_out") return {check::parameter, r.metric};
  if (r.metric == "bytes") return {check::figure, "bytes"};
  if (r.metric == "seconds") return {check::figure, "total_time"};
  // The importer divides the exact bytes by the printed time; the printed rate is rounded from a finer time.
  if (r.metric == "rate")
    return {check::figure, "throughput", 0.01, r.file.find("busybox") != std::string::npos ? "MiB/s" : ""};
  return {};
}

check pg_test_fsync_check(const row& r) {
  if (r.test == "header" && r.metric == "per_test") return {check::fact, r.unit == "seconds" ? "seconds_per_test" : "operations_per_test"};
  if (r.metric == "ops_per_second") return {check::figure, "ops_per_second"};
  if (r.metric == "usecs_per_op") return {check::figure, "latency_mean"};
  return {};
}

check sysbench_check(const row& r) {
  if (r.test.find(" interval ") != std::string::npos || r.test == "cleanup" || r.test == "test") return {};
  static const std::map<std::string, std::string> figures{
      {"reads_per_second", "reads_per_second"}, {"writes_per_second", "writes_per_second"}, {"fsyncs_per_second", "fsyncs_per_second"},
      {"read_throughput", "read_throughput"},   {"write_throughput", "write_throughput"},   {"total_time", "total_time"},
      {"events", "events"},                     {"latency_min", "latency_min"},             {"latency_avg", "latency_avg"},
      {"latency_max", "latency_max"},           {"reads", "reads"},                         {"writes", "writes"},
      {"other", "other"},                       {"throughput", "throughput"},               {"requests_per_second", "requests_per_second"},
      {"events_per_second", "events_per_second"}, {"read_total", "read_bytes"},             {"written_total", "written_bytes"},
      {"total_transferred", "total_transferred"}, {"prepare_seconds", "total_time"},        {"bytes_written", "bytes"}};
  if (r.metric == "version") return {check::version, ""};
  if (r.metric.starts_with("latency_p")) return {check::figure, r.metric};
  if (r.metric == "prepare_rate") return {check::figure, "write_throughput", 0.01};
  if (const auto it = figures.find(r.metric); it != figures.end()) return {check::figure, it->second};
  if (r.metric == "threads") return {check::parameter, "threads"};
  if (r.metric == "files") return {check::parameter, "file_num"};
  if (r.metric == "block_size") return {check::parameter, "block_size"};
  if (r.metric == "file_size") return {check::parameter, "file_size"};
  if (r.metric == "total_size") return {check::parameter, "total_size"};
  if (r.metric == "prime_limit") return {check::parameter, "max_prime"};
  return {};
}

check bonnie_check(const row& r) {
  const std::string test = r.test.substr(r.test.starts_with("csv:") ? 4 : 0);
  if (test.starts_with("run")) {
    if (r.metric == "version") return {check::version, ""};
    if (r.metric == "size" || r.metric == "machine") return {check::run_parameter, r.metric};
    return {};
  }
  if (r.metric == "cpu_percent") return {check::figure, "cpu_percent"};
  if (r.metric == "latency") return {check::figure, "latency"};
  if (r.metric != "rate") return {};
  const bool bytes = test.starts_with("seq_output") || test.starts_with("seq_input");
  // bonnie++ 2.0x's own table prints the file operations' rates with %d of a double: junk (the CSV
  // line of the same run has the true figures). The importer leaves them unknown.
  const bool file_op = !bytes && test != "random_seeks";
  if (file_op && !r.test.starts_with("csv:") && r.file.find("bonnie-2.00a-human") != std::string::npos) return {check::absent, "ops_per_second"};
  if (bytes) return {check::figure, "throughput"};
  // "6k" rates of 2.0x file operations: a decimal thousand operations.
  return {check::figure, "ops_per_second", 0, r.unit == "k/sec" ? "ops_k" : ""};
}

check fio_check(const row& r) {
  if (r.metric == "fio_version") return {check::version, ""};
  if (r.metric == "iops") return {check::figure, "ops_per_second"};
  if (r.metric == "bw" || r.metric == "bw_bytes") return {check::figure, "throughput"};
  if (r.metric == "runtime") return {check::figure, "total_time"};
  if (r.metric == "clat_mean") return {check::figure, "latency_mean"};
  if (r.metric == "clat_p50") return {check::figure, "latency_p50"};
  if (r.metric == "clat_p99") return {check::figure, "latency_p99"};
  return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(bonnie_captures) { verify("bonnie", bonnie_check); }
BOOST_AUTO_TEST_CASE(fio_captures) { verify("fio", fio_check); }

BOOST_AUTO_TEST_CASE(dd_captures) { verify("dd", dd_check); }
BOOST_AUTO_TEST_CASE(pg_test_fsync_captures) { verify("pg_test_fsync", pg_test_fsync_check); }
BOOST_AUTO_TEST_CASE(sysbench_captures) { verify("sysbench", sysbench_check); }

BOOST_AUTO_TEST_SUITE_END()
