#include "raidbench/run/runner.hpp"

#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"

using namespace raidbench;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(runner_test)

BOOST_AUTO_TEST_CASE(sequential_write_then_read_one_pass) {
  test::temp_dir dir;
  const auto path = dir / "data";
  auto w = run(workload(mix::writes, block{64_KiB}, target::file{path, 4_MiB}, stop::after{.one_pass = true},
                        sync::fdatasync_at_end));
  BOOST_TEST_REQUIRE(w.has_value(), (w ? "" : w.message()));
  BOOST_TEST(fs::file_size(path) == 4_MiB);
  BOOST_TEST(w->stats.of(op_kind::write).ops == 64u);
  BOOST_TEST(w->stats.of(op_kind::write).bytes == 4_MiB);
  BOOST_TEST(w->stats.of(op_kind::flush).ops == 1u);
  BOOST_TEST(w->stats.of(op_kind::read).ops == 0u);

  auto r = run(workload(target::file{path, 4_MiB}, block{4_KiB}, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 1024u);
  BOOST_TEST(r->stats.of(op_kind::read).bytes == 4_MiB);
  BOOST_TEST(r->stats.events() == 1024u);
  BOOST_TEST(r->workload.access == "sequential");
  BOOST_TEST(r->workload.mix == "read");
}

BOOST_AUTO_TEST_CASE(random_mixed_over_a_file_set_with_threads_and_periodic_fsync) {
  test::temp_dir dir;
  target::file_set set{dir.path(), 4, 4_MiB};
  auto prep = run(workload(mix::writes, block{1_MiB}, set, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(prep.has_value(), (prep ? "" : prep.message()));
  for (std::uint32_t i = 0; i < 4; ++i) BOOST_TEST(fs::file_size(set.path_of(i)) == 1_MiB);

  auto r = run(workload(access::random, mix::read_write{1.5}, block{4_KiB}, set, threads{2},
                        sync::fsync_every{10}, stop::after{.ops = 2000}, seed{42}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  const auto reads = r->stats.of(op_kind::read).ops, writes = r->stats.of(op_kind::write).ops;
  BOOST_TEST(reads + writes == 2000u);
  // 1.5 reads per write: 60% reads, within a generous sampling margin.
  BOOST_TEST(reads > 1100u);
  BOOST_TEST(reads < 1300u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops >= writes / 10 - 2);
  BOOST_TEST(r->stats.thread_events.size() == 2u);
  BOOST_TEST(r->stats.thread_events[0] + r->stats.thread_events[1] == 2000u);
  BOOST_TEST(r->workload.read_fraction == 0.6, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(same_seed_same_mix) {
  test::temp_dir dir;
  const auto path = dir / "f";
  BOOST_TEST_REQUIRE(run(workload(mix::writes, target::file{path, 1_MiB}, stop::after{.one_pass = true})).has_value());
  auto once = [&] {
    return run(workload(access::random, mix::read_percent{30}, target::file{path, 1_MiB}, stop::after{.ops = 500}, seed{9}));
  };
  auto a = once(), b = once();
  BOOST_TEST_REQUIRE((a && b));
  BOOST_TEST(a->stats.of(op_kind::read).ops == b->stats.of(op_kind::read).ops);
}

BOOST_AUTO_TEST_CASE(io_uring_and_mmap_engines) {
  test::temp_dir dir;
  const auto path = dir / "f";
  auto w = run(workload(engine::io_uring, queue_depth{8}, mix::writes, block{16_KiB}, target::file{path, 2_MiB},
                        sync::fdatasync_every{16}, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(w.has_value(), (w ? "" : w.message()));
  BOOST_TEST(w->stats.of(op_kind::write).ops == 128u);
  BOOST_TEST(w->stats.of(op_kind::flush).ops == 8u);
  BOOST_TEST(fs::file_size(path) == 2_MiB);

  auto r = run(workload(engine::io_uring, queue_depth{32}, access::random, target::file{path, 2_MiB}, stop::after{.ops = 1000}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 1000u);
  BOOST_TEST(r->stats.of(op_kind::read).bytes == 1000u * 4096u);

  auto m = run(workload(engine::mmap, mix::read_write{1.0}, access::random, target::file{path, 2_MiB},
                        sync::fsync_every{50}, stop::after{.ops = 1000}));
  BOOST_TEST_REQUIRE(m.has_value(), (m ? "" : m.message()));
  BOOST_TEST(m->stats.events() == 1000u);
  BOOST_TEST(m->stats.of(op_kind::flush).ops > 0u);
}

BOOST_AUTO_TEST_CASE(stream_engine_reads_a_pipe_to_its_end) {
  int fds[2];
  BOOST_TEST_REQUIRE(::pipe(fds) == 0);
  std::thread writer([&] {
    std::vector<char> chunk(1000, 'x');
    for (int i = 0; i < 100; ++i) (void)!::write(fds[1], chunk.data(), chunk.size());
    ::close(fds[1]);
  });
  auto r = run(workload(engine::stream, block{4096}, target::descriptor{fds[0]}, stop::after{}));
  writer.join();
  ::close(fds[0]);
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).bytes == 100000u);
}

BOOST_AUTO_TEST_CASE(time_limit_stops_the_run) {
  test::temp_dir dir;
  const auto path = dir / "f";
  BOOST_TEST_REQUIRE(run(workload(mix::writes, target::file{path, 256_KiB}, stop::after{.one_pass = true})).has_value());
  auto r = run(workload(access::random, target::file{path, 256_KiB}, stop::after{200ms}));
  BOOST_TEST_REQUIRE(r.has_value());
  BOOST_TEST(r->stats.elapsed_ns >= 200'000'000u);
  BOOST_TEST(r->stats.events() > 0u);
}

BOOST_AUTO_TEST_CASE(a_stop_request_gives_a_partial_result) {
  test::temp_dir dir;
  const auto path = dir / "f";
  BOOST_TEST_REQUIRE(run(workload(mix::writes, target::file{path, 256_KiB}, stop::after{.one_pass = true})).has_value());
  std::atomic<bool> stop{false};
  run_options options;
  options.progress_interval = 20ms;
  int snapshots = 0;
  options.on_progress = [&](const progress_snapshot& s) {
    ++snapshots;
    BOOST_TEST(s.elapsed_ns > 0u);
    stop = true;
  };
  options.stop_flag = &stop;
  auto r = run(workload(access::random, target::file{path, 256_KiB}, stop::after{std::chrono::hours(1)}), options);
  BOOST_TEST_REQUIRE(r.has_value());
  BOOST_TEST(r->stats.interrupted);
  BOOST_TEST(snapshots >= 1);
}

BOOST_AUTO_TEST_CASE(user_errors_are_one_line_and_leave_no_file) {
  test::temp_dir dir;
  auto missing = run(workload(target::file{dir / "nope", 1_MiB}));
  BOOST_TEST_REQUIRE(!missing);
  BOOST_TEST(missing.message().find("nope: No such file or directory") != std::string::npos);

  auto no_dir = run(workload(mix::writes, target::file{dir / "absent" / "f", 1_MiB}));
  BOOST_TEST_REQUIRE(!no_dir);
  BOOST_TEST(no_dir.message().find("No such file or directory") != std::string::npos);

  auto tiny = run(workload(mix::writes, block{8_KiB}, target::file{dir / "t", 4_KiB}));
  BOOST_TEST_REQUIRE(!tiny);
  BOOST_TEST(tiny.message().find("smaller than one block") != std::string::npos);
  BOOST_TEST(!fs::exists(dir / "t"));

  auto misaligned = run(workload(mix::writes, block{1000}, open::direct, target::file{dir / "d", 1_MiB}));
  BOOST_TEST_REQUIRE(!misaligned);
  BOOST_TEST(misaligned.message() == "O_DIRECT needs a block size that is a multiple of 512 bytes, not 1000");

  auto mmap_direct = run(workload(engine::mmap, open::dynamic{O_DIRECT}, target::file{dir / "m", 1_MiB}));
  BOOST_TEST_REQUIRE(!mmap_direct);
  BOOST_TEST(mmap_direct.message().find("mmap engine cannot use O_DIRECT") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(o_direct_refusal_is_named) {
  BOOST_TEST(system_failure("open with O_DIRECT", "/x", EINVAL).message ==
             "open with O_DIRECT /x: Invalid argument (the filesystem refuses O_DIRECT; tmpfs does)");
  // tmpfs refuses O_DIRECT before Linux 6.6 and accepts it since: the run must agree with the kernel.
  if (!fs::is_directory("/dev/shm")) return;
  test::temp_dir dir("/dev/shm");
  const int probe = ::open((dir / "probe").c_str(), O_CREAT | O_WRONLY | O_DIRECT, 0600);
  const bool refused = probe < 0 && errno == EINVAL;
  if (probe >= 0) ::close(probe);
  auto r = run(workload(mix::writes, open::direct, target::file{dir / "x", 1_MiB}, stop::after{.one_pass = true}));
  BOOST_TEST(r.has_value() == !refused);
  if (refused) {
    BOOST_TEST(r.message().find("tmpfs") != std::string::npos);
    BOOST_TEST(!fs::exists(dir / "x"));
  }
}

BOOST_AUTO_TEST_CASE(totals_count_ops_and_flushes_without_histograms) {
  test::temp_dir dir;
  const auto path = dir / "data";
  auto w = run(workload(mix::writes, timing::totals, block{4_KiB}, target::file{path, 1_MiB},
                        sync::fdatasync_every{64}, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(w.has_value(), (w ? "" : w.message()));
  BOOST_TEST(w->stats.of(op_kind::write).ops == 256u);
  BOOST_TEST(w->stats.of(op_kind::write).bytes == 1_MiB);
  BOOST_TEST(w->stats.of(op_kind::flush).ops == 4u);
  BOOST_TEST(w->stats.events() == 256u);
  for (const auto& k : w->stats.kinds) BOOST_TEST(k.latency.count() == 0u);
  BOOST_TEST(w->stats.elapsed_ns > 0u);
  BOOST_TEST(w->workload.timing == "totals");

  auto timed = run(workload(block{4_KiB}, target::file{path, 1_MiB}, stop::after{.ops = 100}));
  BOOST_TEST_REQUIRE(timed.has_value(), (timed ? "" : timed.message()));
  BOOST_TEST(timed->stats.of(op_kind::read).latency.count() == timed->stats.of(op_kind::read).ops);
  BOOST_TEST(timed->workload.timing == "per_call");
}

BOOST_AUTO_TEST_CASE(policies_chosen_at_run_time_do_what_their_values_say) {
  // mix::chosen_writes and sync::chosen: a tool's options fill them, and their values — not their
  // types — decide between write and rewrite, and which flushes.
  test::temp_dir dir;
  const target::file missing{dir / "missing", 1_MiB};
  auto refused = run(workload(mix::chosen_writes{.over_existing = true}, block{4_KiB}, missing, stop::after{.ops = 10}));
  BOOST_TEST_REQUIRE(!refused.has_value());  // a rewrite does not create the file a write would
  BOOST_TEST(refused.message().find("No such file") != std::string::npos, refused.message());
  BOOST_TEST(!fs::exists(missing.path));

  const target::file file{dir / "data", 448_KiB};
  auto written = run(workload(mix::chosen_writes{}, sync::chosen<false>{sync::call::fdatasync, true}, block{4_KiB}, file,
                              stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(written.has_value(), (written ? "" : written.message()));
  BOOST_TEST(written->workload.mix == "write");
  BOOST_TEST(written->workload.sync == "fdatasync_at_end");
  BOOST_TEST(written->workload.sync_at_end);
  BOOST_TEST(written->stats.of(op_kind::write).ops == 112u);
  BOOST_TEST(written->stats.of(op_kind::flush).ops == 1u);

  auto unflushed = run(workload(mix::chosen_writes{.over_existing = true}, sync::chosen<false>{sync::call::fsync, false},
                                block{4_KiB}, file, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(unflushed.has_value(), (unflushed ? "" : unflushed.message()));
  BOOST_TEST(unflushed->workload.mix == "rewrite");
  BOOST_TEST(unflushed->workload.sync == "none");
  BOOST_TEST(!unflushed->workload.sync_at_end);
  BOOST_TEST(unflushed->stats.of(op_kind::flush).ops == 0u);

  auto periodic = run(workload(mix::chosen_writes{.over_existing = true}, sync::chosen<true>{sync::call::fdatasync, true, 7},
                               block{4_KiB}, file, stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(periodic.has_value(), (periodic ? "" : periodic.message()));
  BOOST_TEST(periodic->workload.sync == "fdatasync_every");
  BOOST_TEST(periodic->workload.sync_every == 7u);
  BOOST_TEST(periodic->stats.of(op_kind::flush).ops == 17u);  // one per 7 writes, and the one at the end
}

// A tool holds its directory for all its runs (target `in`): a path swapped for a link to another
// directory between runs, or during one, carries no open, write or removal there.
BOOST_AUTO_TEST_CASE(a_target_in_a_held_directory_stays_there_when_its_path_is_swapped) {
  test::temp_dir dir;
  fs::create_directory(dir / "decoy");
  for (const char* name : {"set.0", "set.1"}) std::ofstream(dir / "decoy" / name) << "root's " << name << '\n';
  auto held = held_directory::open_or_create(dir / "scratch", named_by::user);
  BOOST_TEST_REQUIRE(held.has_value(), (held ? "" : held.message()));
  const target::file_set set{.count = 2, .total_size = 256_KiB, .prefix = "set.", .in = &*held};
  BOOST_TEST_REQUIRE(run(workload(mix::writes, block{64_KiB}, set, stop::after{.one_pass = true})).has_value());
  BOOST_TEST(set.path_of(1) == dir / "scratch" / "set.1");

  fs::rename(dir / "scratch", dir / "moved");
  fs::create_symlink("decoy", dir / "scratch");
  auto mixed = run(workload(access::random, mix::read_write{1.0}, block{4_KiB}, set, stop::after{.ops = 200}));
  BOOST_TEST_REQUIRE(mixed.has_value(), (mixed ? "" : mixed.message()));
  BOOST_TEST(mixed->workload.path == (dir / "scratch").string());  // as named, for the report
  for (bool on_writer : {false, true}) {
    auto reopened = run(workload(mix::rewrite, engine::reopen_t{.flush_on_writer = on_writer}, block{4_KiB},
                                 target::file{"set.0", 8_KiB, &*held}, sync::fsync_every{1}, stop::after{.ops = 4}));
    BOOST_TEST_REQUIRE(reopened.has_value(), (reopened ? "" : reopened.message()));
  }
  auto mapped = run(workload(engine::mmap, mix::writes, block{4_KiB}, target::file{"mapped", 64_KiB, &*held},
                             stop::after{.one_pass = true}));
  BOOST_TEST_REQUIRE(mapped.has_value(), (mapped ? "" : mapped.message()));
  BOOST_TEST(fs::file_size(dir / "moved" / "mapped") == 64_KiB);

  held->remove_created();
  BOOST_TEST(fs::is_empty(dir / "moved"));
  for (const char* name : {"set.0", "set.1"})
    BOOST_TEST(test::slurp(dir / "decoy" / name) == std::string("root's ") + name + "\n");
  BOOST_TEST(!fs::exists(dir / "decoy" / "mapped"));
}

BOOST_AUTO_TEST_SUITE_END()
