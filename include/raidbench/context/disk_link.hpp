#pragma once
/// A disk's own link and the speed it negotiated, from /sys: SATA (libata's sata_spd), SAS (the
/// phys of the port the disk hangs on, negotiated_linkrate) and USB (the device's speed). A disk
/// behind a RAID controller's volume, an NVMe drive (its link is PCIe: pcie_link.hpp) or a virtual
/// disk has none.
#include <filesystem>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// The link nearest the disk, and its negotiated line rate.
struct disk_link {
  std::string kind;         ///< "sata", "sas" or "usb"
  double gigabits = 0;      ///< line rate in Gb/s as negotiated: 6.0, 3.0 (SATA); 12.0 (SAS; a wide port's phys add up); 0.48, 5.0 (USB)
  friend bool operator==(const disk_link&, const disk_link&) = default;
};

/// Payload bytes per second the link carries at most: 8b/10b on SATA, on SAS up to 12 Gb/s and on
/// USB 3.0; 128b/150b on 22.5 Gb/s SAS; 128b/132b on USB from 10 Gb/s; USB 2.0 and slower: the raw rate.
inline double link_bytes_per_second(const disk_link& l) {
  double encoding = 0.8;
  if (l.kind == "sas" && l.gigabits > 12) encoding = 128.0 / 150.0;
  if (l.kind == "usb") encoding = l.gigabits < 1 ? 1.0 : l.gigabits < 10 ? 0.8 : 128.0 / 132.0;
  return l.gigabits * 1e9 * encoding / 8;
}

/// The link as people name it: "SATA 6 Gb/s link", "SAS 12 Gb/s link", "USB 480 Mb/s link".
inline std::string link_name(const disk_link& l) {
  std::string kind = l.kind;
  for (char& c : kind) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return l.gigabits < 1 ? fmt::format("{} {:g} Mb/s link", kind, l.gigabits * 1000) : fmt::format("{} {:g} Gb/s link", kind, l.gigabits);
}

/// The link above `device_dir` (a canonical path under <sys>/devices): the first of a USB device's
/// speed, a SAS port's phys and a libata port's link met walking up; nullopt when none says.
RAIDBENCH_API std::optional<disk_link> read_disk_link(std::filesystem::path device_dir, const std::filesystem::path& sys);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/disk_link.hpp"
#endif
