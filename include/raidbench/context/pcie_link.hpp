#pragma once
/// The PCI(e) device above a block device (its controller: HBA, RAID card, NVMe drive, virtio
/// function) and its link now and at most, from /sys/bus/pci/devices/<address>/*_link_*.
#include <exception>
#include <filesystem>
#include <optional>
#include <string>

#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// A PCI function and, when it is PCI Express, its negotiated and maximum link.
struct pcie_link {
  std::string address;                       ///< "0000:01:00.0"
  std::optional<std::string> vendor_id;      ///< "0x1000"
  std::optional<std::string> device_id;      ///< "0x005d"
  std::optional<std::string> driver;         ///< "megaraid_sas", "mpt3sas", "ahci", "nvme", "virtio-pci"
  std::optional<std::string> current_speed;  ///< "5.0 GT/s PCIe"
  std::optional<std::string> max_speed;
  std::optional<unsigned> current_width;     ///< lanes
  std::optional<unsigned> max_width;
  friend bool operator==(const pcie_link&, const pcie_link&) = default;
};

/// Transfer rate in GT/s of a sysfs speed ("8.0 GT/s PCIe" -> 8.0); nullopt when unreadable.
inline std::optional<double> link_gigatransfers(const std::optional<std::string>& speed) {
  if (!speed) return std::nullopt;
  try {
    std::size_t used = 0;
    const double v = std::stod(*speed, &used);
    if (used > 0 && speed->find("GT/s") != std::string::npos) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

/// True when the link runs slower or narrower than it can; nullopt when /sys does not say.
inline std::optional<bool> link_below_max(const pcie_link& l) {
  const auto cur = link_gigatransfers(l.current_speed), max = link_gigatransfers(l.max_speed);
  if (!cur || !max || !l.current_width || !l.max_width) return std::nullopt;
  return *cur < *max || *l.current_width < *l.max_width;
}

/// Walks up from `device_dir` (a canonical path under <sys>/devices) to the nearest PCI function.
RAIDBENCH_API std::optional<pcie_link> read_pcie_link_above(std::filesystem::path device_dir,
                                                           const std::filesystem::path& sys);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/pcie_link.hpp"
#endif
