#pragma once
// The mdstat parser's definitions (see core/linkage.hpp): included by mdstat.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/detail/md.hpp"
#include "raidbench/controller/mdstat.hpp"
#include "raidbench/controller/line_reader.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::md {

/// "md0 : active raid1 …": an array line of /proc/mdstat.
constexpr bool is_array_line(std::string_view s) noexcept {
  if (!s.starts_with("md")) return false;
  const auto colon = s.find(" : ");
  if (colon == std::string_view::npos || trim(s.substr(0, colon)).find(' ') != std::string_view::npos) return false;
  const std::string_view rest = s.substr(colon + 3);
  return rest.starts_with("active") || rest.starts_with("inactive");
}

class mdstat_reader : public line_reader<mdstat_reader> {
  friend line_reader<mdstat_reader>;

  void blank_line() { finish_array(); }  // a blank line ends an array's block
  void finish() { finish_array(); }

  void read_line(std::string_view s) {
    if (istarts_with(s, "Personalities") || istarts_with(s, "unused devices")) {
      recognised_ = true;
      finish_array();
      return;
    }
    if (is_array_line(s)) return array_line(s);
    if (!vd_) return warn(not_read(s));
    const auto words = split_fields(s);
    if (words.size() >= 2 && words[1] == "blocks") return blocks_line(words);
    if (istarts_with(s, "bitmap:")) return;
    for (std::string_view activity : {"recovery", "resync", "reshape", "check", "repair"}) {
      const auto at = s.find(activity);
      if (at != std::string_view::npos && s.find('=', at) != std::string_view::npos)
        return progress_line(activity, s.substr(s.find('=', at) + 1));
    }
    warn(not_read(s));
  }

  // "md1 : active raid1 sde1[6](F) sdg1[1] sdb1[4]", "md2 : inactive sdb[0](S) sdc[2](S)"
  void array_line(std::string_view s) {
    recognised_ = true;
    finish_array();
    if (inv_.controllers.empty()) inv_.controllers.emplace_back();
    controller& c = inv_.controllers.back();
    virtual_drive& vd = c.virtual_drives.emplace_back();
    vd_ = c.virtual_drives.size() - 1;
    const auto colon = s.find(" : ");
    const std::string_view name = trim(s.substr(0, colon));
    vd.name = std::string(name);
    vd.os_device = "/dev/" + std::string(name);
    vd.id = array_number(name);
    vd.kind = vd_kind::volume;
    const auto words = split_fields(s.substr(colon + 3));
    active_ = words[0] == "active";
    first_member_ = c.physical_drives.size();
    working_ = 0;
    std::size_t i = 1;
    while (i < words.size() && words[i].starts_with('(')) ++i;  // "(read-only)", "(auto-read-only)"
    if (i < words.size() && words[i].find('[') == std::string_view::npos) {
      if (auto level = parse_personality(words[i])) vd.level = level;
      else warn("unknown md personality '" + std::string(words[i]) + "'");
      ++i;
    }
    listed_ = 0;
    for (; i < words.size(); ++i) member(words[i]);
    if (!active_) vd.state = vd_state::inactive;
  }

