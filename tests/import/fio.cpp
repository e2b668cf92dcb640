// The fio importer on the real captures (tests/fixtures/imports/fio/: JSON of fio 2.1.4, 2.17, 3.16,
// 3.26, 3.34 and 3.38, normal output of fio 2.1.7 and 3.x), and on texts laid out by fio's own format
// strings for what no capture shows: several jobs of one name, k-suffixed IOPS, nsec latencies, fio
// 2.0's spacing, JSON beside the normal output, and text that is cut short, garbage, empty or
// somebody else's JSON.
#include "raidbench/compare/fio_import.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "imported.hpp"

namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(fio_test)

namespace {

using raidbench::comparable_test;
using raidbench::fio_output;
using namespace raidbench::test::imported;

constexpr importer<fio_output> fio{"fio", "fio"};

// The figures every test of a direction that moved data has, in their order, with latencies when measured.
void expect_all_figures(const comparable_test& t) {
  std::vector<std::string> metrics;
  for (const auto& f : t.figures) metrics.push_back(f.metric);
  BOOST_TEST(metrics == std::vector<std::string>({"ops_per_second", "throughput", "total_time", "latency_mean", "latency_p50",
                                                  "latency_p95", "latency_p99"}),
             tt::per_element());
  for (const auto& f : t.figures) {
    BOOST_TEST_REQUIRE(f.value.has_value());
    BOOST_TEST(*f.value > 0);
    BOOST_TEST((f.direction == (f.metric == "ops_per_second" || f.metric == "throughput" ? raidbench::better::higher
                                                                                         : raidbench::better::lower)));
  }
  BOOST_TEST(t.find("ops_per_second")->unit == "ops/s");
  BOOST_TEST(t.find("throughput")->unit == "B/s");
  BOOST_TEST(t.find("latency_p99")->unit == "s");
}

constexpr double KiB = 1024;
constexpr double MiB = 1024 * 1024;

// fio 3.33's normal output of a numjobs=2 job without group_reporting (two sections named "rr") and
// a second job, laid out as fio prints it; the figures are made up and consistent.
constexpr std::string_view two_rr =
    "rr: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32\n"
    "...\n"
    "sw: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB, ioengine=psync, iodepth=1\n"
    "fio-3.33\n"
    "Starting 3 processes\n"
    "\n"
    "rr: (groupid=0, jobs=1): err= 0: pid=6157: Tue Dec  1 14:09:09 2026\n"
    "  read: IOPS=24.5k, BW=95.7MiB/s (100MB/s)(957MiB/10001msec)\n"
    "    clat (usec): min=19, max=2190, avg=105.55, stdev=88.61\n"
    "     lat (usec): min=19, max=2191, avg=105.59, stdev=88.63\n"
    "    clat percentiles (usec):\n"
    "     |  1.00th=[   22],  5.00th=[   26], 10.00th=[   30], 20.00th=[   73],\n"
    "     | 30.00th=[   84], 40.00th=[   88], 50.00th=[   90], 60.00th=[   97],\n"
    "     | 70.00th=[  127], 80.00th=[  135], 90.00th=[  167], 95.00th=[  210],\n"
    "     | 99.00th=[  343], 99.50th=[  429], 99.90th=[ 2180], 99.95th=[ 2180],\n"
    "     | 99.99th=[ 2180]\n"
    "   bw (  KiB/s): min=95000, max=99000, per=50.10%, avg=97000.00, stdev=900.00, samples=20\n"
    "   iops        : min=23750, max=24750, avg=24500.00, stdev=225.00, samples=20\n"
    "  write: IOPS=9245, BW=36.1MiB/s (37.9MB/s)(361MiB/10001msec); 0 zone resets\n"
    "    clat (nsec): min=3000, max=134000, avg=5630.12, stdev=8440.00\n"
    "     lat (nsec): min=3100, max=134100, avg=5720.00, stdev=8500.00\n"
    "    clat percentiles (nsec):\n"
    "     |  1.00th=[ 4016],  5.00th=[ 4016], 10.00th=[ 4048], 20.00th=[ 4960],\n"
    "     | 30.00th=[ 5024], 40.00th=[ 5024], 50.00th=[ 5024], 60.00th=[ 5088],\n"
    "     | 70.00th=[ 5152], 80.00th=[ 5984], 90.00th=[ 7008], 95.00th=[ 8032],\n"
    "     | 99.00th=[34048], 99.50th=[95744], 99.90th=[123392], 99.95th=[134144],\n"
    "     | 99.99th=[134144]\n"
    "  lat (usec)   : 4=8.06%, 10=42.43%, 20=0.39%, 50=8.64%, 100=21.29%\n"
    "  cpu          : usr=9.73%, sys=34.51%, ctx=1019, majf=0, minf=14\n"
    "  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=100.0%, >=64=0.0%\n"
    "     issued rwts: total=245000,92400,0,0 short=0,0,0,0 dropped=0,0,0,0\n"
    "rr: (groupid=0, jobs=1): err= 0: pid=6158: Tue Dec  1 14:09:09 2026\n"
    "  read: IOPS=1.20M, BW=4688MiB/s (4915MB/s)(45.8GiB/10001msec)\n"
    "    clat (usec): min=19, max=708, avg=104.55, stdev=62.57\n"
    "  write: IOPS=9464, BW=37.0MiB/s (38.8MB/s)(370MiB/10001msec); 0 zone resets\n"
    "    clat (msec): min=1, max=140, avg= 2.78, stdev= 8.98\n"
    "  cpu          : usr=3.60%, sys=39.64%, ctx=999, majf=0, minf=13\n"
    "sw: (groupid=0, jobs=1): err= 0: pid=6159: Tue Dec  1 14:09:09 2026\n"
    "  write: IOPS=18.3k, BW=1143MiB/s (1199MB/s)(8192KiB/7msec); 0 zone resets\n"
    "    clat (usec): min=17, max=1071, avg=37.59, stdev=71.13\n"
    "\n"
    "Run status group 0 (all jobs):\n"
    "   READ: bw=4784MiB/s (5016MB/s), 95.7MiB/s-4688MiB/s (100MB/s-4915MB/s), io=46.7GiB (50.2GB), run=10001-10001msec\n"
    "  WRITE: bw=1216MiB/s (1275MB/s), 36.1MiB/s-1143MiB/s (37.9MB/s-1199MB/s), io=739MiB (775MB), run=7-10001msec\n"
    "\n"
    "Disk stats (read/write):\n"
    "  sda: ios=994/2048, merge=0/0, ticks=100/10, in_queue=110, util=50.00%\n";

}  // namespace

