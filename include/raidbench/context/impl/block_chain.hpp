#pragma once
// The block chain reader's definitions (see core/linkage.hpp): included by block_chain.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "raidbench/context/block_chain.hpp"
#include "raidbench/context/disk_link.hpp"
#include "raidbench/context/pcie_link.hpp"
#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

namespace detail {

inline std::optional<std::string> active_scheduler(const std::optional<std::string>& line) {
  if (!line) return std::nullopt;
  const auto open = line->find('['), close = line->find(']');
  if (open != std::string::npos && close != std::string::npos && close > open) return line->substr(open + 1, close - open - 1);
  if (line->find(' ') == std::string::npos) return line;  // a single scheduler is printed without brackets
  return std::nullopt;
}

inline std::optional<std::string> transport_of(const std::string& name, const std::string& device_path) {
  auto has = [&](std::string_view part) { return device_path.find(part) != std::string::npos; };
  if (name.starts_with("nvme")) return "nvme";
  if (has("/virtio")) return "virtio";
  if (has("/usb")) return "usb";
  if (has("/mmc")) return "mmc";
  if (has("/vbd-") || has("/xen")) return "xen";
  if (has("/ata")) return "sata";  // libata: SATA/PATA behind AHCI or a SATA HBA
  if (has("/end_device-") || has("/expander-")) return "sas";
  if (has("/host") && has("/target")) return "scsi";  // a RAID controller's exported volume, iSCSI, …
  return std::nullopt;
}

// "0:2:0:0": a SCSI device's directory in /sys is named by its address.
inline bool is_scsi_address(std::string_view name) noexcept {
  int fields = 1;
  bool digit = false;
  for (const char c : name) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c == ':' && digit) ++fields, digit = false;
    else return false;
  }
  return digit && fields == 4;
}

inline void read_queue(block_node& n, const std::filesystem::path& dir) {
  const auto q = dir / "queue";
  n.rotational = read_flag(q / "rotational");
  n.logical_sector_bytes = read_unsigned(q / "logical_block_size");
  n.physical_sector_bytes = read_unsigned(q / "physical_block_size");
  n.scheduler = active_scheduler(read_first_line(q / "scheduler"));
  n.nr_requests = read_unsigned(q / "nr_requests");
  n.max_sectors_kb = read_unsigned(q / "max_sectors_kb");
  n.write_cache = read_first_line(q / "write_cache");
  n.fua = read_flag(q / "fua");
}

inline std::optional<std::string> dm_target_of(const std::optional<std::string>& uuid) {
  if (!uuid) return std::nullopt;
  const auto dash = uuid->find('-');
  if (dash == std::string::npos) return std::nullopt;
  std::string prefix = uuid->substr(0, dash);
  std::transform(prefix.begin(), prefix.end(), prefix.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (prefix == "mpath") return "multipath";
  if (prefix.starts_with("part")) return "partition";
  return prefix;  // "crypt", "lvm", "verity", "integrity", …
}

inline block_node read_node(const std::filesystem::path& dir, const std::filesystem::path& sys) {
  namespace fs = std::filesystem;
  std::error_code ec;
  block_node n;
  n.name = dir.filename().string();
  if (auto sectors = read_unsigned(dir / "size")) n.size_bytes = *sectors * 512;  // always 512-byte units
  if (fs::exists(dir / "partition", ec)) {
    n.kind = block_kind::partition;
    n.below.push_back(dir.parent_path().filename().string());
    if (auto start = read_unsigned(dir / "start")) n.start_bytes = *start * 512;
    return n;
  }
  if (fs::is_directory(dir / "dm", ec)) {
    n.kind = block_kind::device_mapper;
    n.dm_name = read_first_line(dir / "dm/name");
    n.dm_target = dm_target_of(read_first_line(dir / "dm/uuid"));
  } else if (fs::is_directory(dir / "md", ec)) {
    n.kind = block_kind::md;
    n.md_level = read_first_line(dir / "md/level");
    n.md_state = read_first_line(dir / "md/array_state");
    if (auto v = read_unsigned(dir / "md/raid_disks")) n.md_raid_disks = static_cast<unsigned>(*v);
    if (auto v = read_unsigned(dir / "md/degraded")) n.md_degraded = static_cast<unsigned>(*v);
    n.md_sync_action = read_first_line(dir / "md/sync_action");
  } else if (n.name.starts_with("loop")) {
    n.kind = block_kind::loop;
    n.backing_file = read_first_line(dir / "loop/backing_file");
  } else if (n.name.starts_with("zram")) {
    n.kind = block_kind::zram;
  } else if (n.name.starts_with("ram")) {
    n.kind = block_kind::ram;
  } else {
    const auto device = fs::canonical(dir / "device", ec);
    if (!ec) {
      n.transport = transport_of(n.name, device.string());
      if (n.transport != "virtio") {  // virtio's "vendor" is the PCI id of the virtio function, not a maker
        n.vendor = read_first_line(device / "vendor");
        n.model = read_first_line(device / "model");
        // SCSI-ATA translation names every SATA drive's vendor "ATA", also behind a SAS HBA or RAID card.
        if (n.vendor == "ATA") n.transport = "sata";
      }
      n.pci = read_pcie_link_above(device, sys);
      n.link = read_disk_link(device, sys);
      if (is_scsi_address(device.filename().string())) n.scsi_address = device.filename().string();
    } else {
      n.transport = transport_of(n.name, dir.string());
    }
  }
  if (fs::is_directory(dir / "slaves", ec))
    for (const auto& e : fs::directory_iterator(dir / "slaves", ec)) n.below.push_back(e.path().filename().string());
  std::sort(n.below.begin(), n.below.end());
  read_queue(n, dir);
  return n;
}

}  // namespace detail

RAIDBENCH_API std::vector<block_node> read_block_chain(unsigned major, unsigned minor, const std::filesystem::path& sys) {
  namespace fs = std::filesystem;
  std::vector<block_node> out;
  std::error_code ec;
  const auto top = fs::canonical(sys / "dev/block" / fmt::format("{}:{}", major, minor), ec);
  if (ec) return out;
  std::vector<fs::path> queue{top};
  // Each device once, even when two arrays share a disk through different partitions.
  for (std::size_t i = 0; i < queue.size() && i < 64; ++i) {
    const fs::path dir = queue[i];
    if (std::any_of(out.begin(), out.end(), [&](const block_node& n) { return n.name == dir.filename().string(); })) continue;
    block_node n = detail::read_node(dir, sys);
    if (n.kind == block_kind::partition) {
      queue.push_back(dir.parent_path());
    } else {
      for (const auto& slave : n.below) {
        auto below = fs::canonical(dir / "slaves" / slave, ec);
        if (!ec) queue.push_back(std::move(below));
      }
    }
    out.push_back(std::move(n));
  }
  // A partition's alignment needs its disk's physical sector size.
  for (auto& n : out) {
    if (n.kind != block_kind::partition || !n.start_bytes) continue;
    n.aligned_to_1mib = *n.start_bytes % (1u << 20) == 0;
    for (const auto& d : out)
      if (d.name == n.below.front() && d.physical_sector_bytes && *d.physical_sector_bytes > 0)
        n.aligned_to_physical_sector = *n.start_bytes % *d.physical_sector_bytes == 0;
  }
  return out;
}

}  // namespace raidbench
