// A power-cut test joins the one judgement: `--durability FILE` (the JSON of rb-durable verify) on
// raidbench, rb-fsync and rb-compare, through the one option handler (session/durability_option.hpp),
// and the flush verdict says what the test proved, for which device and when.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "../support/lying_fs.hpp"
#include "durable_tool.hpp"
#include "raidbench/durability/proof.hpp"

BOOST_AUTO_TEST_SUITE(judgement_test)

using namespace raidbench::test;

const std::string suite = RAIDBENCH_SUITE, rb_fsync = RB_FSYNC, rb_compare = RB_COMPARE;

/// The flush verdicts of a raidbench report.
std::vector<nlohmann::json> flush_verdicts(const nlohmann::json& report) {
  std::vector<nlohmann::json> out;
  for (const auto& v : report.at("verdicts"))
    if (v.at("rule") == "flush_faster_than_media") out.push_back(v);
  return out;
}

BOOST_AUTO_TEST_CASE(raidbench_says_what_the_power_cut_test_of_its_device_proved) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  const auto target = dir / "durable.dat";
  BOOST_TEST_REQUIRE(run_shell(rb_durable + " write --server " + server.address() + " --target " + quoted(target.string()) +
                               " --size 64k --writes 40 --method fdatasync").status == 0);
  const auto result = dir / "cut.json";
  const auto v = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted(target.string()) +
                           " --json=" + quoted(result.string()));
  BOOST_TEST_REQUIRE(v.status == 0, v.err);
  const auto proof = raidbench::read_durability_proof(result.string());
  BOOST_TEST_REQUIRE(proof.has_value(), (proof ? std::string() : proof.message()));
  BOOST_TEST(proof->lost == 0u);
  BOOST_TEST(proof->rebooted_cuts == 0u);
  BOOST_TEST(proof->methods == std::vector<std::string>{"fdatasync"});

  const std::string run = suite + " --dir " + quoted((dir / "scratch").string()) +
                          " --quick --size 1M --test-seconds 0.05 --no-controller --no-progress --json --durability ";
  // No restart between writing and verifying: shown, and not taken as proof.
  auto r = run_shell(run + quoted(result.string()));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  auto verdicts = flush_verdicts(nlohmann::json::parse(r.out));
  BOOST_TEST_REQUIRE(!verdicts.empty());
  for (const auto& f : verdicts) {
    BOOST_TEST(!f.at("message").get<std::string>().starts_with("proven"), f.dump());
    const std::string evidence = f.at("evidence").back();
    BOOST_TEST((evidence.find("had no restart between writing and verifying") != std::string::npos ||
                evidence.find("not under these files") != std::string::npos), evidence);
  }
  // The same result as after a real power cut and reboot, which a test cannot make: the verdict is the proof.
  auto j = nlohmann::json::parse(slurp(result));
  j["cuts"]["rebooted"] = 1;
  std::ofstream(dir / "rebooted.json") << j.dump();
  r = run_shell(run + quoted((dir / "rebooted.json").string()));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  verdicts = flush_verdicts(nlohmann::json::parse(r.out));
  BOOST_TEST_REQUIRE(!verdicts.empty());
  const std::string expected = "proven by a power-cut test on " + proof->device + " (verified " + proof->verified_at +
                               "): no acknowledged write lost in 1 cut(s) across a restart (40 writes)";
  for (const auto& f : verdicts) {
    BOOST_TEST(f.at("message").get<std::string>().starts_with(expected), f.dump());
    BOOST_TEST(f.at("fired").get<bool>() == false);
  }
}

BOOST_AUTO_TEST_CASE(rb_compare_judges_an_imported_side_by_its_power_cut_test) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  lying_fs fs(LYING_FS, dir / "mnt", dir / "metadata");
  const auto target = fs.path() / "durable.dat";
  BOOST_TEST_REQUIRE(run_shell(rb_durable + " write --server " + server.address() + " --target " + quoted(target.string()) +
                               " --size 64k --writes 30").status == 0);
  fs.power_cut();
  fs.mount();
  const auto result = dir / "cut.json";
  const auto v = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted(target.string()) +
                           " --json=" + quoted(result.string()));
  BOOST_TEST_REQUIRE(v.status == 3, v.err);
  const auto lost = nlohmann::json::parse(slurp(result)).at("cuts").at("lost").get<int>();
  const std::string pg = "imports/pg_test_fsync/pg_test_fsync-quoted-header-nvme-write-";
  const auto r = run_shell(rb_compare + " A=" + fixture_arg(pg + "back-fanyang89.txt") + " B=" +
                           fixture_arg(pg + "through-fanyang89.txt") + " --durability A=" + quoted(result.string()));
  BOOST_TEST_REQUIRE(r.status == 0, r.err);
  BOOST_TEST(r.out.find("A: [critical] flush_faster_than_media (two_writes/fdatasync): proven by a power-cut test on ") !=
                 std::string::npos, r.out);
  BOOST_TEST(r.out.find("(asserted to be this run's device)") != std::string::npos);
  BOOST_TEST(r.out.find(": " + std::to_string(lost) + " of " + std::to_string(lost) + " acknowledged writes lost, so something") !=
             std::string::npos, r.out);
  // Side B has no power-cut test: inferred as before.
  BOOST_TEST(r.out.find("B: [warning] flush_faster_than_media") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(a_file_that_is_no_power_cut_test_is_one_line_before_anything_runs) {
  temp_dir dir;
  std::ofstream(dir / "report.json") << R"({"tool": "raidbench", "verdicts": []})";
  std::ofstream(dir / "counts.json") << R"({"tool": "rb-durable", "kind": "durability", "target": "t", "device": "sda",
    "verified_at": "x", "methods": {}, "cuts": {"count": 1, "rebooted": 1, "acknowledged": 5, "checked": 2, "lost": 3}})";
  const std::string not_a_result = " is not a result of rb-durable verify --json: no \"tool\": \"rb-durable\", \"kind\": \"durability\"";
  const auto bad = quoted((dir / "report.json").string());
  auto r = run_shell(suite + " --dir " + quoted((dir / "s").string()) + " --durability " + bad);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "raidbench: --durability: " + (dir / "report.json").string() + not_a_result + "\n", r.err);
  BOOST_TEST(!std::filesystem::exists(dir / "s"));  // nothing ran
  r = run_shell(rb_fsync + " -f " + quoted((dir / "f").string()) + " --durability=" + quoted((dir / "counts.json").string()));
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.out.empty());
  BOOST_TEST(r.err == "rb-fsync: error: --durability: " + (dir / "counts.json").string() +
                         " is not a result of rb-durable verify --json: \"cuts\" counts that contradict each other\n", r.err);
  r = run_shell(rb_compare + " A=" + fixture_arg("imports/pg_test_fsync/pg_test_fsync-f-option-virtio-fanyang89.txt") +
                " B=" + fixture_arg("imports/pg_test_fsync/pg_test_fsync-f-option-virtio-fanyang89.txt") + " --durability A=" + bad);
  BOOST_TEST(r.status == 1);
  BOOST_TEST(r.err == "rb-compare: --durability: " + (dir / "report.json").string() + not_a_result + "\n", r.err);
}

BOOST_AUTO_TEST_SUITE_END()