BOOST_AUTO_TEST_CASE(json_captures) {
  const auto v214 = fio.import_capture("fio-2.1.4-json-perfkitbenchmarker.json");
  BOOST_TEST(names(v214) == std::vector<std::string>({"sequential_write/write", "sequential_read/read", "random_write_test/write",
                                                      "random_read_test/read", "random_read_test_parallel/read"}),
             tt::per_element());
  BOOST_TEST(v214.version.value_or("") == "2.1.4");
  BOOST_TEST(v214.format == "fio json");
  for (const auto& t : v214.tests) expect_all_figures(t);
  // fio 2.x: bw in KiB/s, clat in usec.
  expect_figures(v214, "sequential_write/write",
                 {{"ops_per_second", 133}, {"throughput", 68118 * KiB}, {"total_time", 5.314, 1e-12},
                  {"latency_mean", 0.47773484, 1e-9}, {"latency_p50", 0.444416, 1e-9}, {"latency_p99", 0.823296, 1e-9}});
  expect_figures(v214, "random_read_test/read", {{"latency_mean", 0.00311762, 1e-9}});

  const auto v217 = fio.import_capture("fio-2.17-json-perfkitbenchmarker-hist.json");
  BOOST_TEST(names(v217) == std::vector<std::string>({"rand_16k_read_100%-io-depth-1-num-jobs-2/read",
                                                      "rand_16k_write_100%-io-depth-1-num-jobs-2/write"}),
             tt::per_element());
  expect_figures(v217, "rand_16k_read_100%-io-depth-1-num-jobs-2/read", {{"ops_per_second", 8086.673998, 1e-12}});
  expect_figures(v217, "rand_16k_write_100%-io-depth-1-num-jobs-2/write", {{"latency_p99", 0.002384, 1e-9}});
  expect_parameters(test_of(v217, "rand_16k_read_100%-io-depth-1-num-jobs-2/read"),
                    {{"rw", "randread"}, {"bs", "16384"}, {"iodepth", "1"}, {"numjobs", "2"}, {"direct", "1"},
                     {"ioengine", "libaio"}});

  // fio 3.x: bw_bytes in B/s, clat_ns in ns.
  const auto v326 = fio.import_capture("fio-3.26-json-virtualclient-readwrite.json");
  BOOST_TEST(names(v326) == std::vector<std::string>({"disk_fill/read", "disk_fill/write"}), tt::per_element());
  BOOST_TEST(v326.version.value_or("") == "3.26-19-ge7e53");
  for (const auto& t : v326.tests) expect_all_figures(t);
  expect_figures(v326, "disk_fill/read",
                 {{"throughput", 149343283}, {"total_time", 4.957, 1e-12}, {"latency_mean", 0.076331646873584, 1e-12}});
  expect_figures(v326, "disk_fill/write", {{"latency_p50", 0.100139008, 1e-12}, {"latency_p99", 0.151864912, 1e-12}});
  expect_parameters(test_of(v326, "disk_fill/write"), {{"bs", "262144"}});

  const auto v338 = fio.import_capture("fio-3.38-json-lkp-tests.json");
  BOOST_TEST(names(v338) == std::vector<std::string>({"task_0/read"}), tt::per_element());
  expect_figures(v338, "task_0/read",
                 {{"ops_per_second", 26343.32139, 1e-12}, {"throughput", 3453133943}, {"total_time", 60.005, 1e-12},
                  {"latency_p50", 0.004816896, 1e-12}});

  const auto v316 = fio.import_capture("fio-3.16-json-fio-plot-highpoint-raid5-randrw.json");
  BOOST_TEST(names(v316) == std::vector<std::string>({"iotest/read", "iotest/write"}), tt::per_element());
  expect_figures(v316, "iotest/write", {{"ops_per_second", 101.752459, 1e-12}, {"throughput", 416778}});
  expect_figures(v316, "iotest/read", {{"latency_mean", 0.030400108128784, 1e-12}});
  expect_parameters(test_of(v316, "iotest/read"), {{"numjobs", "8"}, {"rw", "randrw"}});
}

