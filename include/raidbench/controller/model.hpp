#pragma once
/// The typed inventory every controller parser fills: controllers, cache, battery, virtual and
/// physical drives. A field a tool does not show stays empty (std::nullopt); nothing is guessed.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/enum_names.hpp"

namespace raidbench {

/// What backs the controller cache when power fails.
enum class battery_kind { none, bbu, cachevault, fbwc, supercap };
template <>
inline constexpr auto enum_names<battery_kind> =
    name_list<battery_kind::supercap>("none", "bbu", "cachevault", "fbwc", "supercap");

/// Health of the battery or capacitor, as far as the tool tells it.
enum class battery_state { optimal, charging, discharging, learning, degraded, failed, missing };
template <>
inline constexpr auto enum_names<battery_state> =
    name_list<battery_state::missing>("optimal", "charging", "discharging", "learning", "degraded", "failed",
        "missing");

/// Write policy of a virtual drive or controller cache.
enum class write_policy { write_back, write_through, always_write_back };
template <>
inline constexpr auto enum_names<write_policy> =
    name_list<write_policy::always_write_back>("write_back", "write_through", "always_write_back");

/// Read-ahead policy.
enum class read_policy { read_ahead, no_read_ahead, adaptive };
template <>
inline constexpr auto enum_names<read_policy> =
    name_list<read_policy::adaptive>("read_ahead", "no_read_ahead", "adaptive");

/// Whether I/O goes through the controller cache (MegaCLI Cached) or bypasses it (Direct).
enum class io_policy { direct, cached };
template <>
inline constexpr auto enum_names<io_policy> = name_list<io_policy::cached>("direct", "cached");

/// The drives' own volatile write cache, as set by the controller.
enum class disk_cache_policy { enabled, disabled, unchanged };
template <>
inline constexpr auto enum_names<disk_cache_policy> =
    name_list<disk_cache_policy::unchanged>("enabled", "disabled", "unchanged");

/// RAID level of a virtual drive, software array or logical drive.
enum class raid_level {
  raid0, raid1, raid1e, raid1_triple, raid4, raid5, raid6, raid10, raid10_triple, raid50, raid60,
  linear, multipath, jbod
};
template <>
inline constexpr auto enum_names<raid_level> =
    name_list<raid_level::jbod>("raid0", "raid1", "raid1e", "raid1_triple", "raid4", "raid5", "raid6", "raid10",
        "raid10_triple", "raid50", "raid60", "linear", "multipath", "jbod");

/// What a virtual drive is: an ordinary array, a container whose members hold the arrays (md's
/// IMSM/DDF containers), or an SSD cache in front of other drives (CacheCade, maxCache).
enum class vd_kind { volume, container, cache };
template <>
inline constexpr auto enum_names<vd_kind> = name_list<vd_kind::cache>("volume", "container", "cache");

/// Health of a virtual drive or array: how much redundancy it has, never what runs on it.
enum class vd_state { optimal, degraded, partially_degraded, impacted, inactive, offline, failed };
template <>
inline constexpr auto enum_names<vd_state> =
    name_list<vd_state::failed>("optimal", "degraded", "partially_degraded", "impacted", "inactive", "offline",
        "failed");

/// Background work running on a virtual drive, beside its state (a degraded array can be rebuilding).
enum class vd_operation { rebuild, resync, reshape, check, repair, initialize, verify };
template <>
inline constexpr auto enum_names<vd_operation> =
    name_list<vd_operation::verify>("rebuild", "resync", "reshape", "check", "repair", "initialize", "verify");

/// True when the state means lost redundancy or unavailable data, whatever runs on the array.
constexpr bool is_broken(vd_state s) noexcept {
  return s == vd_state::degraded || s == vd_state::partially_degraded || s == vd_state::offline ||
         s == vd_state::failed || s == vd_state::inactive;
}

/// True for battery states that pass on their own (a charge, a learn cycle), unlike a failure.
constexpr bool is_transient(battery_state s) noexcept {
  return s == battery_state::charging || s == battery_state::discharging || s == battery_state::learning;
}

/// State of a physical drive; unconfigured_good also covers arcconf "Ready" and storcli "UGood".
enum class pd_state {
  online, hot_spare, rebuilding, copyback, unconfigured_good, unconfigured_bad, jbod, failed,
  offline, missing
};
template <>
inline constexpr auto enum_names<pd_state> =
    name_list<pd_state::missing>("online", "hot_spare", "rebuilding", "copyback", "unconfigured_good",
        "unconfigured_bad", "jbod", "failed", "offline", "missing");

/// True for the states of a drive lost to service: failed, offline, missing or unconfigured-bad.
constexpr bool is_failed(pd_state s) noexcept {
  return s == pd_state::failed || s == pd_state::offline || s == pd_state::missing || s == pd_state::unconfigured_bad;
}

/// Storage medium of a physical drive.
enum class media_type { hdd, ssd };
template <>
inline constexpr auto enum_names<media_type> = name_list<media_type::ssd>("hdd", "ssd");

/// Link between controller and drive.
enum class drive_interface { sas, sata, nvme, scsi };
template <>
inline constexpr auto enum_names<drive_interface> = name_list<drive_interface::scsi>("sas", "sata", "nvme", "scsi");

/// Cache policies of a virtual drive (or the controller-wide defaults).
struct cache_policy {
  std::optional<write_policy> write;
  std::optional<read_policy> read;
  std::optional<io_policy> io;
  std::optional<disk_cache_policy> disk_cache;
  /// MegaCLI "No Write Cache if Bad BBU": true means the controller falls back to write-through.
  std::optional<bool> no_write_cache_if_bad_battery;
  friend bool operator==(const cache_policy&, const cache_policy&) = default;
};

/// Battery or capacitor that protects the controller cache.
struct battery {
  std::optional<battery_kind> kind;
  /// The tool's own name of the module ("iBBU08", "CVPM02").
  std::optional<std::string> model;
  std::optional<bool> present;
  std::optional<battery_state> state;
  std::optional<double> charge_percent;
  std::optional<double> temperature_celsius;
  std::optional<bool> replacement_required;
  friend bool operator==(const battery&, const battery&) = default;
};

/// A logical volume exported by the controller (MegaCLI VD, HP logical drive, md array).
struct virtual_drive {
  std::optional<unsigned> id;
  std::optional<std::string> name;
  std::optional<vd_kind> kind;
  std::optional<raid_level> level;
  std::optional<std::uint64_t> size_bytes;
  std::optional<vd_state> state;
  std::optional<vd_operation> operation;
  /// The operation's progress; empty while it waits (md "resync=DELAYED").
  std::optional<double> progress_percent;
  std::optional<std::uint64_t> strip_bytes;
  /// The SCSI target id the operating system sees it at (MegaCLI "(Target Id: N)", StorCLI's VD
  /// number): with the controller's PCI function, what ties it to a disk `H:C:T:L` in /sys.
  std::optional<unsigned> target_id;
  /// The block device the tool says it is ("/dev/sda": ssacli "Disk Name", StorCLI "OS Drive Name";
  /// md's own array name).
  std::optional<std::string> os_device;
  std::optional<unsigned> drive_count;
  std::optional<unsigned> span_count;
  cache_policy default_policy;
  cache_policy current_policy;
  friend bool operator==(const virtual_drive&, const virtual_drive&) = default;
};

/// A drive attached to the controller.
struct physical_drive {
  /// The tool's own address of the drive: "32:0" (enclosure:slot), "1I:1:1", "sdb1".
  std::optional<std::string> location;
  std::optional<unsigned> enclosure;
  std::optional<unsigned> slot;
  std::optional<unsigned> device_id;
  std::optional<pd_state> state;
  std::optional<media_type> media;
  std::optional<drive_interface> interface;
  std::optional<std::string> model;
  std::optional<std::string> serial;
  std::optional<std::string> firmware;
  std::optional<std::uint64_t> size_bytes;
  std::optional<std::uint64_t> media_errors;
  std::optional<std::uint64_t> other_errors;
  std::optional<std::uint64_t> predictive_failures;
  std::optional<double> temperature_celsius;
  std::optional<bool> smart_alert;
  /// The drive's own volatile write cache, when the tool reports it per drive.
  std::optional<bool> write_cache;
  /// The block device of a drive the controller passes through to the OS (HBA mode, "Raw").
  std::optional<std::string> os_device;
  friend bool operator==(const physical_drive&, const physical_drive&) = default;
};

/// What the input described of a controller, part by part: a part it did not cover (an -AdpAllInfo
/// lists no array, a PDList no battery) is unknown, not healthy. Dumps merged cover what either did.
struct coverage {
  /// The controller itself: its identity or status (MegaCLI -AdpAllInfo, ssacli "ctrl show").
  bool controller = false;
  /// The cache battery or capacitor: its state, or that there is none.
  bool battery = false;
  /// The arrays with their state, or that none is configured.
  bool arrays = false;
  /// The drives with their state, or that none is attached.
  bool drives = false;
  friend bool operator==(const coverage&, const coverage&) = default;
};

/// Counts a controller-level summary prints (MegaCLI -AdpAllInfo "Device Present", arcconf
/// "Logical devices/Failed/Degraded" and "Defunct disk drive count"): what can be judged when the
/// arrays and drives themselves are not in the input.
struct device_counts {
  std::optional<unsigned> virtual_drives;
  /// Arrays that lost redundancy (MegaCLI "Degraded", arcconf "Degraded" or "Critical").
  std::optional<unsigned> degraded_virtual_drives;
  /// Arrays whose data is unavailable (MegaCLI "Offline", arcconf "Failed" or "Offline").
  std::optional<unsigned> offline_virtual_drives;
  /// Every device on the controller's bus, enclosures and backplanes included (MegaCLI "Physical Devices").
  std::optional<unsigned> physical_devices;
  std::optional<unsigned> disks;
  /// Disks the firmware flags as about to fail (MegaCLI "Critical Disks").
  std::optional<unsigned> critical_disks;
  /// Failed disks (MegaCLI "Failed Disks", arcconf "Defunct disk drive count").
  std::optional<unsigned> failed_disks;
  friend bool operator==(const device_counts&, const device_counts&) = default;
};

/// One RAID controller (or one software-RAID host) with what hangs off it.
struct controller {
  /// The parser that read it ("megacli", "ssacli", "mdstat"), set when dumps are collected: which
  /// drivers can run it (megaraid_sas, hpsa, …) follows from the tool.
  std::optional<std::string> tool;
  /// Adapter number as the tool counts it (MegaCLI "Adapter #0", storcli "/c0").
  std::optional<unsigned> number;
  /// Where the tool says the controller sits ("Slot 0", "Embedded Slot 0").
  std::optional<std::string> slot;
  /// Its PCI function as /sys names it ("0000:3b:00.0"), where the tool prints it.
  std::optional<std::string> pci_address;
  std::optional<std::string> vendor;
  std::optional<std::string> model;
  std::optional<std::string> serial;
  std::optional<std::string> firmware;
  /// Firmware package build (MegaCLI "FW Package Build", storcli "FW Package Build").
  std::optional<std::string> firmware_package;
  std::optional<std::string> bios;
  std::optional<std::uint64_t> cache_bytes;
  /// What the input covered of this controller.
  raidbench::coverage coverage;
  /// The controller's own counts of its arrays and disks, where its summary prints them.
  device_counts counts;
  raidbench::battery battery;
  /// Controller-wide policies: configured defaults and what is in effect now.
  cache_policy default_policy;
  cache_policy current_policy;
  std::vector<virtual_drive> virtual_drives;
  std::vector<physical_drive> physical_drives;
  friend bool operator==(const controller&, const controller&) = default;
};

/// Something in the text that could not be read; line is 1-based, 0 when it is about the whole text.
struct warning {
  std::size_t line = 0;
  std::string text;
  friend bool operator==(const warning&, const warning&) = default;
};

/// What the input described of the controller: the parts its parser said it covered, and any part it
/// listed (a parser that knows nothing of coverage, a user's, still lists arrays and drives).
inline coverage covered(const controller& c) {
  coverage out = c.coverage;
  out.controller = out.controller || c.model || c.serial || c.firmware;
  out.battery = out.battery || c.battery.present || c.battery.state || c.battery.kind;
  out.arrays = out.arrays || !c.virtual_drives.empty() || c.counts.virtual_drives == 0u;
  out.drives = out.drives || !c.physical_drives.empty() || c.counts.disks == 0u;
  return out;
}

/// Whether the controller is Linux software RAID (read from /proc/mdstat or mdadm), not a card.
inline bool is_software_raid(const controller& c) { return c.tool == "mdstat" || c.tool == "mdadm"; }

/// Everything one or more dumps told about the machine's controllers.
struct inventory {
  /// Name of the parser that read it ("megacli"); "megacli+storcli" after merging different tools.
  std::string source;
  std::vector<controller> controllers;
  std::vector<warning> warnings;
  friend bool operator==(const inventory&, const inventory&) = default;
};

}  // namespace raidbench
