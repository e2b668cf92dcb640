#include "raidbench/run/copy_run.hpp"

#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"
#include "../support/unreadable_page_input.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/run/partial_read_watch.hpp"
#include "raidbench/core/units.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

namespace raidbench {
std::ostream& operator<<(std::ostream& os, const record_counts& r) {
  return os << r.full_in << '+' << r.partial_in << " in, " << r.full_out << '+' << r.partial_out << " out";
}
}  // namespace raidbench

namespace {

using test::slurp;

void spill(const fs::path& p, const std::string& data) {
  std::ofstream(p, std::ios::binary) << data;
}

std::string pattern(std::size_t n) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + i % 26);
  return s;
}

struct ends {
  file_descriptor in, out;
  ends(const fs::path& from, const fs::path& to)
      : in(::open(from.c_str(), O_RDONLY | O_CLOEXEC)), out(::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) {}
  target::pair pair() const { return {in.get(), out.get()}; }
};

// Copies `n` bytes of pattern from a file to a new one, by the copy workload of `settings` with the
// pair of files as its target and no stop but the end; the new file must hold them all.
template <class... Settings>
auto copy_whole_file(std::size_t n, Settings... settings) {
  test::temp_dir dir;
  const std::string data = pattern(n);
  spill(dir / "in", data);
  ends e(dir / "in", dir / "out");
  auto r = run(workload(settings..., e.pair(), stop::after{}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(slurp(dir / "out") == data);
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(copy_run_test)

BOOST_AUTO_TEST_CASE(stream_copy_counts_full_and_partial_records) {
  const auto r = copy_whole_file(10000, mix::copy{}, engine::stream, block{4096});
  BOOST_TEST(r->stats.records == (record_counts{2, 1, 2, 1, 0}));
  BOOST_TEST(r->stats.of(op_kind::read).bytes == 10000u);
  BOOST_TEST(r->stats.of(op_kind::write).bytes == 10000u);
  BOOST_TEST(r->stats.of(op_kind::read).ops == 4u);  // three records and the read that found the end
  BOOST_TEST(r->stats.of(op_kind::write).ops == 3u);
  BOOST_TEST(r->workload.mix == "copy");
  BOOST_TEST(r->workload.target == "pair");
}

BOOST_AUTO_TEST_CASE(totals_count_every_call_and_leave_the_histograms_empty) {
  const auto r = copy_whole_file(10000, mix::copy{}, engine::stream, timing::totals, sync::fsync_at_end, block{4096});
  BOOST_TEST(r->stats.records == (record_counts{2, 1, 2, 1, 0}));
  BOOST_TEST(r->stats.of(op_kind::read).ops == 4u);
  BOOST_TEST(r->stats.of(op_kind::write).ops == 3u);
  BOOST_TEST(r->stats.of(op_kind::flush).ops == 1u);
  BOOST_TEST(r->stats.of(op_kind::write).bytes == 10000u);
  for (const auto& k : r->stats.kinds) BOOST_TEST(k.latency.count() == 0u);  // nothing timed, nothing made up
  BOOST_TEST(r->stats.elapsed_ns > 0u);
  BOOST_TEST(r->workload.timing == "totals");
}

BOOST_AUTO_TEST_CASE(output_blocks_differ_from_input_records) {
  const auto r = copy_whole_file(2500, mix::copy{.output_block = 1000}, engine::stream, block{512});
  BOOST_TEST(r->stats.records == (record_counts{4, 1, 2, 1, 0}));
  BOOST_TEST(r->stats.of(op_kind::write).ops == 3u);
}

BOOST_AUTO_TEST_CASE(record_limit_tail_and_padding) {
  test::temp_dir dir;
  const std::string data = pattern(5000);
  spill(dir / "in", data);
  {
    ends e(dir / "in", dir / "out");
    auto r = run(workload(mix::copy{.records = 2, .tail_bytes = 100}, engine::stream, block{1000}, e.pair(), stop::after{}));
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(slurp(dir / "out") == data.substr(0, 2100));
    BOOST_TEST(r->stats.records == (record_counts{2, 1, 2, 1, 0}));
  }
  {
    ends e(dir / "in", dir / "out");
    auto r = run(workload(mix::copy{.pad_short_reads = true}, engine::stream, block{3000}, e.pair(), stop::after{}));
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(slurp(dir / "out") == data + std::string(1000, '\0'));
    BOOST_TEST(r->stats.records == (record_counts{1, 1, 2, 0, 0}));
  }
}

BOOST_AUTO_TEST_CASE(fill_blocks_joins_short_pipe_reads) {
  for (bool fill : {false, true}) {
    int fds[2];
    BOOST_TEST_REQUIRE(::pipe(fds) == 0);
    file_descriptor read_end(fds[0]);
    std::thread writer([&] {
      // Two writes, the second once the copy has read the first (FIONREAD is 0; at most 10 s): the
      // first read sees only the first part, however late the copy starts.
      (void)!::write(fds[1], "abc", 3);
      int unread = 3;
      for (int i = 0; i < 2000 && ::ioctl(fds[1], FIONREAD, &unread) == 0 && unread != 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      (void)!::write(fds[1], "defgh", 5);
      ::close(fds[1]);
    });
    test::temp_dir dir;
    file_descriptor out(::open((dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    auto r = run(workload(mix::copy{.fill_blocks = fill, .records = 2}, engine::stream, block{4},
                          target::pair{read_end.get(), out.get()}, stop::after{}));
    writer.join();
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    if (fill) {
      BOOST_TEST(slurp(dir / "out") == "abcdefgh");
      BOOST_TEST(r->stats.records == (record_counts{2, 0, 2, 0, 0}));
    } else {
      BOOST_TEST(slurp(dir / "out") == "abcdefg");
      BOOST_TEST(r->stats.records == (record_counts{1, 1, 1, 1, 0}));
    }
  }
}

BOOST_AUTO_TEST_CASE(psync_copy_starts_at_the_offsets_and_flushes_at_end) {
  test::temp_dir dir;
  const std::string data = pattern(64_KiB);
  spill(dir / "in", data);
  spill(dir / "out", std::string(8_KiB, 'z'));
  file_descriptor in(::open((dir / "in").c_str(), O_RDONLY | O_CLOEXEC));
  file_descriptor out(::open((dir / "out").c_str(), O_WRONLY | O_CLOEXEC));
  auto r = run(workload(mix::copy{.records = 4}, engine::psync, block{4_KiB}, sync::fdatasync_at_end,
                        target::pair{in.get(), out.get(), 16_KiB, 4_KiB}, stop::after{}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(slurp(dir / "out") == std::string(4_KiB, 'z') + data.substr(16_KiB, 16_KiB));
  BOOST_TEST(r->stats.of(op_kind::flush).ops == 1u);
  BOOST_TEST(r->stats.of(op_kind::read).latency.count() == 4u);
  BOOST_TEST(r->stats.of(op_kind::write).latency.count() == 4u);
}

BOOST_AUTO_TEST_CASE(a_failed_write_is_named_and_still_counted) {
  if (!fs::exists("/dev/full")) return;
  test::temp_dir dir;
  spill(dir / "in", pattern(3000));
  file_descriptor in(::open((dir / "in").c_str(), O_RDONLY | O_CLOEXEC));
  file_descriptor full(::open("/dev/full", O_WRONLY | O_CLOEXEC));
  progress_snapshot last;
  run_options options;
  options.final_snapshot = &last;
  auto r = run(workload(mix::copy{}, engine::stream, block{1000}, target::pair{in.get(), full.get()}, stop::after{}),
               options);
  BOOST_TEST_REQUIRE(!r.has_value());
  BOOST_TEST(r.message() == "write destination: No space left on device (the filesystem is full)");
  BOOST_TEST(r.err().errnum == ENOSPC);
  BOOST_TEST(last.records == (record_counts{1, 0, 0, 0, 0}));
}

// Through an input whose second page fails with EIO ('a', bad, 'c', 'd'): without
// continue_after_read_error the copy ends there with the errno; with it the copy reports the error
// and goes on past the bad block, and pad_short_reads writes the lost record as zeros, after what
// a fill_blocks record had read before the error (as dd's zeroed buffer keeps it).
BOOST_AUTO_TEST_CASE(read_errors_end_the_copy_or_are_skipped) {
  const test::unreadable_page_input input;
  constexpr std::size_t page = test::unreadable_page_input::page;
  test::temp_dir dir;
  const auto copy = [&](const mix::copy& policy, std::uint64_t record, const run_options& options) {
    file_descriptor out(::open((dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    const target::pair ends{input.fd(), out.get(), static_cast<std::uint64_t>(input.start()), 0};
    return run(workload(policy, engine::psync, block{record}, ends, stop::after{}), options);
  };
  {
    auto r = copy(mix::copy{.records = 3}, page, {});
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.err().errnum == EIO);
    BOOST_TEST(r.message() == "read source: Input/output error");
    BOOST_TEST(slurp(dir / "out") == std::string(page, 'a'));
  }
  {
    std::vector<int> errors;
    run_options options;
    options.on_read_error = [&](int errnum, const progress_snapshot& so_far) {
      errors.push_back(errnum);
      BOOST_TEST(so_far.records == (record_counts{1, 0, 1, 0, 0}));
    };
    auto r = copy(mix::copy{.pad_short_reads = true, .continue_after_read_error = true, .records = 3}, page, options);
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST(errors == std::vector<int>{EIO}, boost::test_tools::per_element());
    BOOST_TEST((slurp(dir / "out") == std::string(page, 'a') + std::string(page, '\0') + std::string(page, 'c')));
    BOOST_TEST(r->stats.records == (record_counts{2, 1, 3, 0, 0}));
  }
  {
    // 6 KiB records: the first reads 4 KiB of 'a', then fails; the second starts in the bad page.
    auto r = copy(mix::copy{.fill_blocks = true, .pad_short_reads = true, .continue_after_read_error = true, .records = 2},
                  6 * 1024, {});
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST((slurp(dir / "out") == std::string(page, 'a') + std::string(2 * 1024 + 6 * 1024, '\0')));
    BOOST_TEST(r->stats.records == (record_counts{0, 2, 2, 0, 0}));
  }
  {
    // Without padding a lost record is not written at all; the copy resumes at 'c'.
    auto r = copy(mix::copy{.continue_after_read_error = true, .records = 2}, page, {});
    BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
    BOOST_TEST((slurp(dir / "out") == std::string(page, 'a') + std::string(page, 'c')));
  }
}

// dd's rule: a read that returns data after one that returned less than this one asks for reveals
// that short read, once.
BOOST_AUTO_TEST_CASE(partial_read_watch_reveals_a_short_read_once) {
  partial_read_watch w;
  BOOST_TEST(w.returned(4, 4) == 0u);
  BOOST_TEST(w.returned(3, 4) == 0u);  // short, but nothing after it yet
  BOOST_TEST(w.returned(0, 4) == 0u);  // the end of input reveals nothing
  BOOST_TEST(w.returned(3, 4) == 0u);
  BOOST_TEST(w.returned(4, 4) == 3u);
  BOOST_TEST(!w.armed);
  BOOST_TEST(w.returned(2, 4) == 0u);
  BOOST_TEST(w.returned(4, 4) == 0u);  // once
  partial_read_watch tail;
  BOOST_TEST(tail.returned(1000, 4096) == 0u);
  BOOST_TEST(tail.returned(100, 512) == 0u);  // 1000 bytes is not short for a read of 512 (a count_bytes tail)
  partial_read_watch off{false};
  BOOST_TEST(off.returned(3, 4) == 0u);
  BOOST_TEST(off.returned(4, 4) == 0u);
}

BOOST_AUTO_TEST_CASE(bad_values_are_refused) {
  test::temp_dir dir;
  spill(dir / "in", "x");
  ends e(dir / "in", dir / "out");
  auto tail = run(workload(mix::copy{.records = 0, .tail_bytes = 8}, engine::stream, block{8}, e.pair(), stop::after{}));
  BOOST_TEST_REQUIRE(!tail);
  BOOST_TEST(tail.message() == "the tail read (8 bytes) must be shorter than a block (8)");
  auto direct = run(workload(mix::copy{}, engine::stream, block{1000}, open::direct, e.pair(), stop::after{}));
  BOOST_TEST_REQUIRE(!direct);
  BOOST_TEST(direct.message().find("O_DIRECT needs block sizes") == 0u);
  auto closed = run(workload(mix::copy{}, engine::stream, target::pair{}, stop::after{}));
  BOOST_TEST_REQUIRE(!closed);
  BOOST_TEST(closed.message() == "a copy needs an open source and destination descriptor");
  // A block no system gives: an error the caller can word, not an exception out of run().
  auto huge = run(workload(mix::copy{}, engine::stream, block{1_TiB << 20}, e.pair(), stop::after{}));
  BOOST_TEST_REQUIRE(!huge);
  BOOST_TEST(huge.err().errnum == ENOMEM);
  BOOST_TEST(huge.message() == "cannot allocate a copy buffer of 1 EiB");
  auto huge_output = run(workload(mix::copy{.output_block = 1_TiB << 20}, engine::stream, block{512}, e.pair(), stop::after{}));
  BOOST_TEST_REQUIRE(!huge_output);
  BOOST_TEST(huge_output.message() == "cannot allocate the copy buffers (512 B and 1 EiB)");
}

BOOST_AUTO_TEST_SUITE_END()
