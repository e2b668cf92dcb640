#pragma once
/// What the disks under a filesystem can plausibly move at most, from what the context knows: the
/// speed their SATA, SAS or USB link negotiated (else the fastest such link), their PCIe link, and
/// for rotating disks the mechanics. Unknown when any disk has no known bound (a virtio or xen disk,
/// a RAID controller's volume on a link /sys does not show): an unknown disk could be fast, so
/// nothing is guessed. The same bound holds for reads and writes: every byte crosses the link.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/workload/workload_description.hpp"

namespace raidbench {

/// A bound on bytes per second, the fact it comes from, and what it is (for a verdict's sentence).
struct device_ceiling {
  double bytes_per_second = 0;
  std::vector<std::string> reasons;  ///< one per disk: "sda: a SATA 6 Gb/s link carries at most 600 MB/s"
  std::string through;               ///< "a SATA 6 Gb/s link", "2 disks (sda, sdb)"
};

/// Most random I/Os per second a rotating disk serves (a 15k rpm drive does ~200; margin included).
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

/// The ceiling for transfers (reads or writes) of `block` bytes, random or sequential: the sum over
/// the bottom disks (an array may use all of them), or, when one disk has no known bound, why
/// ("vda is a virtio disk: the host's storage behind it is unknown").
RAIDBENCH_API expected<device_ceiling> transfer_ceiling(const storage_context& c, bool random, std::uint64_t block);

/// The margin over a device's ceiling (and the lower edge of page_cache_reads's O_DIRECT comparison)
/// within which a figure is borderline, not a finding: the ceilings are nominal and a measurement has its error.
inline constexpr double borderline_factor = 1.25;

/// A measured rate against a ceiling: how many times the bound it is. Above the margin a cache served
/// it; over the bound but within the margin it is borderline.
struct ceiling_check {
  double over = 0;
  bool above() const { return over > borderline_factor; }
  bool borderline() const { return over > 1 && !above(); }
};

inline ceiling_check check_against(const device_ceiling& ceiling, double bytes_per_second) {
  return {bytes_per_second / ceiling.bytes_per_second};
}

/// The ceiling for a test's transfers (its access and block size), with its reasons added to
/// `evidence` when it is known: what page_cache_reads and rate_above_ceiling compare a rate with.
RAIDBENCH_API expected<device_ceiling> ceiling_for(const storage_context& c, const workload_description& w,
                                                   std::vector<std::string>& evidence);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/device_ceiling.hpp"
#endif
