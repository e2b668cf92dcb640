#pragma once
// The device ceiling's definitions (see core/linkage.hpp): included by device_ceiling.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/context/disk_link.hpp"
#include "raidbench/context/storage_context.hpp"

namespace raidbench {

namespace detail {

/// One disk's tightest bound: bytes per second, the reason, and what it is.
struct disk_bound {
  double bytes_per_second = 0;
  std::string reason;
  std::string through;
};

inline std::optional<disk_bound> disk_ceiling(const block_node& d, bool random, std::uint64_t block) {
  std::optional<disk_bound> best;
  auto offer = [&](double bps, std::string through, std::string why) {
    if (!best || bps < best->bytes_per_second) best = disk_bound{bps, d.name + ": " + std::move(why), std::move(through)};
  };
  if (d.pci)
    if (auto bps = pcie_bytes_per_second(*d.pci))
      offer(*bps, fmt::format("a PCIe {} x{} link", *d.pci->current_speed, *d.pci->current_width),
            fmt::format("PCIe link {} x{} at {} carries at most {:.0f} MB/s", *d.pci->current_speed, *d.pci->current_width,
                        d.pci->address, *bps / 1e6));
  if (d.link) {
    const double bps = link_bytes_per_second(*d.link);
    offer(bps, "a " + link_name(*d.link), fmt::format("a {} (negotiated) carries at most {:.0f} MB/s", link_name(*d.link), bps / 1e6));
  } else if (d.transport == "sata") {
    offer(600e6, "a SATA 6 Gb/s link", "a SATA 6 Gb/s link carries at most 600 MB/s");
  } else if (d.transport == "sas") {
    offer(1200e6, "a SAS 12 Gb/s link", "a SAS 12 Gb/s link carries at most 1200 MB/s");
  }
  // A hypervisor's rotational flag says nothing about the host's storage.
  if (d.rotational == true && !is_virtual_disk(d)) {
    if (random)
      offer(rotating_random_reads_per_second * static_cast<double>(block), "a rotating disk",
            fmt::format("a rotating disk serves at most ~{:.0f} random reads/s ({:.1f} MB/s in {} B blocks)",
                        rotating_random_reads_per_second, rotating_random_reads_per_second * static_cast<double>(block) / 1e6, block));
    else
      offer(rotating_stream_bytes_per_second, "a rotating disk", "a rotating disk streams at most ~300 MB/s");
  }
  return best;
}

inline bool memory_backed(const block_node& d) {
  return d.kind == block_kind::loop || d.kind == block_kind::zram || d.kind == block_kind::ram;
}

}  // namespace detail

RAIDBENCH_API expected<device_ceiling> transfer_ceiling(const storage_context& c, bool random, std::uint64_t block) {
  const auto disks = bottom_devices(c.devices);
  if (disks.empty()) return fail("no block device under the files");
  device_ceiling out;
  std::vector<std::string> names;
  for (const block_node* d : disks) {
    if (detail::memory_backed(*d))
      return fail(fmt::format("{} is a {} device, backed by memory or a file", d->name, to_string(d->kind)));
    auto one = detail::disk_ceiling(*d, random, block);
    if (!one) {
      if (is_virtual_disk(*d))
        return fail(fmt::format("{} is a {} disk: the host's storage behind it is unknown", d->name, *d->transport));
      return fail(fmt::format("{}: no link speed or media bound is known ({})", d->name,
                              d->transport ? "transport " + *d->transport : "transport unknown"));
    }
    out.bytes_per_second += one->bytes_per_second;
    out.reasons.push_back(std::move(one->reason));
    out.through = std::move(one->through);
    names.push_back(d->name);
  }
  if (names.size() > 1) out.through = fmt::format("{} disks ({})", names.size(), fmt::join(names, ", "));
  return out;
}

RAIDBENCH_API expected<device_ceiling> ceiling_for(const storage_context& c, const workload_description& w,
                                                   std::vector<std::string>& evidence) {
  auto ceiling = transfer_ceiling(c, w.access == "random", w.block_size);
  if (ceiling) evidence.insert(evidence.end(), ceiling->reasons.begin(), ceiling->reasons.end());
  return ceiling;
}

}  // namespace raidbench
