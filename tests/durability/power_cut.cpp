// rb-durable end to end over loopback TCP: on an honest stack (a file on the local filesystem, the
// writer killed with SIGKILL in the middle) every acknowledged write is found; on a stack that
// acknowledges flushes it does not keep (raidbench_lying_fs, its daemon killed as the power cut)
// the lost writes are found, counted per flush method, classified, and the verdict says so.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "../support/lying_fs.hpp"
#include "durable_tool.hpp"

BOOST_AUTO_TEST_SUITE(power_cut_test)

using namespace raidbench::test;

BOOST_AUTO_TEST_CASE(an_honest_stack_keeps_every_acknowledged_write_of_a_killed_writer) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  const auto target = dir / "durable.dat";
  background_writer writer({"--server", server.address(), "--target", target.string(), "--size", "256k", "--method", "fsync",
                            "--method", "fdatasync", "--method", "dsync", "--method", "sync"},
                           dir / "write.err");
  // Killed once some writes are on the server's record, in the middle of its next ones.
  wait_for_record_past(dir / "record", 4096);
  writer.signal(SIGKILL);
  const auto end = writer.wait();
  BOOST_TEST_REQUIRE(end.by_signal);
  BOOST_TEST(writer.err().find("cut the power now") != std::string::npos, writer.err());

  const auto r = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted(target.string()) +
                           " --json=" + quoted((dir / "result.json").string()));
  BOOST_TEST(r.status == 0, r.out + r.err);
  const auto j = nlohmann::json::parse(slurp(dir / "result.json"));
  BOOST_TEST(j.at("this_cut").at("lost").get<int>() == 0, j.dump());
  BOOST_TEST(j.at("this_cut").at("checked").get<int>() > 0);
  BOOST_TEST(j.at("methods").size() >= 1u);
  BOOST_TEST(j.at("rebooted").get<bool>() == false);
  BOOST_TEST(j.at("durable").get<bool>() == true);
  BOOST_TEST(j.at("verdict").get<std::string>().starts_with("no acknowledged write lost in 1 cut ("));
  // Without a restart the test says what it did not test.
  BOOST_TEST(j.at("verdict").get<std::string>().find("only what the kernel kept was tested") != std::string::npos);
  BOOST_TEST(r.out.ends_with(j.at("verdict").get<std::string>() + "\n"), r.out);
}

BOOST_AUTO_TEST_CASE(a_stack_that_acknowledges_flushes_it_does_not_keep_is_caught) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  lying_fs fs(LYING_FS, dir / "mnt", dir / "metadata");
  const auto target = fs.path() / "durable.dat";
  const auto w = run_shell(rb_durable + " write --server " + server.address() + " --target " + quoted(target.string()) +
                           " --size 128k --writes 120 --method fsync --method fdatasync");
  BOOST_TEST_REQUIRE(w.status == 0, w.err);
  BOOST_TEST(w.err.find("120 writes acknowledged (fsync 60, fdatasync 60)") != std::string::npos, w.err);
  fs.power_cut();
  fs.mount();  // the file is back at its size, full of zeros

  const auto r = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted(target.string()) +
                           " --json");
  BOOST_TEST(r.status == 3, r.err);
  const auto j = nlohmann::json::parse(r.out);
  const auto checked = j.at("this_cut").at("checked").get<int>();
  BOOST_TEST(checked > 0);
  BOOST_TEST(checked <= 32);  // 128k of 4k blocks: each block's latest write
  BOOST_TEST(j.at("this_cut").at("lost").get<int>() == checked);
  BOOST_TEST(j.at("this_cut").at("acknowledged").get<int>() == 120);
  for (const char* m : {"fsync", "fdatasync"}) {
    BOOST_TEST(j.at("methods").at(m).at("lost").get<int>() > 0, m);
    BOOST_TEST(j.at("methods").at(m).at("missing").get<int>() == j.at("methods").at(m).at("lost").get<int>(), m);
  }
  BOOST_TEST(j.at("lost_writes")[0].at("found").get<std::string>() == "missing");
  BOOST_TEST(j.at("lost_writes")[0].at("detail").get<std::string>() == "zeros");
  BOOST_TEST(j.at("durable").get<bool>() == false);
  BOOST_TEST(j.at("verdict").get<std::string>() ==
             std::to_string(checked) + " of " + std::to_string(checked) +
                 " acknowledged writes lost: something between the kernel and the media acknowledges flushes it does not keep");

  // A second cut of the same target, this time verified while the daemon still holds the data: the
  // totals keep the first cut's losses, so no later run can make the target look durable.
  const auto again = run_shell(rb_durable + " write --server " + server.address() + " --target " + quoted(target.string()) +
                               " --size 128k --writes 40");
  BOOST_TEST_REQUIRE(again.status == 0, again.err);
  const auto second = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted(target.string()));
  BOOST_TEST(second.status == 3, second.out + second.err);
  BOOST_TEST(second.out.find("acknowledged writes lost in 2 cuts: something between") != std::string::npos, second.out);
}

BOOST_AUTO_TEST_SUITE_END()