BOOST_AUTO_TEST_CASE(json_after_a_signal_line_is_an_interrupted_run) {
  const auto r = fio.import_capture("fio-3.34-json-fio-plot-signal-prefix.json");
  BOOST_TEST(r.interrupted);
  BOOST_TEST(names(r) == std::vector<std::string>({"FIOJOB/read"}), tt::per_element());  // no write: nothing written
  expect_all_figures(test_of(r, "FIOJOB/read"));
  expect_figures(r, "FIOJOB/read",
                 {{"ops_per_second", 10102.601156, 1e-12}, {"throughput", 41380254}, {"total_time", 2.768, 1e-12},
                  {"latency_mean", 95948.612502e-9, 1e-12}, {"latency_p95", 109056e-9, 1e-12},
                  {"latency_p99", 175104e-9, 1e-12}});
  expect_parameters(test_of(r, "FIOJOB/read"), {{"ioengine", "sync"}, {"bs", "4096"}, {"direct", "1"}});
}

BOOST_AUTO_TEST_CASE(text_captures) {
  // fio 2.1.7: "bw=67147KB/s" is KiB/s; clat in msec beside percentiles in usec.
  const auto v2 = fio.import_capture("fio-2.1.7-text-pbench.txt");
  BOOST_TEST(names(v2) == std::vector<std::string>({"job1/read"}), tt::per_element());
  BOOST_TEST(v2.version.value_or("") == "2.1.7");
  BOOST_TEST(v2.format == "fio normal");
  expect_all_figures(test_of(v2, "job1/read"));
  expect_figures(v2, "job1/read",
                 {{"ops_per_second", 16786}, {"throughput", 67147 * KiB}, {"total_time", 30.003, 1e-12},
                  {"latency_mean", 0.00190, 1e-12}, {"latency_p50", 0.001768, 1e-12}, {"latency_p95", 0.002224, 1e-12},
                  {"latency_p99", 0.002256, 1e-12}});
  expect_parameters(test_of(v2, "job1/read"), {{"rw", "read"}, {"bs", "4096"}, {"ioengine", "libaio"}, {"iodepth", "32"}});
  BOOST_TEST(!test_of(v2, "job1/read").parameters.count("direct"));  // the text does not say

  // fio 3.x, every line tab-indented as in fio's HOWTO.
  const auto v3 = fio.import_capture("fio-3.x-text-fio-howto.txt");
  BOOST_TEST(names(v3) == std::vector<std::string>({"Client1/write"}), tt::per_element());
  BOOST_TEST(!v3.version.has_value());
  expect_all_figures(test_of(v3, "Client1/write"));
  expect_figures(v3, "Client1/write",
                 {{"ops_per_second", 88}, {"throughput", 623 * KiB}, {"total_time", 50.032, 1e-12},
                  {"latency_mean", 0.00401902, 1e-12}, {"latency_p50", 0.000416, 1e-12}, {"latency_p99", 0.043779, 1e-12}});
  BOOST_TEST(test_of(v3, "Client1/write").parameters.empty());  // no job line in the excerpt
}

