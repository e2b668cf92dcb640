#pragma once
// The verifier's definitions (see core/linkage.hpp): included by verifier.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <optional>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/crc32c.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/durability/machine.hpp"
#include "raidbench/durability/protocol.hpp"
#include "raidbench/durability/target.hpp"
#include "raidbench/durability/verifier.hpp"
#include "raidbench/verify/stamp.hpp"

namespace raidbench::durability {

namespace detail {

/// The blocks a run may have: 1 GiB of 512-byte blocks is 2 M lines, far below.
inline constexpr std::size_t max_expected_lines = std::size_t{1} << 26;

struct expected_block {
  std::uint64_t offset;
  recorded_block write;
};

/// The server's answer to `expect`, read and checked.
struct expected_run {
  std::uint64_t id = 0, block_size = 0, size = 0, writes = 0;
  std::string boot_id;
  std::int64_t started = 0;
  std::vector<expected_block> blocks;
};

inline expected<expected_run> parse_expectation(const std::vector<std::string>& lines, const std::string& server) {
  const auto bad = [&](const std::string& line) {
    return fail(fmt::format("{} sent {} where a run's record was expected", server, quoted_reply(line)));
  };
  expected_run r;
  const auto head = words_of(lines.front());
  if (head.size() != 7 || head[0] != "run") return bad(lines.front());
  const auto id = hex_word(head[1], 16);
  const auto block = decimal_word(head[2]), size = decimal_word(head[3]), writes = decimal_word(head[5]),
             started = decimal_word(head[6]);
  if (!id || !block || *block == 0 || *block % 512 != 0 || *block > (64u << 20) || !size || !writes || !started)
    return bad(lines.front());
  r.id = *id;
  r.block_size = *block;
  r.size = *size;
  r.writes = *writes;
  r.boot_id = std::string(head[4]);
  r.started = static_cast<std::int64_t>(*started);
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const auto w = words_of(lines[i]);
    if (w.size() != 5 || w[0] != "block") return bad(lines[i]);
    const auto offset = decimal_word(w[1]), gen = decimal_word(w[2]);
    const auto sum = hex_word(w[3], 8);
    const auto method = flush_method_named(w[4]);
    if (!offset || *offset % r.block_size != 0 || *offset > r.size || r.size - *offset < r.block_size || !gen || *gen == 0 ||
        *gen > UINT32_MAX || !sum || !method)
      return bad(lines[i]);
    r.blocks.push_back({*offset, {static_cast<std::uint32_t>(*gen), static_cast<std::uint32_t>(*sum), *method}});
  }
  const auto tail = words_of(lines.back());
  if (lines.size() < 2 || tail.size() != 2 || decimal_word(tail[1]) != r.blocks.size()) return bad(lines.back());
  return r;
}

/// What one block holds against the write acknowledged last, and how to say it.
inline std::pair<block_state, std::string> classify(const std::byte* data, const expected_run& run, const expected_block& b,
                                                    std::uint64_t& other_run) {
  const auto reading = verify::read_block(data, run.block_size, run.id, 0, b.offset);
  const std::uint32_t want = b.write.generation;
  using kind = verify::block_reading::kind;
  switch (reading.what) {
    case kind::intact:
      if (reading.generation > want) return {block_state::newer, fmt::format("generation {}", reading.generation)};
      if (reading.generation < want) return {block_state::older, fmt::format("generation {}", reading.generation)};
      if (crc32c(data, run.block_size) != b.write.checksum)
        return {block_state::corrupted, fmt::format("generation {} with other bytes than were written", want)};
      return {block_state::intact, {}};
    case kind::zero: return {block_state::missing, "zeros"};
    case kind::foreign:
      if (reading.run != 0) other_run = reading.run;
      return {block_state::missing, reading.run != 0 ? "another run's stamps" : "data of no run"};
    case kind::misplaced: return {block_state::misplaced, fmt::format("the stamp of offset {}", reading.offset)};
    case kind::torn:
      // A write in flight at the cut, torn over the acknowledged one: what was acknowledged is still whole.
      if (reading.generation >= want && reading.unstamped == 0)
        return {block_state::newer, fmt::format("generations {}…{}", reading.generation, reading.newest)};
      return {block_state::torn, reading.unstamped ? fmt::format("generations {}…{} and {} sector(s) not of the run",
                                                                 reading.generation, reading.newest, reading.unstamped)
                                                   : fmt::format("generations {}…{}", reading.generation, reading.newest)};
    case kind::corrupted:
      return {block_state::corrupted, fmt::format("sector {}: checksum {:08x}, computed {:08x}", reading.sector, reading.stored,
                                                  reading.computed)};
  }
  return {block_state::corrupted, "?"};
}

}  // namespace detail

