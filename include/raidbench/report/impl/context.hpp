#pragma once
// The context header's definitions (see core/linkage.hpp): included by context.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/context.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/join_present.hpp"

namespace raidbench {

namespace detail::context_text {

inline std::string or_unknown(const std::optional<std::string>& v) { return v ? *v : "unknown"; }

inline std::string bytes_or_unknown(const std::optional<std::uint64_t>& v) { return v ? format_iec(*v) : "unknown"; }

inline std::string what_it_is(const block_node& n) {
  switch (n.kind) {
    case block_kind::partition: return fmt::format("partition of {}", n.below.empty() ? "?" : n.below.front());
    case block_kind::device_mapper:
      return fmt::format("device-mapper {}{}", n.dm_target.value_or("target"), n.dm_name ? " \"" + *n.dm_name + "\"" : "");
    case block_kind::md:
      return fmt::format("md {}{}", n.md_level.value_or("array"), n.md_state ? " " + *n.md_state : "");
    case block_kind::loop: return fmt::format("loop device{}", n.backing_file ? " on " + *n.backing_file : "");
    case block_kind::zram: return "zram (compressed RAM)";
    case block_kind::ram: return "RAM disk";
    case block_kind::disk: break;
  }
  std::string s = n.transport ? *n.transport + " disk" : "disk (transport unknown)";
  for (const auto* part : {&n.vendor, &n.model})
    if (*part) s += " " + **part;
  return s;
}

inline std::string line_for(const block_node& n) {
  std::vector<std::string> parts{what_it_is(n)};
  if (n.size_bytes) parts.push_back(format_iec(*n.size_bytes));
  if (n.kind == block_kind::md && n.md_degraded) parts.push_back(fmt::format("{} missing", *n.md_degraded));
  if (n.kind == block_kind::md && n.md_sync_action && *n.md_sync_action != "idle") parts.push_back(*n.md_sync_action);
  if (n.kind != block_kind::partition && n.kind != block_kind::disk && !n.below.empty())
    parts.push_back("over " + join_present(n.below));
  if (n.kind == block_kind::partition) {
    if (!n.start_bytes) {
      parts.push_back("start unknown");
    } else {
      parts.push_back(fmt::format("starts at {} B", *n.start_bytes));
      auto aligned = [](const std::optional<bool>& a, const char* what) {
        return a ? fmt::format("{}aligned to {}", *a ? "" : "NOT ", what) : fmt::format("alignment to {} unknown", what);
      };
      parts.push_back(aligned(n.aligned_to_physical_sector, "the physical sector"));
      parts.push_back(aligned(n.aligned_to_1mib, "1 MiB"));
    }
    return join_present(parts);
  }
  if (n.kind == block_kind::disk) {
    parts.push_back(n.rotational ? (*n.rotational ? "rotational" : "non-rotational") : "rotational unknown");
    if (is_virtual_disk(n) && n.rotational) parts.back() += " (as the hypervisor declares it)";
    if (n.link) parts.push_back(link_name(*n.link) + " (negotiated)");
  }
  parts.push_back(fmt::format("sectors {}/{}", n.logical_sector_bytes ? std::to_string(*n.logical_sector_bytes) : "?",
                              n.physical_sector_bytes ? std::to_string(*n.physical_sector_bytes) : "?"));
  parts.push_back("scheduler " + or_unknown(n.scheduler));
  if (n.nr_requests) parts.push_back(fmt::format("nr_requests {}", *n.nr_requests));
  if (n.max_sectors_kb) parts.push_back(fmt::format("max_sectors_kb {}", *n.max_sectors_kb));
  parts.push_back("write cache " + or_unknown(n.write_cache));
  parts.push_back(n.fua ? (*n.fua ? "FUA" : "no FUA") : "FUA unknown");
  return join_present(parts);
}

inline std::string pci_line(const pcie_link& p) {
  std::string s = p.address;
  if (p.driver) s += " (" + *p.driver + ")";
  if (p.vendor_id && p.device_id) s += " " + *p.vendor_id + ":" + *p.device_id;
  if (!p.current_speed && !p.current_width) return s + ", PCIe link unknown";
  s += fmt::format(", link {} x{} of max {} x{}", or_unknown(p.current_speed),
                   p.current_width ? std::to_string(*p.current_width) : "?", or_unknown(p.max_speed),
                   p.max_width ? std::to_string(*p.max_width) : "?");
  if (link_below_max(p) == true) s += " (BELOW its maximum)";
  return s;
}

}  // namespace detail::context_text

RAIDBENCH_API std::string format_context(const storage_context& c) {
  namespace ct = detail::context_text;
  std::string out = fmt::format("context of {}\n", c.path);
  out += fmt::format("  kernel:     {}\n", ct::or_unknown(c.kernel));
  out += fmt::format("  cpu:        {}{}, RAM {}\n", ct::or_unknown(c.cpu.model),
                     c.cpu.logical_cpus ? fmt::format(" ({} logical CPUs)", *c.cpu.logical_cpus) : "",
                     ct::bytes_or_unknown(c.ram_bytes));
  const auto& f = c.filesystem;
  out += fmt::format("  filesystem: {} on {} at {}, block size {}, {} free of {}\n", ct::or_unknown(f.type),
                     ct::or_unknown(f.source), ct::or_unknown(f.mount_point),
                     f.block_size ? format_iec(*f.block_size) : "unknown", ct::bytes_or_unknown(f.available_bytes),
                     ct::bytes_or_unknown(f.size_bytes));
  out += fmt::format("  options:    {}\n", ct::or_unknown(f.mount_options));
  if (c.devices.empty())
    out += fmt::format("  device:     none ({}:{} is not a block device: the data lives in {})\n", f.device_major,
                       f.device_minor, f.type == "tmpfs" ? "memory" : "a device-less filesystem");
  for (const auto& n : c.devices) {
    out += fmt::format("  {:<11} {}\n", n.name + ":", ct::line_for(n));
    if (n.pci) out += fmt::format("  {:<11} {}\n", "", "pci " + ct::pci_line(*n.pci));
  }
  return out;
}

}  // namespace raidbench
