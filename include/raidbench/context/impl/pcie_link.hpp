#pragma once
// The PCIe link reader's definitions (see core/linkage.hpp): included by pcie_link.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "raidbench/context/pcie_link.hpp"
#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

namespace detail {
/// A PCI function's sysfs name, domain:bus:device.function: "0000:03:00.0" (the domain may be longer).
/// By hand: <regex> cost the compiled part's unit about 4 CPU-seconds at -O2 for this one pattern.
inline bool is_pci_address(std::string_view name) noexcept {
  const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
  const std::size_t domain = name.find(':');
  if (domain == std::string_view::npos || domain < 4 || name.size() != domain + 8) return false;
  for (std::size_t i = 0; i < domain; ++i)
    if (!hex(name[i])) return false;
  const std::string_view rest = name.substr(domain);  // ":bb:dd.f", its first colon the one found above
  return hex(rest[1]) && hex(rest[2]) && rest[3] == ':' && hex(rest[4]) && hex(rest[5]) && rest[6] == '.' &&
         rest[7] >= '0' && rest[7] <= '7';
}
}  // namespace detail

RAIDBENCH_API std::optional<pcie_link> read_pcie_link_above(std::filesystem::path device_dir,
                                                           const std::filesystem::path& sys) {
  const auto devices = (sys / "devices").lexically_normal();
  for (; device_dir.has_relative_path() && device_dir != devices; device_dir = device_dir.parent_path()) {
    const std::string name = device_dir.filename().string();
    if (!detail::is_pci_address(name)) continue;
    pcie_link l;
    l.address = name;
    l.vendor_id = detail::read_first_line(device_dir / "vendor");
    l.device_id = detail::read_first_line(device_dir / "device");
    l.driver = detail::read_link_name(device_dir / "driver");
    l.current_speed = detail::read_first_line(device_dir / "current_link_speed");
    l.max_speed = detail::read_first_line(device_dir / "max_link_speed");
    if (auto w = detail::read_unsigned(device_dir / "current_link_width")) l.current_width = static_cast<unsigned>(*w);
    if (auto w = detail::read_unsigned(device_dir / "max_link_width")) l.max_width = static_cast<unsigned>(*w);
    return l;
  }
  return std::nullopt;
}

}  // namespace raidbench