RAIDBENCH_API expected<durability_result> verify_target(const verify_options& options) {
  durability_result result;
  result.name = options.name;
  result.target = options.target.string();
  result.server = options.server.server.shown();
  // A file gone with the cut is a loss to count, not a reason to stop (a filesystem that did not
  // keep the file's name either).
  auto target = durable_target::for_reading(options.target);
  if (!target && target.err().errnum != ENOENT) return target.err();

  server_client server(options.server);
  if (auto ok = server.connect(); !ok) return ok.err();
  auto lines = server.request_lines("expect " + options.name, "end", detail::max_expected_lines);
  if (!lines) return lines.err();
  auto run = detail::parse_expectation(*lines, result.server);
  if (!run) return run.err();
  if (run->blocks.empty())
    return fail(fmt::format("the server recorded no acknowledged write of run {} for {}: nothing to verify (did the writer "
                            "reach the server?)", run_text(run->id), options.name));
  result.run = run_text(run->id);
  result.written_at = run->started;
  result.block_size = run->block_size;
  result.size = run->size;
  result.acknowledged = run->writes;
  const std::string now_boot = boot_id();
  result.rebooted = now_boot != "0" && run->boot_id != "0" && now_boot != run->boot_id;
  if (target) {
    result.device = target->device_name();
    result.direct_read = target->direct();
  }

  aligned_buffer data(run->block_size);
  std::uint64_t other_run = 0, of_this_run = 0;
  for (const auto& b : run->blocks) {
    std::pair<block_state, std::string> found{block_state::missing, "the target is gone"};
    if (target && b.offset + run->block_size > target->size()) {
      found.second = fmt::format("beyond the end of the target ({} bytes)", target->size());
    } else if (target) {
      std::uint64_t done = 0;
      while (done < run->block_size) {
        const ssize_t n = ::pread(target->fd(), data.data() + done, run->block_size - done, static_cast<off_t>(b.offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return system_failure("read", target->shown(), errno);
        if (n == 0) break;
        done += static_cast<std::uint64_t>(n);
      }
      found = done < run->block_size ? std::pair{block_state::missing, std::string("beyond the end of the target")}
                                     : detail::classify(data.data(), *run, b, other_run);
      of_this_run += found.first != block_state::missing;
    }
    ++result.methods[static_cast<std::size_t>(b.write.method)].found[static_cast<std::size_t>(found.first)];
    if (lost(found.first) && result.lost.size() < lost_listed)
      result.lost.push_back({b.offset, b.write.generation, b.write.method, found.first, std::move(found.second)});
  }
  // Not one block of the run: the whole region is searched for another run's stamps, which would mean
  // this is not the target the run wrote (zeros alone are a loss: a stack that kept nothing).
  for (std::uint64_t offset = 0; target && of_this_run == 0 && other_run == 0 && offset + run->block_size <= std::min(run->size, target->size());
       offset += run->block_size) {
    if (::pread(target->fd(), data.data(), run->block_size, static_cast<off_t>(offset)) != static_cast<ssize_t>(run->block_size)) break;
    if (const auto r = verify::read_block(data.data(), run->block_size, run->id, 0, offset);
        r.what == verify::block_reading::kind::foreign)
      other_run = r.run;
  }
  if (of_this_run == 0 && other_run != 0)
    return fail(fmt::format("{} holds the stamps of run {}, not of run {} that {} recorded for {}: verify the target that "
                            "run wrote", result.target, run_text(other_run), result.run, result.server, options.name));

  result.verified_at = static_cast<std::int64_t>(std::time(nullptr));
  auto totals = server.request(fmt::format("verified {} {} {} {}", result.run, result.checked(), result.lost_writes(),
                                           result.rebooted ? 1 : 0));
  if (!totals) return totals.err();
  const auto w = words_of(*totals);
  std::array<std::optional<std::uint64_t>, 5> n;
  for (std::size_t i = 0; i < n.size() && i < w.size(); ++i) n[i] = decimal_word(w[i]);
  if (w.size() != 5 || !n[0] || !n[1] || !n[2] || !n[3] || !n[4])
    return fail(fmt::format("{} answered {} to a verify", result.server, quoted_reply(*totals)));
  result.totals = {*n[0], *n[1], *n[2], *n[3], *n[4]};
  server.bye();
  return result;
}

}  // namespace raidbench::durability
