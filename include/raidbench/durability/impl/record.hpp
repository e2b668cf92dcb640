#pragma once
// The durable record's definitions (see core/linkage.hpp): included by record.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "raidbench/core/crc32c.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/durability/protocol.hpp"
#include "raidbench/durability/record.hpp"

namespace raidbench::durability {

namespace detail {

inline std::uint32_t line_checksum(std::string_view payload) {
  return crc32c(reinterpret_cast<const std::byte*>(payload.data()), payload.size());
}

/// Whether a boot id is one: 1 to 64 of [0-9a-f-].
inline bool valid_boot_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == '-')) return false;
  return true;
}

}  // namespace detail

RAIDBENCH_API expected<durable_record> durable_record::open(held_directory& dir, std::string_view file_name) {
  auto file = dir.create_or_open_own(file_name, O_RDWR | O_APPEND);
  if (!file) return file.err();
  durable_record r;
  r.fd_ = std::move(file->fd);
  r.shown_ = dir.shown(file_name);
  // Replayed line by line; `good` is where the last whole, intact line ends.
  std::string pending;
  std::uint64_t good = 0, at = 0, line_number = 0;
  char chunk[1 << 16];
  bool damaged = false;
  std::string damage;
  for (;;) {
    const ssize_t n = ::pread(r.fd_.get(), chunk, sizeof chunk, static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return system_failure("read", r.shown_, errno);
    if (n == 0) break;
    at += static_cast<std::uint64_t>(n);
    pending.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
      ++line_number;
      const std::string_view line(pending.data() + start, end - start);
      if (damaged)  // a damaged line with whole lines after it: not a torn append
        return fail(fmt::format("{} line {} is damaged ({}); the record cannot be trusted, keep it and start the server "
                                "with another --record directory", r.shown_, line_number - 1, damage));
      const auto space = line.find(' ');
      const auto sum = space == std::string_view::npos ? std::nullopt : hex_word(line.substr(0, space), 8);
      const std::string_view payload = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
      if (!sum || *sum != detail::line_checksum(payload)) {
        damaged = true;
        damage = "its checksum does not match";
        continue;
      }
      if (auto ok = r.replay(payload); !ok) {
        damaged = true;
        damage = ok.message();
        continue;
      }
      good += end - start + 1;
    }
    pending.erase(0, start);
    if (pending.size() > max_line) {
      damaged = true;
      damage = "a line too long";
      pending.clear();
    }
  }
  // A torn last line (no '\n', or damaged with nothing after it): an append the crash interrupted,
  // never acknowledged. Cut off, so the next line starts clean.
  if (good != at && ::ftruncate(r.fd_.get(), static_cast<off_t>(good)) != 0) return system_failure("truncate", r.shown_, errno);
  return r;
}

RAIDBENCH_API expected<void> durable_record::replay(std::string_view payload) {
  const auto w = words_of(payload);
  if (w.size() >= 7 && w[0] == "begin") {
    recorded_run run;
    const auto id = hex_word(w[1], 16);
    const auto block = decimal_word(w[2]), size = decimal_word(w[3]), started = decimal_word(w[5]);
    const auto name_at = payload.find(' ', w[5].data() + w[5].size() - payload.data());
    if (!id || !block || !size || !started || !detail::valid_boot_id(w[4]) || name_at == std::string_view::npos)
      return fail("a begin line that does not parse");
    run.id = *id;
    run.block_size = *block;
    run.size = *size;
    run.boot_id = std::string(w[4]);
    run.started = static_cast<std::int64_t>(*started);
    run.name = std::string(payload.substr(name_at + 1));
    if (!valid_name(run.name) || runs_.count(run.id)) return fail("a begin line of a run already recorded or unnamed");
    order_.push_back(run.id);
    runs_.emplace(run.id, std::move(run));
    return {};
  }
  if (w.size() == 6 && w[0] == "write") {
    const auto id = hex_word(w[1], 16), offset = decimal_word(w[2]), generation = decimal_word(w[3]);
    const auto sum = hex_word(w[4], 8);
    const auto method = flush_method_named(w[5]);
    auto it = id ? runs_.find(*id) : runs_.end();
    if (it == runs_.end() || !offset || !generation || *generation > UINT32_MAX || !sum || !method)
      return fail("a write line that does not parse or names no run");
    it->second.blocks[*offset] = {static_cast<std::uint32_t>(*generation), static_cast<std::uint32_t>(*sum), *method};
    ++it->second.writes;
    return {};
  }
  if (w.size() == 6 && w[0] == "verified") {
    const auto id = hex_word(w[1], 16), checked = decimal_word(w[2]), lost = decimal_word(w[3]), at = decimal_word(w[5]);
    auto it = id ? runs_.find(*id) : runs_.end();
    if (it == runs_.end() || !checked || !lost || !at || (w[4] != "0" && w[4] != "1"))
      return fail("a verified line that does not parse or names no run");
    it->second.verified = cut_check{*checked, *lost, w[4] == "1", static_cast<std::int64_t>(*at)};
    return {};
  }
  return fail("a line of no known kind");
}

