#pragma once
/// Names shared by the Linux md parsers (mdstat, mdadm): personalities and array numbers.
#include <cstddef>
#include <optional>
#include <string_view>

#include "raidbench/controller/model.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench::detail::md {

/// RAID level from md's personality name ("raid10", "linear", "multipath").
inline std::optional<raid_level> parse_personality(std::string_view s) {
  if (iequals(s, "raid0")) return raid_level::raid0;
  if (iequals(s, "raid1")) return raid_level::raid1;
  if (iequals(s, "raid4")) return raid_level::raid4;
  if (iequals(s, "raid5")) return raid_level::raid5;
  if (iequals(s, "raid6")) return raid_level::raid6;
  if (iequals(s, "raid10")) return raid_level::raid10;
  if (iequals(s, "linear")) return raid_level::linear;
  if (iequals(s, "multipath")) return raid_level::multipath;
  return std::nullopt;
}

/// The array number in "md127", "md_d0", "/dev/md0".
inline std::optional<unsigned> array_number(std::string_view name) {
  std::size_t start = name.size();
  while (start > 0 && is_digit(name[start - 1])) --start;
  return parse_uint(name.substr(start));
}

}  // namespace raidbench::detail::md