  // "sde1[6](F)": device, its number in the array, and flags (F)aulty, (S)pare, (W)rite-mostly, (R)eplacement.
  void member(std::string_view word) {
    const auto open = word.find('[');
    const auto close = word.find(']');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open || open == 0)
      return warn("unreadable array member '" + std::string(word) + "'");
    physical_drive& pd = inv_.controllers.back().physical_drives.emplace_back();
    pd.location = std::string(word.substr(0, open));
    pd.device_id = parse_uint(word.substr(open + 1, close - open - 1));
    const std::string_view flags = word.substr(close + 1);
    if (flags.find("(F)") != std::string_view::npos) pd.state = pd_state::failed;
    else if (flags.find("(S)") != std::string_view::npos) pd.state = pd_state::hot_spare;
    else if (flags.find("(R)") != std::string_view::npos && active_) pd.state = pd_state::rebuilding;
    else if (active_) pd.state = pd_state::online;
    if (pd.state == pd_state::online || pd.state == pd_state::rebuilding) ++listed_;
  }

  // "1464725760 blocks super 1.2 level 5, 64k chunk, algorithm 2 [6/5] [UUUUU_]"
  void blocks_line(const std::vector<std::string_view>& words) {
    virtual_drive& vd = inv_.controllers.back().virtual_drives[*vd_];
    if (auto bytes = parse_count(words[0], 1024)) vd.size_bytes = bytes;
    else warn("unreadable block count '" + std::string(words[0]) + "'");
    std::optional<unsigned> wanted, working;
    bool counts_read = true;
    for (std::size_t i = 2; i < words.size(); ++i) {
      const std::string_view w = words[i];
      if ((w == "chunk" || w == "chunk," || w == "chunks") && i > 2) {
        if (auto size = parse_tool_size(words[i - 1])) vd.strip_bytes = size;
        else warn("unreadable chunk size '" + std::string(words[i - 1]) + "'");
      } else if (w.size() > 2 && w.front() == '[' && w.back() == ']' && w.find('/') != std::string_view::npos) {
        const std::string_view inner = w.substr(1, w.size() - 2);
        const auto slash = inner.find('/');
        wanted = parse_uint(inner.substr(0, slash));
        working = parse_uint(inner.substr(slash + 1));
        counts_read = wanted && working;
        if (!counts_read) warn("unreadable device counts '" + std::string(w) + "'");
      }
    }
    working_ = working.value_or(0);
    if (wanted) vd.drive_count = wanted;
    else if (active_ && listed_ > 0) vd.drive_count = listed_;
    if (active_ && counts_read) vd.state = wanted && *working < *wanted ? vd_state::degraded : vd_state::optimal;
    // "super external:imsm" (or ddf) marks a container; its members' arrays say "external:/md127/0".
    for (std::size_t i = 2; i + 1 < words.size(); ++i)
      if (words[i] == "super" && words[i + 1].starts_with("external:") && !words[i + 1].starts_with("external:/"))
        make_container(vd);
  }

  // A container holds the metadata of the arrays inside it: it is inactive by design and its members
  // are in use, not spares.
  void make_container(virtual_drive& vd) {
    vd.kind = vd_kind::container;
    vd.level.reset();
    vd.state.reset();
    auto& drives = inv_.controllers.back().physical_drives;
    for (std::size_t i = first_member_; i < drives.size(); ++i)
      if (drives[i].state == pd_state::hot_spare) drives[i].state = pd_state::online;
  }

  // "[==>....]  recovery = 12.6% (37043392/292945152) finish=127.5min speed=33440K/sec", "resync=DELAYED"
  // The operation is a fact beside the state: a degraded array stays degraded while it recovers.
  void progress_line(std::string_view activity, std::string_view after) {
    virtual_drive& vd = inv_.controllers.back().virtual_drives[*vd_];
    vd.operation = activity == "recovery" ? vd_operation::rebuild
                 : activity == "resync"   ? vd_operation::resync
                 : activity == "reshape"  ? vd_operation::reshape
                 : activity == "check"    ? vd_operation::check
                                          : vd_operation::repair;
    if (activity == "recovery" && vd.drive_count) mark_rebuilt_members(*vd.drive_count);
    after = trim(after);
    if (after.empty() || !is_digit(after.front())) return;  // DELAYED, PENDING
    if (auto pct = parse_leading_number(after)) vd.progress_percent = pct;
  }

  // md numbers the members that fill the array's slots below its device count; during a recovery an
  // in-use member numbered at or above it is one being rebuilt into ("sdc1[6]" in a 6-disk array).
  // No more of them than slots are missing: the newest (highest numbers) are the ones added.
  void mark_rebuilt_members(unsigned device_count) {
    auto& drives = inv_.controllers.back().physical_drives;
    std::vector<std::size_t> added;
    for (std::size_t i = first_member_; i < drives.size(); ++i)
      if (drives[i].state == pd_state::online && drives[i].device_id && *drives[i].device_id >= device_count)
        added.push_back(i);
    std::sort(added.begin(), added.end(),
              [&](std::size_t a, std::size_t b) { return *drives[a].device_id > *drives[b].device_id; });
    const std::size_t missing = device_count > working_ ? device_count - working_ : 0;
    for (std::size_t k = 0; k < added.size() && k < missing; ++k) drives[added[k]].state = pd_state::rebuilding;
  }

  void finish_array() { vd_ = std::nullopt; }

  std::optional<std::size_t> vd_;  // array whose detail lines follow
  bool active_ = false;
  unsigned listed_ = 0;           // members of the current array in use (not spare or faulty)
  std::size_t first_member_ = 0;  // index of the current array's first member in physical_drives
  unsigned working_ = 0;          // "[6/5]": members in sync
};

}  // namespace detail::md

RAIDBENCH_API bool detect_tool_text(mdstat, std::string_view text) noexcept {
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view s = detail::trim(text.substr(0, end));
    if (s.starts_with("Personalities :") || detail::md::is_array_line(s)) return true;
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return false;
}

RAIDBENCH_API expected<inventory> parse_tool_text(mdstat, std::string_view text) {
  auto inv = detail::md::mdstat_reader{}.read(text, "mdstat", "no /proc/mdstat text found");
  // /proc/mdstat lists every md array of the host with all its members.
  if (inv)
    for (auto& c : inv->controllers) c.coverage.arrays = c.coverage.drives = true;
  return inv;
}

}  // namespace raidbench