RAIDBENCH_API expected<void> durable_record::append(const std::string& payload) {
  const std::string line = fmt::format("{:08x} {}\n", detail::line_checksum(payload), payload);
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = ::write(fd_.get(), line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return system_failure("write", shown_, n < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(n);
  }
  // The acknowledgement to the client waits for this: a record the server's power cut could take
  // would make the test prove nothing.
  if (::fsync(fd_.get()) != 0) return system_failure("fsync", shown_, errno);
  return {};
}

RAIDBENCH_API expected<void> durable_record::begin(recorded_run run) {
  if (runs_.count(run.id)) return fail(fmt::format("run {} is already recorded", run_text(run.id)));
  if (!valid_name(run.name) || !detail::valid_boot_id(run.boot_id)) return fail("a run needs a printable name and a boot id");
  if (auto ok = append(fmt::format("begin {} {} {} {} {} {}", run_text(run.id), run.block_size, run.size, run.boot_id,
                                   run.started, run.name));
      !ok)
    return ok;
  run.blocks.clear();
  run.writes = 0;
  run.verified.reset();
  order_.push_back(run.id);
  runs_.emplace(run.id, std::move(run));
  return {};
}

RAIDBENCH_API expected<void> durable_record::write(std::uint64_t run, std::uint64_t offset, recorded_block block) {
  auto it = runs_.find(run);
  if (it == runs_.end()) return fail(fmt::format("run {} is not recorded", run_text(run)));
  recorded_run& r = it->second;
  if (offset % r.block_size != 0 || offset > r.size || r.size - offset < r.block_size)
    return fail(fmt::format("offset {} is not a block of run {}", offset, run_text(run)));
  if (block.generation == 0) return fail("generation 0 is never written");
  if (const auto known = r.blocks.find(offset); known != r.blocks.end()) {
    if (known->second.generation == block.generation && known->second.checksum == block.checksum) return {};
    if (known->second.generation >= block.generation)
      return fail(fmt::format("offset {} already has generation {} acknowledged; generation {} is older", offset,
                              known->second.generation, block.generation));
  }
  if (auto ok = append(fmt::format("write {} {} {} {:08x} {}", run_text(run), offset, block.generation, block.checksum,
                                   name_of(block.method)));
      !ok)
    return ok;
  r.blocks[offset] = block;
  ++r.writes;
  return {};
}

RAIDBENCH_API cut_totals durable_record::totals_of(const std::string& name) const {
  cut_totals t;
  for (const auto& [id, r] : runs_) {
    if (r.name != name || !r.verified) continue;
    ++t.cuts;
    t.rebooted_cuts += r.verified->rebooted;
    t.acknowledged += r.writes;
    t.checked += r.verified->checked;
    t.lost += r.verified->lost;
  }
  return t;
}

RAIDBENCH_API expected<cut_totals> durable_record::verified(std::uint64_t run, cut_check check) {
  auto it = runs_.find(run);
  if (it == runs_.end()) return fail(fmt::format("run {} is not recorded", run_text(run)));
  if (auto ok = append(fmt::format("verified {} {} {} {} {}", run_text(run), check.checked, check.lost,
                                   check.rebooted ? 1 : 0, check.at));
      !ok)
    return ok.err();
  it->second.verified = check;
  return totals_of(it->second.name);
}

RAIDBENCH_API const recorded_run* durable_record::find(std::uint64_t run) const {
  const auto it = runs_.find(run);
  return it == runs_.end() ? nullptr : &it->second;
}

RAIDBENCH_API const recorded_run* durable_record::latest(std::string_view name) const {
  for (auto it = order_.rbegin(); it != order_.rend(); ++it)
    if (const auto& r = runs_.at(*it); r.name == name) return &r;
  return nullptr;
}

}  // namespace raidbench::durability
