#pragma once
// The PCIe link reader's definitions (see core/linkage.hpp): included by pcie_link.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <filesystem>
#include <optional>
#include <regex>
#include <string>

#include "raidbench/context/pcie_link.hpp"
#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

RAIDBENCH_API std::optional<pcie_link> read_pcie_link_above(std::filesystem::path device_dir,
                                                           const std::filesystem::path& sys) {
  static const std::regex address(R"([0-9a-fA-F]{4,}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])");
  const auto devices = (sys / "devices").lexically_normal();
  for (; device_dir.has_relative_path() && device_dir != devices; device_dir = device_dir.parent_path()) {
    const std::string name = device_dir.filename().string();
    if (!std::regex_match(name, address)) continue;
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
