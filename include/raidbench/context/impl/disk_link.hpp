#pragma once
// The disk link reader's definitions (see core/linkage.hpp): included by disk_link.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "raidbench/context/disk_link.hpp"
#include "raidbench/context/sysfs_text.hpp"
#include "raidbench/text/toolkit.hpp"

namespace raidbench {

namespace detail::disk_links {

// The number a rate file starts with ("6.0 Gbps", "12.0 Gbit", "480"); nullopt for "<unknown>",
// "Unknown", "Phy disabled" and other words, and for 0.
inline std::optional<double> leading_number(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  const auto v = parse_leading_number(*text);
  return v && *v > 0 ? v : std::nullopt;
}

// "ata3", "end_device-0:1", "port-0:0:4": a directory named `prefix` and more.
inline bool named(const std::string& name, std::string_view prefix) {
  return name.size() > prefix.size() && name.starts_with(prefix);
}

// libata's port ataN holds linkN (linkN.M behind a port multiplier), each with ata_link/<link>/sata_spd.
inline std::optional<double> sata_gigabits(const std::filesystem::path& port) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(port, ec)) {
    const std::string link = e.path().filename().string();
    if (named(link, "link"))
      if (auto v = leading_number(read_first_line(e.path() / "ata_link" / link / "sata_spd"))) return v;
  }
  return std::nullopt;
}

// A SAS port names its phys (links to them, phy-H:N or phy-H:E:N); a wide port's phys add up.
inline std::optional<double> sas_gigabits(const std::filesystem::path& port) {
  std::error_code ec;
  double sum = 0;
  for (const auto& e : std::filesystem::directory_iterator(port, ec)) {
    const std::string phy = e.path().filename().string();
    if (named(phy, "phy-"))
      if (auto v = leading_number(read_first_line(e.path() / "sas_phy" / phy / "negotiated_linkrate"))) sum += *v;
  }
  if (sum > 0) return sum;
  return std::nullopt;
}

}  // namespace detail::disk_links

RAIDBENCH_API std::optional<disk_link> read_disk_link(std::filesystem::path device_dir, const std::filesystem::path& sys) {
  using namespace detail::disk_links;
  const auto devices = (sys / "devices").lexically_normal();
  for (; device_dir.has_relative_path() && device_dir != devices; device_dir = device_dir.parent_path()) {
    const std::string name = device_dir.filename().string();
    // A USB device's directory has its bus and device numbers beside its speed in Mb/s.
    if (auto mbits = leading_number(detail::read_first_line(device_dir / "speed")); mbits && detail::read_unsigned(device_dir / "busnum"))
      return disk_link{"usb", *mbits / 1000};
    if (named(name, "port-"))
      if (auto g = sas_gigabits(device_dir)) return disk_link{"sas", *g};
    if (named(name, "ata") && name.find_first_not_of("0123456789", 3) == std::string::npos)
      if (auto g = sata_gigabits(device_dir)) return disk_link{"sata", *g};
  }
  return std::nullopt;
}

}  // namespace raidbench