BOOST_AUTO_TEST_CASE(jobs_of_one_name_suffixes_and_units) {
  const auto r = fio.import_text(two_rr);
  BOOST_TEST(names(r) == std::vector<std::string>({"rr/read", "rr/write", "rr/read #2", "rr/write #2", "sw/write"}), tt::per_element());
  BOOST_TEST(r.version.value_or("") == "3.33");
  expect_all_figures(test_of(r, "rr/read"));
  expect_all_figures(test_of(r, "rr/write"));
  expect_figures(r, "rr/read",
                 {{"ops_per_second", 24500}, {"throughput", 95.7 * MiB, 1e-12}, {"total_time", 10.001, 1e-12},
                  {"latency_mean", 105.55e-6, 1e-12}, {"latency_p95", 210e-6, 1e-12}});
  expect_figures(r, "rr/write", {{"latency_mean", 5630.12e-9, 1e-12}, {"latency_p99", 34048e-9, 1e-12}});
  expect_figures(r, "rr/read #2", {{"ops_per_second", 1.2e6, 1e-12}, {"throughput", 4688 * MiB}});
  expect_figures(r, "rr/write #2", {{"latency_mean", 2.78e-3, 1e-12}});
  BOOST_TEST(test_of(r, "rr/write #2").find("latency_p50") == nullptr);  // no percentiles printed
  expect_figures(r, "sw/write", {{"ops_per_second", 18300}, {"total_time", 0.007, 1e-12}});
  expect_parameters(test_of(r, "sw/write"), {{"bs", "65536"}});
  expect_parameters(test_of(r, "rr/read #2"), {{"rw", "randrw"}, {"iodepth", "32"}});
  expect_parameters(test_of(r, "rr/read"), {{"bs", "4096"}});
}

BOOST_AUTO_TEST_CASE(fio_2_0_spacing_and_a_bare_version) {
  const std::string text =
      "job1: (g=0): rw=randread, bs=4K-4K/4K-4K, ioengine=libaio, iodepth=32\n"
      "2.0.8\n"
      "Starting 1 process\n"
      "\n"
      "job1: (groupid=0, jobs=1): err= 0: pid=1234\n"
      "  read : io=1024.0MB, bw=104857KB/s, iops=26214 , runt= 10000msec\n"
      "    slat (usec): min=2 , max=100 , avg= 3.50, stdev= 1.20\n"
      "    clat (usec): min=50 , max=5000 , avg=1200.00, stdev=100.00\n"
      "     lat (usec): min=55 , max=5005 , avg=1204.00, stdev=100.10\n"
      "    clat percentiles (usec):\n"
      "     |  1.00th=[  123],  5.00th=[  200], 10.00th=[  300], 20.00th=[  400],\n"
      "     | 30.00th=[  500], 40.00th=[  600], 50.00th=[  700], 60.00th=[  800],\n"
      "     | 70.00th=[  900], 80.00th=[ 1000], 90.00th=[ 1100], 95.00th=[ 1200],\n"
      "     | 99.00th=[ 1300], 99.50th=[ 1400], 99.90th=[ 1500], 99.95th=[ 1600],\n"
      "     | 99.99th=[ 1700]\n"
      "    bw (KB/s)  : min=100000, max=110000, per=100.00%, avg=104857.60, stdev=1000.00\n"
      "  write: io=0 B, bw=0 B/s, iops=0 , runt=    1msec\n"
      "  cpu          : usr=5.00%, sys=20.00%, ctx=1000, majf=0, minf=40\n";
  const auto r = fio.import_text(text);
  BOOST_TEST(names(r) == std::vector<std::string>({"job1/read"}), tt::per_element());  // the write moved nothing
  BOOST_TEST(r.version.value_or("") == "2.0.8");
  expect_all_figures(test_of(r, "job1/read"));
  expect_figures(r, "job1/read",
                 {{"ops_per_second", 26214}, {"throughput", 104857 * KiB}, {"total_time", 10, 1e-12},
                  {"latency_mean", 1200e-6, 1e-12}, {"latency_p50", 700e-6, 1e-12}, {"latency_p99", 1300e-6, 1e-12}});
  expect_parameters(test_of(r, "job1/read"), {{"bs", "4096"}});
}

