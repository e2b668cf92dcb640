#pragma once
// The verification's report (see core/linkage.hpp).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/core/units.hpp"
#include "raidbench/verify/report.hpp"

namespace raidbench::verify {

namespace reporting {
inline constexpr std::string_view payload_names[] = {"random", "compressible", "zero"};

inline double per_block_us(std::uint64_t ns, std::uint64_t blocks) { return blocks ? static_cast<double>(ns) / 1e3 / static_cast<double>(blocks) : 0; }

/// Bytes per second of the run, and without the time its threads spent stamping and checking
/// (measured in the hot loop): an estimate, since taking work out also changes the I/O's timing.
inline std::pair<double, double> rates(const verification_report& r) {
  if (r.run.seconds <= 0) return {0, 0};
  const auto& c = r.checked->cost();
  const double verifying = static_cast<double>(c.stamp_ns + c.check_ns) / 1e9 / std::max(1u, r.run.threads);
  const double with = static_cast<double>(r.run.bytes) / r.run.seconds;
  const double without = r.run.seconds > verifying ? static_cast<double>(r.run.bytes) / (r.run.seconds - verifying) : with;
  return {with, without};
}
}  // namespace reporting

RAIDBENCH_API std::string format_verification(const verification_report& r) {
  using namespace reporting;
  const session& s = *r.checked;
  const auto& c = s.cost();
  const findings& e = s.errors();
  std::string out = fmt::format("verify: stamps of run {:016x} (CRC-32C per 512-byte sector), {} payload\n", s.layout().run,
                                payload_names[static_cast<std::size_t>(s.layout().data)]);
  if (c.stamped + c.checked + c.unchecked > 0)
    out += fmt::format("verify: {} blocks written and stamped, {} checked as read{}\n", c.stamped.load(), c.checked.load(),
                       c.unchecked ? fmt::format(" ({} read where the run had written nothing)", c.unchecked.load()) : "");
  if (r.pass)
    out += fmt::format("verify: {} {} blocks ({}) in {:.2f} s ({}/s), read from the storage (files flushed, cached pages dropped)\n",
                       r.after_crash ? "checked" : "final pass re-read", r.pass->blocks_checked, format_iec(r.pass->bytes_read),
                       r.pass->seconds,
                       format_iec(r.pass->seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(r.pass->bytes_read) / r.pass->seconds) : 0));
  if (r.pass && r.after_crash && (r.pass->newer || r.pass->in_flight || r.pass->unjudged))
    out += fmt::format("verify: {} block(s) hold a newer write than the journal acknowledged, {} were torn by a write in flight "
                       "(no acknowledged data lost there), {} not judged (their journal sector was torn)\n",
                       r.pass->newer, r.pass->in_flight, r.pass->unjudged);
  if (e.total() == 0) {
    out += r.after_crash ? "verify: no acknowledged write lost, misplaced, torn or corrupted\n" : "verify: no errors\n";
  } else {
    out += fmt::format("verify: {} error(s): {} lost, {} misplaced, {} torn, {} corrupted{}\n", e.total(), e.count(error_kind::lost),
                       e.count(error_kind::misplaced), e.count(error_kind::torn), e.count(error_kind::corrupted),
                       e.unshown() ? fmt::format(" ({} more not shown: --verify-errors)", e.unshown()) : "");
    for (const auto& m : e.messages()) out += "  " + m + "\n";
  }
  if (c.stamped + c.checked > 0) {
    out += fmt::format("verify: cost {:.2f} µs stamping and {:.2f} µs checking per block (measured in the I/O loop)",
                       per_block_us(c.stamp_ns, c.stamped), per_block_us(c.check_ns, c.checked));
    if (const auto [with, without] = rates(r); with > 0)
      out += fmt::format("; the run moved {}/s with them, about {}/s without (the run's time less theirs: an estimate)",
                         format_iec(static_cast<std::uint64_t>(with)), format_iec(static_cast<std::uint64_t>(without)));
    out += "\n";
  }
  if (const journal* j = s.record(); j && r.after_crash) {
    std::uint64_t acknowledged = 0;
    for (std::uint64_t b = 0; b < s.map().blocks(); ++b) acknowledged += j->acknowledged(b) != 0;
    out += fmt::format("verify: journal {}: {} block(s) with an acknowledged write{}; {}\n", j->path().string(), acknowledged,
                       j->torn_sectors() ? fmt::format(", {} map sector(s) torn", j->torn_sectors()) : "",
                       r.journal_kept ? "kept" : "removed");
  } else if (j) {
    const auto k = j->costs();
    out += fmt::format("verify: journal {}: {} commit(s){}, {} write(s) acknowledged; {}\n", j->path().string(), k.commits,
                       k.commits ? fmt::format(" of {:.2f} ms each (write and fdatasync)", static_cast<double>(k.commit_ns) / 1e6 / static_cast<double>(k.commits)) : "",
                       k.acknowledged_writes, r.journal_kept ? "kept" : "removed");
  }
  return out;
}

RAIDBENCH_API nlohmann::json verification_json(const verification_report& r) {
  using namespace reporting;
  const session& s = *r.checked;
  const auto& c = s.cost();
  const findings& e = s.errors();
  nlohmann::json j = {{"method", "stamps"},
                      {"checksum", "crc32c"},
                      {"run", fmt::format("{:016x}", s.layout().run)},
                      {"payload", payload_names[static_cast<std::size_t>(s.layout().data)]},
                      {"after_crash", r.after_crash},
                      {"stamped_blocks", c.stamped.load()},
                      {"checked_blocks", c.checked.load()},
                      {"unwritten_blocks_read", c.unchecked.load()},
                      {"errors",
                       {{"total", e.total()},
                        {"lost", e.count(error_kind::lost)},
                        {"misplaced", e.count(error_kind::misplaced)},
                        {"torn", e.count(error_kind::torn)},
                        {"corrupted", e.count(error_kind::corrupted)},
                        {"messages", e.messages()},
                        {"not_shown", e.unshown()}}}};
  if (r.pass)
    j["pass"] = {{"blocks", r.pass->blocks_checked}, {"bytes", r.pass->bytes_read}, {"seconds", r.pass->seconds},
                 {"newer_than_acknowledged", r.pass->newer}, {"torn_in_flight", r.pass->in_flight}, {"not_judged", r.pass->unjudged}};
  const auto [with, without] = rates(r);
  j["cost"] = {{"stamp_ns_per_block", c.stamped ? static_cast<double>(c.stamp_ns) / static_cast<double>(c.stamped) : 0.0},
               {"check_ns_per_block", c.checked ? static_cast<double>(c.check_ns) / static_cast<double>(c.checked) : 0.0},
               {"bytes_per_second", with},
               {"bytes_per_second_without_estimate", without}};
  if (const journal* jr = s.record()) {
    const auto k = jr->costs();
    j["journal"] = {{"path", jr->path().string()}, {"commits", k.commits}, {"commit_ns", k.commit_ns},
                    {"acknowledged_writes", k.acknowledged_writes}, {"kept", r.journal_kept}};
  }
  return j;
}

}  // namespace raidbench::verify
