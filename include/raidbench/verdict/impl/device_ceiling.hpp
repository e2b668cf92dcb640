#pragma once
// The device ceiling's definitions (see core/linkage.hpp): included by device_ceiling.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/context/storage_context.hpp"

namespace raidbench {

namespace detail {
inline std::optional<std::pair<double, std::string>> disk_ceiling(const block_node& d, bool random, std::uint64_t block) {
  std::optional<std::pair<double, std::string>> best;
  auto offer = [&](double bps, std::string why) {
    if (!best || bps < best->first) best = std::pair{bps, d.name + ": " + std::move(why)};
  };
  if (d.pci)
    if (auto bps = pcie_bytes_per_second(*d.pci))
      offer(*bps, fmt::format("PCIe link {} x{} at {} carries at most {:.0f} MB/s", *d.pci->current_speed,
                              *d.pci->current_width, d.pci->address, *bps / 1e6));
  if (d.transport == "sata") offer(600e6, "a SATA 6 Gb/s link carries at most 600 MB/s");
  if (d.transport == "sas") offer(1200e6, "a SAS 12 Gb/s link carries at most 1200 MB/s");
  // A hypervisor's rotational flag says nothing about the host's storage.
  if (d.rotational == true && !is_virtual_disk(d)) {
    if (random)
      offer(rotating_random_reads_per_second * static_cast<double>(block),
            fmt::format("a rotating disk serves at most ~{:.0f} random reads/s ({:.1f} MB/s in {} B blocks)",
                        rotating_random_reads_per_second, rotating_random_reads_per_second * static_cast<double>(block) / 1e6, block));
    else
      offer(rotating_stream_bytes_per_second, "a rotating disk streams at most ~300 MB/s");
  }
  return best;
}
}  // namespace detail

RAIDBENCH_API std::optional<device_ceiling> read_ceiling(const storage_context& c, bool random, std::uint64_t block) {
  const auto disks = bottom_devices(c.devices);
  if (disks.empty()) return std::nullopt;
  device_ceiling out;
  for (const block_node* d : disks) {
    if (d->kind == block_kind::loop || d->kind == block_kind::zram || d->kind == block_kind::ram) return std::nullopt;
    auto one = detail::disk_ceiling(*d, random, block);
    if (!one) return std::nullopt;
    out.bytes_per_second += one->first;
    out.reasons.push_back(std::move(one->second));
  }
  return out;
}

}  // namespace raidbench