BOOST_AUTO_TEST_CASE(json_beside_normal_output_and_repeated_names) {
  // --output-format=json,normal: the JSON is read, the normal output beside it is not read twice.
  const std::string json =
      "{\n"
      "  \"fio version\" : \"fio-3.33\",\n"
      "  \"global options\" : { \"ioengine\" : \"psync\", \"bs\" : \"4k\", \"buffered\" : \"0\" },\n"
      "  \"jobs\" : [\n"
      "    { \"jobname\" : \"rr\", \"groupid\" : 0, \"error\" : 0, \"job options\" : { \"rw\" : \"randrw\", \"numjobs\" : \"2\" },\n"
      "      \"read\" : { \"io_bytes\" : 4071424, \"io_kbytes\" : 3976, \"bw_bytes\" : 35714245, \"bw\" : 34877, \"iops\" : 8719.3,\n"
      "                 \"runtime\" : 114, \"total_ios\" : 994,\n"
      "                 \"clat_ns\" : { \"min\" : 19000, \"max\" : 2190000, \"mean\" : 105550.0, \"stddev\" : 1.0, \"N\" : 994,\n"
      "                              \"percentile\" : { \"50.000000\" : 90112, \"95.000000\" : 209920, \"99.000000\" : 342016 },\n"
      "                              \"bins\" : { \"19968\" : 10 } } },\n"
      "      \"write\" : { \"io_bytes\" : 0, \"io_kbytes\" : 0, \"bw_bytes\" : 0, \"bw\" : 0, \"iops\" : 0.0, \"runtime\" : 0,\n"
      "                  \"total_ios\" : 0, \"clat_ns\" : { \"min\" : 0, \"max\" : 0, \"mean\" : 0.0, \"stddev\" : 0.0, \"N\" : 0 } },\n"
      "      \"trim\" : { \"io_bytes\" : 4096, \"bw\" : 4, \"iops\" : 1.0, \"runtime\" : 1000 } },\n"
      "    { \"jobname\" : \"rr\", \"job options\" : { \"rw\" : \"randrw\", \"bs\" : \"8k,16k\" },\n"
      "      \"read\" : { \"io_bytes\" : 1, \"bw_bytes\" : 2, \"iops\" : 3, \"runtime\" : 4 } }\n"
      "  ]\n"
      "}\n";
  const auto r = fio.import_text(json + std::string(two_rr));
  BOOST_TEST(names(r) == std::vector<std::string>({"rr/read", "rr/trim", "rr/read #2"}), tt::per_element());
  BOOST_TEST(r.format == "fio json+");
  BOOST_TEST(r.notes == std::vector<std::string>({"the normal output beside the JSON is not read"}), tt::per_element());
  expect_all_figures(test_of(r, "rr/read"));
  expect_figures(r, "rr/read", {{"throughput", 35714245}, {"latency_p95", 209920e-9, 1e-12}});
  // The 2.x-style trim section has no clat and no bw_bytes: bw is KiB/s, and no latency is made up.
  expect_figures(r, "rr/trim", {{"throughput", 4 * KiB}});
  BOOST_TEST(test_of(r, "rr/trim").find("latency_mean") == nullptr);
  // "direct" from buffered=0.
  expect_parameters(test_of(r, "rr/read"), {{"rw", "randrw"}, {"bs", "4096"}, {"direct", "1"}, {"numjobs", "2"}});
  expect_parameters(test_of(r, "rr/read #2"), {{"bs", "8192"}});
  BOOST_TEST(!test_of(r, "rr/read #2").parameters.count("numjobs"));
}

