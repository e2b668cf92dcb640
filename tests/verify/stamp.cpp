// The stamp (verify/stamp.hpp) and its judgement (verify/findings.hpp): CRC-32C against its
// reference value, and each way a block can come back — as written, older, elsewhere, torn,
// damaged, never written, someone else's — read and judged as docs/verify.md says.
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <vector>

#include "raidbench/core/crc32c.hpp"
#include "raidbench/core/random.hpp"
#include "raidbench/verify/findings.hpp"
#include "raidbench/verify/stamp.hpp"

BOOST_AUTO_TEST_SUITE(stamp_test)

using namespace raidbench::verify;
using kind = block_reading::kind;

constexpr std::size_t block = 4096;
constexpr std::uint64_t run = 0x1234'5678'9abc'def0;

std::vector<std::byte> noise() {
  std::vector<std::byte> n(block);
  raidbench::random_generator rng(7);
  for (auto& b : n) b = static_cast<std::byte>(rng() & 0xFF);
  return n;
}

std::vector<std::byte> stamped(std::uint32_t file, std::uint64_t offset, std::uint32_t generation, payload p = payload::random) {
  std::vector<std::byte> b(block);
  const auto n = noise();
  stamp_block(b.data(), block, {run, file, offset, generation}, n.data(), p);
  return b;
}

BOOST_AUTO_TEST_CASE(crc32c_has_the_castagnoli_check_value_and_streams_agree) {
  const char* text = "123456789";
  BOOST_TEST(raidbench::crc32c(reinterpret_cast<const std::byte*>(text), 9) == 0xE3069283u);
  BOOST_TEST(raidbench::detail::crc32c_table_update(0xFFFFFFFFu, reinterpret_cast<const std::byte*>(text), 9) == ~0xE3069283u);
  const auto b = stamped(0, 0, 1);
  std::uint32_t sums[8];
  raidbench::crc32c_streams(b.data() + 3, 512, 8, 509, sums);
  for (std::size_t s = 0; s < 8; ++s) BOOST_TEST(sums[s] == raidbench::crc32c(b.data() + 3 + s * 512, 509));
}

BOOST_AUTO_TEST_CASE(a_block_reads_back_as_written) {
  for (auto p : {payload::random, payload::compressible, payload::zero}) {
    const auto b = stamped(3, 8192, 5, p);
    const auto r = read_block(b.data(), block, run, 3, 8192);
    BOOST_TEST((r.what == kind::intact));
    BOOST_TEST(r.generation == 5u);
    BOOST_TEST(!judge(r, {5, false}, "f", 8192));
  }
  // Two writes of one block, and two blocks of one write, share no sector's bytes.
  const auto a = stamped(0, 0, 1), a2 = stamped(0, 0, 2), c = stamped(0, block, 1);
  BOOST_TEST(std::memcmp(a.data() + 32, a2.data() + 32, 480) != 0);
  BOOST_TEST(std::memcmp(a.data() + 32, c.data() + 32, 480) != 0);
  BOOST_TEST(std::memcmp(a.data() + 32, a.data() + 512 + 32, 480) != 0);
}

BOOST_AUTO_TEST_CASE(each_fault_is_classified) {
  // An older generation where a newer was acknowledged: lost.
  auto older = read_block(stamped(0, 8192, 2).data(), block, run, 0, 8192);
  auto f = judge(older, {3, false}, "rb-run.0", 8192);
  BOOST_TEST_REQUIRE(f.has_value());
  BOOST_TEST((f->kind == error_kind::lost));
  BOOST_TEST(f->message == "lost: rb-run.0 offset 8192: expected generation 3, found generation 2");
  // After a crash, a newer generation is a write in flight that landed; an older one is still lost.
  BOOST_TEST(!judge(read_block(stamped(0, 8192, 4).data(), block, run, 0, 8192), {3, true}, "f", 8192));
  BOOST_TEST(judge(older, {3, true}, "f", 8192).has_value());
  // Never written (zeros), or another tool's bytes: lost where a write was acknowledged.
  std::vector<std::byte> zeros(block), junk(block, std::byte{0x5a});
  BOOST_TEST((read_block(zeros.data(), block, run, 0, 0).what == kind::zero));
  BOOST_TEST((judge(read_block(junk.data(), block, run, 0, 0), {1, false}, "f", 0)->kind == error_kind::lost));
  // A copy of another block: misplaced, naming where it belongs.
  auto m = read_block(stamped(1, 4 * block, 1).data(), block, run, 0, 8192);
  BOOST_TEST((m.what == kind::misplaced));
  f = judge(m, {1, false}, "rb-run.0", 8192);
  BOOST_TEST((f->kind == error_kind::misplaced));
  BOOST_TEST(f->message == "misplaced: rb-run.0 offset 8192: expected generation 1, found the block of file 1 at offset 16384");
  // Half of one write, half of the next: torn, with both generations.
  auto torn = stamped(0, 8192, 3);
  const auto before = stamped(0, 8192, 2);
  std::memcpy(torn.data(), before.data(), block / 2);
  auto t = read_block(torn.data(), block, run, 0, 8192);
  BOOST_TEST((t.what == kind::torn));
  BOOST_TEST(t.generation == 2u);
  BOOST_TEST(t.newest == 3u);
  BOOST_TEST((judge(t, {3, false}, "f", 8192)->kind == error_kind::torn));
  // After a crash, torn between the acknowledged generation and a newer one is a write in flight.
  bool in_flight = false;
  BOOST_TEST(!judge(t, {2, true}, "f", 8192, &in_flight));
  BOOST_TEST(in_flight);
  // One bit flipped, in the payload or in the header: corrupted, naming the sector.
  for (std::size_t at : {std::size_t{3 * 512 + 100}, std::size_t{3 * 512 + field::generation}, std::size_t{3 * 512 + field::magic}}) {
    auto flipped = stamped(0, 8192, 3);
    flipped[at] ^= std::byte{0x10};
    auto c = read_block(flipped.data(), block, run, 0, 8192);
    BOOST_TEST_CONTEXT(at) {
      BOOST_TEST((c.what == kind::corrupted));
      BOOST_TEST(c.sector == 3u);
      BOOST_TEST((judge(c, {3, false}, "f", 8192)->kind == error_kind::corrupted));
    }
  }
  // Stamps of another run: foreign, naming it.
  std::vector<std::byte> other(block);
  const auto n = noise();
  stamp_block(other.data(), block, {run + 1, 0, 8192, 3}, n.data(), payload::random);
  auto o = read_block(other.data(), block, run, 0, 8192);
  BOOST_TEST((o.what == kind::foreign));
  BOOST_TEST(o.run == run + 1);
}

BOOST_AUTO_TEST_CASE(findings_count_all_and_keep_the_first_messages) {
  findings found(2);
  for (int i = 0; i < 5; ++i) found.add({error_kind::torn, "torn " + std::to_string(i)});
  found.add({error_kind::lost, "truncated"}, 7);
  BOOST_TEST(found.count(error_kind::torn) == 5u);
  BOOST_TEST(found.count(error_kind::lost) == 7u);
  BOOST_TEST(found.total() == 12u);
  BOOST_TEST(found.messages() == (std::vector<std::string>{"torn 0", "torn 1"}));
  BOOST_TEST(found.unshown() == 4u);
}

BOOST_AUTO_TEST_SUITE_END()
