#pragma once
/// The block devices under a filesystem, from the device it sits on down to the disks: partitions,
/// device-mapper targets (dm-crypt, LVM), md arrays, loop devices, and each disk's queue settings,
/// identity and the PCIe link of the controller above it. Everything comes from /sys.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/enum_names.hpp"
#include "raidbench/context/disk_link.hpp"
#include "raidbench/context/pcie_link.hpp"
#include "raidbench/context/sysfs_text.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// What a block device is.
enum class block_kind { disk, partition, device_mapper, md, loop, zram, ram };
template <>
inline constexpr auto enum_names<block_kind> =
    name_list<block_kind::ram>("disk", "partition", "device_mapper", "md", "loop", "zram", "ram");

/// One block device in the chain; fields /sys does not give stay unknown.
struct block_node {
  std::string name;  ///< "sda1", "dm-0", "md127", "vda"
  block_kind kind = block_kind::disk;
  std::vector<std::string> below;  ///< the devices this one is built on (a partition: its disk)
  std::optional<std::uint64_t> size_bytes;

  // A disk's link, by the path of its device in /sys.
  std::optional<std::string> transport;  ///< "sata", "sas", "scsi", "nvme", "virtio", "usb", "mmc", "xen"
  std::optional<std::string> vendor;
  std::optional<std::string> model;
  std::optional<pcie_link> pci;  ///< the PCI function above the disk
  std::optional<disk_link> link;  ///< the disk's own SATA, SAS or USB link and its negotiated speed
  /// A SCSI disk's host:channel:target:lun ("0:2:0:0"): which volume of its host (a RAID
  /// controller's virtual drive, an HBA's drive) it is.
  std::optional<std::string> scsi_address;

  // device-mapper, md and loop
  std::optional<std::string> dm_name;    ///< dm/name ("cryptroot")
  std::optional<std::string> dm_target;  ///< "crypt", "lvm", "multipath", from the dm/uuid prefix
  std::optional<std::string> md_level;   ///< md/level ("raid1")
  std::optional<std::string> md_state;   ///< md/array_state ("clean", "active")
  std::optional<unsigned> md_raid_disks;
  std::optional<unsigned> md_degraded;   ///< members missing
  std::optional<std::string> md_sync_action;  ///< "idle", "resync", "recover", "check"
  std::optional<std::string> backing_file;  ///< a loop device's file

  // A partition's placement on its disk.
  std::optional<std::uint64_t> start_bytes;
  std::optional<bool> aligned_to_physical_sector;
  std::optional<bool> aligned_to_1mib;

  // queue/* (whole devices only)
  std::optional<bool> rotational;
  std::optional<std::uint64_t> logical_sector_bytes;
  std::optional<std::uint64_t> physical_sector_bytes;
  std::optional<std::string> scheduler;  ///< the active one, without brackets
  std::optional<std::uint64_t> nr_requests;
  std::optional<std::uint64_t> max_sectors_kb;
  std::optional<std::string> write_cache;  ///< "write back" or "write through"
  std::optional<bool> fua;
  friend bool operator==(const block_node&, const block_node&) = default;
};

/// The chain under device major:minor, top first, each device once: the device itself, then what
/// it is built on, breadth first. Empty when /sys does not know the device (tmpfs, NFS, overlay).
/// `sys` is the sysfs root ("/sys"), replaceable in tests.
RAIDBENCH_API std::vector<block_node> read_block_chain(unsigned major, unsigned minor,
                                                      const std::filesystem::path& sys = "/sys");

/// Whether the disk is a hypervisor's (virtio, xen): its flags, rotation included, are what the
/// hypervisor declares, and the host's media behind it are unknown.
inline bool is_virtual_disk(const block_node& n) { return n.transport == "virtio" || n.transport == "xen"; }

/// The devices at the bottom of a chain: those built on nothing else.
inline std::vector<const block_node*> bottom_devices(const std::vector<block_node>& chain) {
  std::vector<const block_node*> out;
  for (const auto& n : chain)
    if (n.below.empty()) out.push_back(&n);
  return out;
}

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/context/impl/block_chain.hpp"
#endif
