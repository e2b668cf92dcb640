// The bonnie++ importer on the real captures (tests/fixtures/imports/bonnie/: 1.96 CSV, 1.97 table and
// CSV, 2.00a tables with k/m/g suffixes and CSV), and on texts laid out by bonnie++'s own format strings
// for what no capture shows: 1.03 tables and CSV, blank cells, wide numbers, long machine names,
// several runs, and text that is cut short, garbage or empty.
#include "raidbench/compare/bonnie_import.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "imported.hpp"

namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(bonnie_test)

namespace {

using raidbench::bonnie_output;
using raidbench::importer_traits;
using raidbench::run_record;
using namespace raidbench::test::imported;

constexpr importer<bonnie_output> bonnie{"bonnie", "bonnie++"};

std::vector<std::string> prefixed(const std::string& prefix, const std::string& suffix = "") {
  std::vector<std::string> out;
  for (const char* n : {"seq_output_char", "seq_output_block", "seq_output_rewrite", "seq_input_char", "seq_input_block",
                        "random_seeks", "seq_create", "seq_read", "seq_delete", "random_create", "random_read", "random_delete"})
    out.push_back(prefix + n + suffix);
  return out;
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<std::string> slice(const std::vector<std::string>& v, std::size_t from, std::size_t to) {
  return {v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(to)};
}

void expect_too_fast(const run_record& r, std::string_view test) {
  const auto& t = test_of(r, test);
  const auto* rate = t.find("throughput") ? t.find("throughput") : t.find("ops_per_second");
  BOOST_TEST_REQUIRE(rate != nullptr);
  BOOST_TEST(!rate->value.has_value());
  BOOST_TEST(rate->note == "too fast to measure (+++++)");
  const auto* cpu = t.find("cpu_percent");
  BOOST_TEST_REQUIRE(cpu != nullptr);
  BOOST_TEST(!cpu->value.has_value());
  BOOST_TEST(cpu->note == "too fast to measure (+++)");
}

constexpr double K = 1024;

// bonnie++ 1.03e, laid out by its format strings: "%5d"/"%3d" cells after a 19-character label in
// which the size overwrites the end of a long machine name; the CSV line keeps the whole name.
constexpr std::string_view v103 =
    "Version 1.03e       ------Sequential Output------ --Sequential Input- --Random-\n"
    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
    "raid5-box.exampl 4G 49012  97 62544  14 27584   6 45498  88 66003   7 187.4   0\n"
    "                    ------Sequential Create------ --------Random Create--------\n"
    "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
    "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
    "                 16  3349  99 +++++ +++ +++++ +++  3546  99 +++++ +++ 11058  99\n"
    "raid5-box.example.org,4G,49012,97,62544,14,27584,6,45498,88,66003,7,187.4,0,16,3349,99,+++++,+++,+++++,+++,3546,99,"
    "+++++,+++,11058,99\n";

}  // namespace

BOOST_AUTO_TEST_CASE(capture_1_97_table_and_csv) {
  const auto r = bonnie.import_capture("bonnie-1.97-human-csv-boss-ansible-role-nfs.txt");
  BOOST_TEST(names(r) == concat(prefixed(""), prefixed("csv:")), tt::per_element());
  BOOST_TEST(r.version.value_or("") == "1.97");
  BOOST_TEST(r.format == "bonnie++ table and csv");
  expect_figures(r, "seq_output_char", {{"throughput", 1113 * K}, {"cpu_percent", 97}, {"latency", 0.021103, 1e-12}});
  BOOST_TEST(value(r, "seq_output_block", "latency") == 0.801, tt::tolerance(1e-12));
  BOOST_TEST(value(r, "seq_input_block", "throughput") == 271440 * K);
  BOOST_TEST(value(r, "random_seeks", "ops_per_second") == 6863);
  BOOST_TEST(value(r, "seq_create", "ops_per_second") == 407);
  BOOST_TEST(value(r, "random_delete", "latency") == 0.010771, tt::tolerance(1e-12));
  expect_too_fast(r, "seq_read");
  expect_too_fast(r, "csv:random_read");
  BOOST_TEST(value(r, "csv:seq_output_rewrite", "throughput") == 75546 * K);
  BOOST_TEST(value(r, "csv:random_delete", "latency") == 0.010771, tt::tolerance(1e-12));
  expect_parameters(test_of(r, "seq_output_block"), {{"machine", "nfs-worker1"}, {"size", "2G"}, {"concurrency", "1"}});
  BOOST_TEST(!test_of(r, "seq_output_block").parameters.count("chunk_size"));
  expect_parameters(test_of(r, "seq_create"), {{"files", "16"}, {"machine", "nfs-worker1"}});
  BOOST_TEST(test_of(r, "csv:seq_create").parameters.at("files") == "16");
  const auto* f = test_of(r, "seq_output_block").find("cpu_percent");
  BOOST_TEST_REQUIRE(f != nullptr);
  BOOST_TEST(f->unit == "%");
  BOOST_TEST((f->direction == raidbench::better::lower));
  BOOST_TEST((test_of(r, "seq_output_block").find("latency")->direction == raidbench::better::lower));
  BOOST_TEST(test_of(r, "seq_output_block").find("throughput")->unit == "B/s");
  BOOST_TEST(test_of(r, "random_seeks").find("ops_per_second")->unit == "ops/s");
  // Every table figure agrees with the CSV line of the same run.
  for (const auto& t : r.tests) {
    if (t.name.starts_with("csv:")) continue;
    BOOST_TEST((t == [&] { auto c = test_of(r, "csv:" + t.name); c.name = t.name; return c; }()), t.name);
  }
}

BOOST_AUTO_TEST_CASE(capture_1_96_csv_only) {
  const auto r = bonnie.import_capture("bonnie-1.96-csv-perfkitbenchmarker.txt");
  // -f: no per-character tests (their fields are empty), so no test and no figure for them.
  BOOST_TEST(names(r) == std::vector<std::string>({"seq_output_block", "seq_output_rewrite", "seq_input_block", "random_seeks",
                                                   "seq_create", "seq_read", "seq_delete", "random_create", "random_read",
                                                   "random_delete"}),
             tt::per_element());
  BOOST_TEST(r.version.value_or("") == "1.96");
  expect_figures(r, "seq_output_block", {{"throughput", 72853 * K}, {"latency", 0.512, 1e-12}});
  BOOST_TEST(value(r, "random_seeks", "ops_per_second") == 537.7, tt::tolerance(1e-12));
  BOOST_TEST(value(r, "seq_create", "ops_per_second") == 49223);
  BOOST_TEST(value(r, "random_create", "latency") == 0.033518, tt::tolerance(1e-12));
  BOOST_TEST(value(r, "random_delete", "latency") == 0.000839, tt::tolerance(1e-12));
  expect_too_fast(r, "seq_read");
  expect_parameters(test_of(r, "seq_input_block"), {{"machine", "perfkit-7b22f510-0"}, {"size", "7423M"}});
  BOOST_TEST(test_of(r, "seq_delete").parameters.at("files") == "100");
}

BOOST_AUTO_TEST_CASE(capture_2_00a_suffixed_rates) {
  const auto r = bonnie.import_capture("bonnie-2.00a-human-csv-chicken-house-wsl-ext4.txt");
  BOOST_TEST(names(r) == concat(prefixed(""), prefixed("csv:")), tt::per_element());
  BOOST_TEST(r.version.value_or("") == "2.00a");
  BOOST_TEST(value(r, "seq_output_char", "throughput") == 540 * K);
  expect_figures(r, "seq_output_block", {{"throughput", 728 * K * K}, {"cpu_percent", 100}});
  BOOST_TEST(value(r, "seq_input_block", "throughput") == 1.1 * K * K * K, tt::tolerance(1e-12));
  BOOST_TEST(value(r, "random_seeks", "latency") == 0.000478, tt::tolerance(1e-12));
  expect_too_fast(r, "random_seeks");
  for (const auto& name : prefixed("", "")) {
    if (name.starts_with("seq_output") || name.starts_with("seq_input") || name == "random_seeks") continue;
    expect_too_fast(r, name);
    expect_too_fast(r, "csv:" + name);
  }
  // The 2.00a CSV line has two more fields (seeks, seeker processes): its rates are read in place.
  BOOST_TEST(value(r, "csv:seq_output_block", "throughput") == 745124 * K);
  BOOST_TEST(value(r, "csv:seq_input_block", "throughput") == 1203968 * K);
  expect_parameters(test_of(r, "csv:seq_output_block"), {{"seeks", "8192"}, {"seek_processes", "5"}});
  expect_parameters(test_of(r, "seq_output_block"), {{"machine", "ANDREW-PC"}, {"size", "63G"}});
  // The table rounds to three figures ("1.1g" to two): each agrees with the CSV within that rounding.
  for (const char* t : {"seq_output_char", "seq_output_block", "seq_output_rewrite", "seq_input_char", "seq_input_block"})
    BOOST_TEST(value(r, t, "throughput") == value(r, std::string("csv:") + t, "throughput"), t << tt::tolerance(0.05));
}

BOOST_AUTO_TEST_CASE(capture_2_00a_table_file_rates_are_not_rates) {
  // bonnie++ 2.00a prints each file test's rate with "%d" of a double: 0 here, 16384 or the file
  // count elsewhere. The table's file rates are left without a value; its CSV line has them.
  const auto r = bonnie.import_capture("bonnie-2.00a-human-csv-chicken-house-wsl-drvfs.txt");
  for (const char* t : {"seq_create", "seq_read", "seq_delete", "random_create", "random_read", "random_delete"}) {
    const auto* f = test_of(r, t).find("ops_per_second");
    BOOST_TEST_REQUIRE(f != nullptr);
    BOOST_TEST(!f->value.has_value(), t);
    BOOST_TEST(f->note.find("CSV line has the rate") != std::string::npos);
    BOOST_TEST(value(r, std::string("csv:") + t, "ops_per_second") > 700);
  }
  expect_figures(r, "seq_create", {{"cpu_percent", 6}, {"latency", 0.015088, 1e-12}});
  BOOST_TEST(value(r, "csv:seq_create", "ops_per_second") == 793);
  BOOST_TEST(value(r, "csv:random_delete", "ops_per_second") == 1416);
  expect_figures(r, "seq_output_char", {{"throughput", 6 * K}, {"latency", 1.445, 1e-12}});
  BOOST_TEST(value(r, "seq_output_block", "throughput") == 50.6 * K * K, tt::tolerance(1e-12));
  expect_figures(r, "random_seeks", {{"ops_per_second", 8475}, {"cpu_percent", 109}});
}

BOOST_AUTO_TEST_CASE(captures_1_03) {
  const auto d = bonnie.import_capture("bonnie-1.03d-human-only-md-raid1-crypt-alexkay.txt");
  BOOST_TEST(names(d) == prefixed(""), tt::per_element());
  BOOST_TEST(d.version.value_or("") == "1.03d");
  BOOST_TEST(d.format == "bonnie++ table");
  expect_figures(d, "seq_output_char", {{"throughput", 10862 * K}, {"cpu_percent", 91}});
  BOOST_TEST(value(d, "seq_input_block", "throughput") == 83455 * K);
  expect_figures(d, "random_seeks", {{"ops_per_second", 196.7, 1e-12}, {"cpu_percent", 0}});
  BOOST_TEST(value(d, "random_delete", "ops_per_second") == 3131);
  expect_too_fast(d, "random_read");
  BOOST_TEST(test_of(d, "seq_output_char").find("latency") == nullptr);
  expect_parameters(test_of(d, "seq_output_char"), {{"machine", "server"}, {"size", "2G"}});
  BOOST_TEST(test_of(d, "seq_create").parameters.at("machine") == "server");

  // -f (no per-character tests), CRLF line ends, the table and the CSV line.
  const auto hdd = bonnie.import_capture("bonnie-1.03e-human-csv-crlf-hdd-chrisdew.txt");
  std::vector<std::string> ran;
  for (const auto& n : prefixed(""))
    if (!n.ends_with("_char")) ran.push_back(n);
  std::vector<std::string> ran_csv;
  for (const auto& n : ran) ran_csv.push_back("csv:" + n);
  BOOST_TEST(names(hdd) == concat(ran, ran_csv), tt::per_element());
  BOOST_TEST(hdd.version.value_or("") == "1.03e");
  BOOST_TEST(value(hdd, "seq_output_block", "throughput") == 68685 * K);
  BOOST_TEST(value(hdd, "csv:seq_input_block", "throughput") == 91856 * K);
  BOOST_TEST(value(hdd, "random_seeks", "ops_per_second") == 226.6, tt::tolerance(1e-12));
  for (const auto& n : slice(prefixed(""), 6, 12)) {
    expect_too_fast(hdd, n);
    expect_too_fast(hdd, "csv:" + n);
  }
  const auto ssd = bonnie.import_capture("bonnie-1.03e-human-csv-crlf-ssd-chrisdew.txt");
  BOOST_TEST(value(ssd, "random_seeks", "ops_per_second") == 7511);  // "%5.0f" in the table
  BOOST_TEST(value(ssd, "csv:random_seeks", "ops_per_second") == 7510.9, tt::tolerance(1e-12));
  BOOST_TEST(test_of(ssd, "csv:seq_output_block").parameters.at("machine") == "ubuntu");
}

BOOST_AUTO_TEST_CASE(runs_of_debian_bonnie_2_00a) {
  // Made on this project's machine with Debian 12's bonnie++ 2.00a+nmu1: a long machine name (each
  // table cuts it to its own width), then -s 0 -n 2:4096:1024:4 -q (the CSV line on stdout, the
  // table on stderr). The file table prints 2048 (the file count) for every file test that was
  // timed; the CSV line has the rates, with the directory count one field late.
  const std::string long_name =
      "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "a-very-long-mac 64M  481k  93 +++++ +++ +++++ +++  471k  79 +++++ +++ +++++ +++\n"
      "Latency             51060us     266us     217us   51037us    6631us   20070us\n"
      "Version 2.00a       ------Sequential Create------ --------Random Create--------\n"
      "a-very-long-machine -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
      "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "                  1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n"
      "Latency              8066us     195us    8249us    9011us      45us    4094us\n"
      "1.98,2.00a,a-very-long-machine-name-for-testing,1,1796143820,64M,,8192,5,481,93,+++++,+++,+++++,+++,471,79,+++++,+++,"
      "+++++,+++,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,51060us,266us,217us,51037us,6631us,"
      "20070us,8066us,195us,8249us,9011us,45us,4094us\n";
  const auto l = bonnie.import_text(long_name);
  BOOST_TEST(names(l) == concat(prefixed(""), prefixed("csv:")), tt::per_element());
  BOOST_TEST(test_of(l, "seq_output_char").parameters.at("machine") == "a-very-long-machine");
  BOOST_TEST(test_of(l, "seq_create").parameters.at("machine") == "a-very-long-machine");
  BOOST_TEST(test_of(l, "csv:seq_create").parameters.at("machine") == "a-very-long-machine-name-for-testing");
  BOOST_TEST(value(l, "seq_output_char", "throughput") == 481 * K);
  BOOST_TEST(value(l, "csv:seq_input_char", "throughput") == 471 * K);
  expect_too_fast(l, "seq_output_block");
  BOOST_TEST(value(l, "random_delete", "latency") == 0.004094, tt::tolerance(1e-12));

  const std::string files_only =
      "Version 2.00a       ------Sequential Create------ --------Random Create--------\n"
      "shortbox            -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
      "files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "      2:4096:1024/4 +++++ +++ +++++ +++  2048   6  2048  39 +++++ +++  2048   9\n"
      "Latency             12179us     173us   10530us   20406us    8122us   17824us\n"
      "1.98,2.00a,shortbox,1,1796144074,,,,,,,,,,,,,,,,,2,4096,1024,,4,+++++,+++,+++++,+++,2284,6,3488,39,+++++,+++,2707,9,,,,,"
      ",,12179us,173us,10530us,20406us,8122us,17824us\n";
  const auto f = bonnie.import_text(files_only);
  BOOST_TEST(names(f) == concat(slice(prefixed(""), 6, 12), slice(prefixed("csv:"), 6, 12)), tt::per_element());
  for (const char* t : {"seq_delete", "random_create", "random_delete"}) {
    const auto* rate = test_of(f, t).find("ops_per_second");
    BOOST_TEST_REQUIRE(rate != nullptr);
    BOOST_TEST(!rate->value.has_value());
    BOOST_TEST(rate->note.find("(2048)") != std::string::npos);
  }
  expect_too_fast(f, "seq_create");
  BOOST_TEST(value(f, "csv:seq_delete", "ops_per_second") == 2284);
  BOOST_TEST(value(f, "csv:random_create", "ops_per_second") == 3488);
  BOOST_TEST(value(f, "csv:random_delete", "ops_per_second") == 2707);
  BOOST_TEST(value(f, "random_create", "cpu_percent") == 39);
  BOOST_TEST(test_of(f, "seq_create").parameters.at("files") == "2:4096:1024/4");
  BOOST_TEST(test_of(f, "csv:seq_create").parameters.at("files") == "2:4096:1024/4");
  BOOST_TEST(!test_of(f, "csv:seq_create").parameters.count("chunk_size"));
  BOOST_TEST(test_of(f, "seq_create").parameters.at("machine") == "shortbox");
}

BOOST_AUTO_TEST_CASE(tables_of_bon_csv2txt) {
  // bon_csv2txt 2.00a on the two CSV lines of "bonnie++ -x 2 -f": one table row per run, the size
  // field "size:chunk:seeks:seekers", and "0k" (with %CP "+++") where the CSV line has "+++++". The
  // second run's last file cell is changed to a rate, to show that these tables' file rates are read.
  const std::string text =
      "Version     2.00a   ------Sequential Output------ --Sequential Input- --Random-\n"
      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "box2    64M::8192:5              0k +++    0k +++              0k +++ +++++ +++\n"
      "Latency                         287us    4627us               240us   16053us\n"
      "box2    64M::8192:5              0k +++    0k +++              0k +++ +++++ +++\n"
      "Latency                        8097us   18563us              8117us   16775us\n"
      "                    ------Sequential Create------ --------Random Create--------\n"
      "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
      "      files:max:min  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "box2              1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n"
      "Latency              2012us      56us     191us    8301us     113us     263us\n"
      "box2              1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ 12345   7\n"
      "Latency              9572us      95us     155us    8540us      49us    1760us\n";
  const auto r = bonnie.import_text(text);
  std::vector<std::string> ran;
  for (const auto& n : prefixed("")) if (!n.ends_with("_char")) ran.push_back(n);
  std::vector<std::string> second;
  for (const auto& n : ran) second.push_back(n + " #2");
  BOOST_TEST(names(r) == concat(ran, second), tt::per_element());
  const auto* block = test_of(r, "seq_output_block").find("throughput");
  BOOST_TEST_REQUIRE(block != nullptr);
  BOOST_TEST(!block->value.has_value());
  BOOST_TEST(block->note.starts_with("too fast to measure"));
  BOOST_TEST(value(r, "seq_output_block #2", "latency") == 0.008097, tt::tolerance(1e-12));
  BOOST_TEST(value(r, "random_seeks", "latency") == 0.016053, tt::tolerance(1e-12));
  BOOST_TEST(test_of(r, "random_seeks").find("cpu_percent") != nullptr);
  const auto& second_input = test_of(r, "seq_input_block #2");
  expect_parameters(second_input, {{"machine", "box2"}, {"size", "64M"}, {"seeks", "8192"}, {"seek_processes", "5"}});
  BOOST_TEST(!second_input.parameters.count("concurrency"));
  // Its file rates come from the CSV line: they are rates, unlike bonnie++ 2.00a's own table.
  expect_figures(r, "random_delete #2", {{"ops_per_second", 12345}, {"latency", 0.00176, 1e-12}});
  BOOST_TEST(test_of(r, "seq_create #2").parameters.at("files") == "1");
}

BOOST_AUTO_TEST_CASE(table_and_csv_of_1_03) {
  const auto r = bonnie.import_text(v103);
  // The table's machine name is cut to make room for the size; the CSV line still pairs with it.
  BOOST_TEST(names(r) == concat(prefixed(""), prefixed("csv:")), tt::per_element());
  BOOST_TEST(r.version.value_or("") == "1.03e");
  BOOST_TEST(value(r, "seq_output_char", "throughput") == 49012 * K);
  expect_figures(r, "random_seeks", {{"ops_per_second", 187.4, 1e-12}, {"cpu_percent", 0}});
  BOOST_TEST(value(r, "random_delete", "ops_per_second") == 11058);
  BOOST_TEST(test_of(r, "seq_output_char").find("latency") == nullptr);  // 1.03 measures none
  expect_too_fast(r, "seq_read");
  expect_too_fast(r, "csv:seq_delete");
  BOOST_TEST(test_of(r, "seq_output_char").parameters.at("machine") == "raid5-box.exampl");
  BOOST_TEST(test_of(r, "csv:seq_output_char").parameters.at("machine") == "raid5-box.example.org");
  BOOST_TEST(test_of(r, "seq_create").parameters.at("machine") == "raid5-box.exampl");
  BOOST_TEST(value(r, "csv:seq_create", "ops_per_second") == 3349);
}

BOOST_AUTO_TEST_CASE(blank_cells_wide_numbers_and_chunk_size) {
  // bonnie++ 1.03d -f with a chunk size and -n 16:100000:16:64 on a fast array: the per-character
  // cells are blank, and 7-digit rates overflow their "%5d" columns.
  const std::string text =
      "Version 1.03d       ------Sequential Output------ --Sequential Input- --Random-\n"
      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Machine   Size:chnk K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
      "fastbox      8G:64k           1234567  45 302114  20           2202114  38  9543  12\n"
      "                    ------Sequential Create------ --------Random Create--------\n"
      "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
      "files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "    16:100000:16/64  1200  30  5000  20  2400  25  1100  31  4800  18  2000  22\n";
  const auto r = bonnie.import_text(text);
  BOOST_TEST(r.find("seq_output_char") == nullptr);
  BOOST_TEST(r.find("seq_input_char") == nullptr);
  expect_figures(r, "seq_output_block", {{"throughput", 1234567 * K}, {"cpu_percent", 45}});
  expect_figures(r, "seq_output_rewrite", {{"throughput", 302114 * K}, {"cpu_percent", 20}});
  expect_figures(r, "seq_input_block", {{"throughput", 2202114 * K}, {"cpu_percent", 38}});
  expect_figures(r, "random_seeks", {{"ops_per_second", 9543}, {"cpu_percent", 12}});
  expect_parameters(test_of(r, "seq_output_block"), {{"size", "8G"}, {"chunk_size", "64k"}, {"machine", "fastbox"}});
  BOOST_TEST(test_of(r, "random_read").parameters.at("files") == "16:100000:16/64");
  BOOST_TEST(value(r, "random_read", "ops_per_second") == 4800);
  BOOST_TEST(r.format == "bonnie++ table");
}

BOOST_AUTO_TEST_CASE(csv_of_1_03_alone) {
  const auto r = bonnie.import_text("fastbox,8G:64k,,,1234567,45,302114,20,,,2202114,38,9543,12,16:100000:16/64,1200,30,5000,20,"
                             "2400,25,1100,31,4800,18,2000,22\n");
  BOOST_TEST(r.find("seq_output_char") == nullptr);
  BOOST_TEST(value(r, "seq_output_block", "throughput") == 1234567 * K);
  BOOST_TEST(value(r, "random_delete", "cpu_percent") == 22);
  BOOST_TEST(test_of(r, "seq_output_block").parameters.at("chunk_size") == "64k");
  BOOST_TEST(test_of(r, "seq_create").parameters.at("files") == "16:100000:16/64");
  BOOST_TEST(!r.version.has_value());
}

BOOST_AUTO_TEST_CASE(file_tests_alone_and_a_wrapped_row) {
  // -s 0 (no I/O tests) in 1.97: the machine name is on the table's second line.
  const std::string files =
      "Version  1.97       ------Sequential Create------ --------Random Create--------\n"
      "nfs-worker1         -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
      "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "                 16   407   7 +++++ +++  1328  12   526   6 +++++ +++  1704  13\n"
      "Latency             65891us   18799us   81134us   31558us    3596us   10771us\n";
  const auto f = bonnie.import_text(files);
  BOOST_TEST(names(f) == slice(prefixed(""), 6, 12), tt::per_element());
  BOOST_TEST(test_of(f, "seq_delete").parameters.at("machine") == "nfs-worker1");
  BOOST_TEST(value(f, "seq_delete", "latency") == 0.081134, tt::tolerance(1e-12));
  // A row broken after a long machine name, as a narrow terminal or a mail wraps it.
  const std::string wrapped =
      "Version  1.97       ------Sequential Output------ --Sequential Input- --Random-\n"
      "Concurrency   2     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
      "storage-node-17.dc1.example.com\n"
      "                 8G   912  95 401233  38 198411  21  4211  96 612004  27  1234  41\n"
      "Latency             12001us     402ms     903ms    8013us   91021us   55012us\n";
  const auto w = bonnie.import_text(wrapped);
  BOOST_TEST(names(w) == slice(prefixed(""), 0, 6), tt::per_element());
  expect_parameters(test_of(w, "seq_input_block"), {{"machine", "storage-node-17.dc1.example.com"}, {"size", "8G"},
                                                    {"concurrency", "2"}});
  BOOST_TEST(value(w, "seq_input_block", "throughput") == 612004 * K);
  BOOST_TEST(value(w, "random_seeks", "latency") == 0.055012, tt::tolerance(1e-12));
  BOOST_TEST(value(w, "seq_output_rewrite", "latency") == 0.903, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(blank_latencies_are_placed_by_column) {
  // 2.00 with -f and direct I/O: the per-character cells and their latencies are blank.
  const std::string text =
      "Version  2.00       ------Sequential Output------ --Sequential Input- --Random-\n"
      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
      "64G:4k::65536                 15.8m  19 60.5m  26            218m  31 279.1  13\n"
      "Latency                         659ms     517ms             61146us    3052ms\n";
  const auto r = bonnie.import_text(text);
  BOOST_TEST(names(r) == std::vector<std::string>({"seq_output_block", "seq_output_rewrite", "seq_input_block", "random_seeks"}),
             tt::per_element());
  expect_figures(r, "seq_output_block", {{"throughput", 15.8 * K * K, 1e-12}, {"latency", 0.659, 1e-12}});
  BOOST_TEST(value(r, "seq_output_rewrite", "latency") == 0.517, tt::tolerance(1e-12));
  expect_figures(r, "seq_input_block", {{"throughput", 218 * K * K}, {"latency", 0.061146, 1e-12}});
  expect_figures(r, "random_seeks", {{"ops_per_second", 279.1, 1e-12}, {"latency", 3.052, 1e-12}});
  const auto& seeks = test_of(r, "random_seeks");
  expect_parameters(seeks, {{"size", "64G"}, {"chunk_size", "4k"}, {"seeks", "65536"}});
  BOOST_TEST(!seeks.parameters.count("concurrency"));
  BOOST_TEST(!seeks.parameters.count("machine"));
}

BOOST_AUTO_TEST_CASE(several_runs_are_numbered) {
  const std::string one = bonnie.capture("bonnie-1.97-human-csv-boss-ansible-role-nfs.txt");
  const auto r = bonnie.import_text(one + one + one);
  BOOST_TEST(names(r) == concat(concat(concat(prefixed(""), prefixed("csv:")), concat(prefixed("", " #2"), prefixed("csv:", " #2"))),
                                concat(prefixed("", " #3"), prefixed("csv:", " #3"))),
             tt::per_element());
  BOOST_TEST(value(r, "seq_create #3", "ops_per_second") == 407);
  // CSV lines alone (bonnie++ -q -x 2): plain names, then " #2".
  const std::string csv = "1.97,1.97,a,1,1,2G,,1113,97,78993,7,75546,11,2102,92,271440,13,6863,53,16,,,,,407,7,+++++,+++,1328,12,"
                          "526,6,+++++,+++,1704,13,21103us,801ms,1565ms,19930us,21978us,9956us,65891us,18799us,81134us,31558us,"
                          "3596us,10771us\n";
  std::string second = csv;
  second.replace(second.find("78993"), 5, "80001");
  const auto q = bonnie.import_text(csv + second);
  BOOST_TEST(names(q) == concat(prefixed(""), prefixed("", " #2")), tt::per_element());
  BOOST_TEST(value(q, "seq_output_block #2", "throughput") == 80001 * K);
}

BOOST_AUTO_TEST_CASE(truncated_capture) {
  const std::string whole = bonnie.capture("bonnie-1.97-human-csv-boss-ansible-role-nfs.txt");
  // Cut inside the CSV line's last latency: the table is whole, the CSV line's last field is not read.
  const std::string cut = whole.substr(0, whole.rfind("us,") + 5);
  const auto r = bonnie.import_text(cut);
  BOOST_TEST(names(r).size() == 24U);
  BOOST_TEST(test_of(r, "csv:random_delete").find("latency") == nullptr);
  BOOST_TEST(value(r, "csv:random_read", "latency") == value(r, "random_read", "latency"));
  BOOST_TEST(!r.notes.empty());
  // Cut inside the file-creation row: the I/O tests stand, the cells the cut leaves are read.
  const auto table_cut = bonnie.import_text(whole.substr(0, whole.find("+++++ +++  1328")));
  BOOST_TEST(value(table_cut, "seq_input_block", "throughput") == 271440 * K);
  BOOST_TEST(value(table_cut, "seq_create", "ops_per_second") == 407);
  BOOST_TEST(table_cut.find("seq_delete") == nullptr);
  // Any prefix of any capture gives a record or a one-line error, never an exception.
  for (const char* name : {"bonnie-1.97-human-csv-boss-ansible-role-nfs.txt", "bonnie-2.00a-human-csv-chicken-house-wsl-ext4.txt",
                           "bonnie-1.96-csv-perfkitbenchmarker.txt"}) {
    bonnie.expect_prefixes_read_or_refused(bonnie.capture(name), 1);
  }
}

BOOST_AUTO_TEST_CASE(garbage_empty_and_header_only) {
  const std::string binary = std::string("\x01\xff\xfe") + std::string(26, ',') + "\x80\n";
  bonnie.expect_refused({std::string_view{}, "\n\n  \n", "hello, world\n", binary});
  const std::string header_only =
      "Version  1.97       ------Sequential Output------ --Sequential Input- --Random-\n"
      "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
  BOOST_TEST(importer_traits<bonnie_output>::detect(header_only));
  const auto r = raidbench::import_as<bonnie_output>(header_only);
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.message() == "bonnie++: no table row or CSV line with a result");
  // Rows of nonsense under a real header: nothing is made up from them.
  const auto junk = raidbench::import_as<bonnie_output>(std::string(header_only) + "this is not a row of figures at all\n");
  BOOST_TEST(!junk.has_value());
  // bonnie++'s progress lines alone (a run that was stopped): no result.
  BOOST_TEST(!raidbench::import_as<bonnie_output>("Writing a byte at a time...done\nWriting intelligently...").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