BOOST_AUTO_TEST_CASE(truncated_captures) {
  // JSON cut short: a one-line error, or the normal output when the text has it.
  const std::string whole = fio.capture("fio-3.38-json-lkp-tests.json");
  const auto cut = raidbench::import_as<fio_output>(std::string_view(whole).substr(0, whole.size() / 2));
  BOOST_TEST_REQUIRE(!cut.has_value());
  BOOST_TEST(cut.message() == "fio: the JSON is cut short (its closing brace is missing)");
  // The normal output cut inside the percentiles keeps what was printed.
  const std::string text = fio.capture("fio-2.1.7-text-pbench.txt");
  const auto part = fio.import_text(std::string_view(text).substr(0, text.find("50.00th")));
  expect_figures(part, "job1/read", {{"latency_mean", 0.0019, 1e-12}});
  BOOST_TEST(test_of(part, "job1/read").find("latency_p50") == nullptr);
  // Any prefix of any capture gives a record or a one-line error.
  for (const char* name : {"fio-2.1.4-json-perfkitbenchmarker.json", "fio-3.34-json-fio-plot-signal-prefix.json",
                           "fio-2.1.7-text-pbench.txt", "fio-3.x-text-fio-howto.txt"}) {
    const std::string t = fio.capture(name);
    fio.expect_prefixes_read_or_refused(t, t.size() / 400 + 1);
  }
}

BOOST_AUTO_TEST_CASE(garbage_empty_header_only_and_foreign_json) {
  const std::string binary = std::string("\x00\xff{\"jobs\"", 9) + std::string(40, '[');
  fio.expect_refused({std::string_view{}, "\n \n", "hello world\n", binary});
  // Valid JSON that is not fio's.
  const auto foreign = raidbench::import_as<fio_output>("{\"name\": \"x\", \"jobs\": 3, \"jobname\": [1, 2]}\n");
  BOOST_TEST_REQUIRE(!foreign.has_value());
  BOOST_TEST(foreign.message() == "fio: the JSON has no \"jobs\" list: not fio's output");
  const auto jobs_of_strings = raidbench::import_as<fio_output>("{\"fio version\": 7, \"jobs\": [\"a\", {\"jobname\": 5}, {}]}");
  BOOST_TEST_REQUIRE(!jobs_of_strings.has_value());
  BOOST_TEST(jobs_of_strings.message() == "fio: no job in the JSON moved any data");
  // Broken JSON: nlohmann's message, on one line.
  const auto broken = raidbench::import_as<fio_output>("{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [ } ]\n}\n");
  BOOST_TEST_REQUIRE(!broken.has_value());
  BOOST_TEST(broken.message().starts_with("fio: the JSON does not parse: "));
  BOOST_TEST(broken.message().find('\n') == std::string::npos);
  const auto deep = raidbench::import_as<fio_output>("{\"jobs\":" + std::string(100000, '[') + std::string(100000, ']') + "}");
  BOOST_TEST_REQUIRE(!deep.has_value());
  BOOST_TEST(deep.message() == "fio: the JSON nests deeper than fio's output does");
  // The job lines alone, before any job ran.
  const std::string header_only =
      "job1: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32\n"
      "fio-3.33\n"
      "Starting 1 process\n";
  const auto h = raidbench::import_as<fio_output>(header_only);
  BOOST_TEST_REQUIRE(!h.has_value());
  BOOST_TEST(h.message() == "fio: neither fio's JSON nor a job section ('name: (groupid=0, jobs=1): err= 0') in the text");
  // A job that failed before moving data.
  const std::string failed =
      "trimtest: (groupid=0, jobs=1): err=25 (file:ioengines.c:399, func=td_io_queue, error=Inappropriate ioctl for device): pid=6178\n"
      "  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=16\n";
  const auto f = raidbench::import_as<fio_output>(failed);
  BOOST_TEST_REQUIRE(!f.has_value());
  BOOST_TEST(f.message() == "fio: no job section with a read, write or trim line that moved data");
}

BOOST_AUTO_TEST_SUITE_END()
