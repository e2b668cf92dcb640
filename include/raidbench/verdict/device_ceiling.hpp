#pragma once
/// What the disks under a filesystem can plausibly deliver at most, from what the context knows:
/// their PCIe link, their SATA/SAS link, and for rotating disks the mechanics. Unknown when any
/// disk has no known bound: an unknown disk could be fast, so nothing is guessed.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/context/storage_context.hpp"

namespace raidbench {

/// A bound on reads per second, and the fact it comes from.
struct device_ceiling {
  double bytes_per_second = 0;
  std::vector<std::string> reasons;  ///< one per disk: "sda: SATA 6 Gb/s link carries at most 600 MB/s"
};

/// Most random reads per second a rotating disk serves (a 15k rpm drive does ~200; margin included).
inline constexpr double rotating_random_reads_per_second = 400;
/// Most bytes per second a rotating disk streams (the fastest outer tracks stay under ~300 MB/s).
inline constexpr double rotating_stream_bytes_per_second = 300e6;

/// Payload bytes per second of a PCIe link ("8.0 GT/s PCIe", x8); 8b/10b below 8 GT/s, 128b/130b from it.
inline std::optional<double> pcie_bytes_per_second(const pcie_link& l) {
  const auto gt = link_gigatransfers(l.current_speed);
  if (!gt || !l.current_width) return std::nullopt;
  const double encoding = *gt < 8 ? 0.8 : 128.0 / 130.0;
  return *gt * 1e9 * encoding / 8 * *l.current_width;
}

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
  if (d.rotational == true && d.transport != "virtio" && d.transport != "xen") {
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

/// The ceiling for reads of `block` bytes, random or sequential; the sum over the bottom disks
/// (an array may read from all of them), or nullopt when one disk has no known bound.
inline std::optional<device_ceiling> read_ceiling(const storage_context& c, bool random, std::uint64_t block) {
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
