#pragma once
/// Names shared by the Linux md parsers (mdstat, mdadm): personalities and array numbers.
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "raidbench/controller/model.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench::detail::md {

/// RAID level from md's personality name ("raid10", "linear", "multipath").
inline std::optional<raid_level> parse_personality(std::string_view s) {
  // md names its personalities as the model names these levels.
  for (const auto level : {raid_level::raid0, raid_level::raid1, raid_level::raid4, raid_level::raid5, raid_level::raid6,
                           raid_level::raid10, raid_level::linear, raid_level::multipath})
    if (iequals(s, to_string(level))) return level;
  return std::nullopt;
}

/// The array number in "md127", "md_d0", "/dev/md0".
inline std::optional<unsigned> array_number(std::string_view name) {
  std::size_t start = name.size();
  while (start > 0 && is_digit(name[start - 1])) --start;
  return parse_uint(name.substr(start));
}

}  // namespace raidbench::detail::md
