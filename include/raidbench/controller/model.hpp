#pragma once
/// The typed inventory every controller parser fills: controllers, cache, battery, virtual and
/// physical drives. A field a tool does not show stays empty (std::nullopt); nothing is guessed.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace raidbench {

/// What backs the controller cache when power fails.
enum class battery_kind { none, bbu, cachevault, fbwc, supercap };

/// Health of the battery or capacitor, as far as the tool tells it.
enum class battery_state { optimal, charging, discharging, learning, degraded, failed, missing };

/// Write policy of a virtual drive or controller cache.
enum class write_policy { write_back, write_through, always_write_back };

/// Read-ahead policy.
enum class read_policy { read_ahead, no_read_ahead, adaptive };

/// Whether I/O goes through the controller cache (MegaCLI Cached) or bypasses it (Direct).
enum class io_policy { direct, cached };

/// The drives' own volatile write cache, as set by the controller.
enum class disk_cache_policy { enabled, disabled, unchanged };

/// RAID level of a virtual drive, software array or logical drive.
enum class raid_level {
  raid0, raid1, raid1e, raid1_triple, raid4, raid5, raid6, raid10, raid10_triple, raid50, raid60,
  linear, multipath, jbod
};

/// What a virtual drive is: an ordinary array, a container whose members hold the arrays (md's
/// IMSM/DDF containers), or an SSD cache in front of other drives (CacheCade, maxCache).
enum class vd_kind { volume, container, cache };

/// Health of a virtual drive or array: how much redundancy it has, never what runs on it.
enum class vd_state { optimal, degraded, partially_degraded, impacted, inactive, offline, failed };

/// Background work running on a virtual drive, beside its state (a degraded array can be rebuilding).
enum class vd_operation { rebuild, resync, reshape, check, repair, initialize, verify };

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

/// Storage medium of a physical drive.
enum class media_type { hdd, ssd };

/// Link between controller and drive.
enum class drive_interface { sas, sata, nvme, scsi };

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

/// Everything one or more dumps told about the machine's controllers.
struct inventory {
  /// Name of the parser that read it ("megacli"); "megacli+storcli" after merging different tools.
  std::string source;
  std::vector<controller> controllers;
  std::vector<warning> warnings;
  friend bool operator==(const inventory&, const inventory&) = default;
};

/// Lower-case names used in reports and JSON ("cachevault", "write_back", "raid10").
constexpr std::string_view to_string(battery_kind v) noexcept {
  switch (v) {
    case battery_kind::none: return "none";
    case battery_kind::bbu: return "bbu";
    case battery_kind::cachevault: return "cachevault";
    case battery_kind::fbwc: return "fbwc";
    case battery_kind::supercap: return "supercap";
  }
  return "?";
}

/// Name of a battery state.
constexpr std::string_view to_string(battery_state v) noexcept {
  switch (v) {
    case battery_state::optimal: return "optimal";
    case battery_state::charging: return "charging";
    case battery_state::discharging: return "discharging";
    case battery_state::learning: return "learning";
    case battery_state::degraded: return "degraded";
    case battery_state::failed: return "failed";
    case battery_state::missing: return "missing";
  }
  return "?";
}

/// Name of a write policy.
constexpr std::string_view to_string(write_policy v) noexcept {
  switch (v) {
    case write_policy::write_back: return "write_back";
    case write_policy::write_through: return "write_through";
    case write_policy::always_write_back: return "always_write_back";
  }
  return "?";
}

/// Name of a read policy.
constexpr std::string_view to_string(read_policy v) noexcept {
  switch (v) {
    case read_policy::read_ahead: return "read_ahead";
    case read_policy::no_read_ahead: return "no_read_ahead";
    case read_policy::adaptive: return "adaptive";
  }
  return "?";
}

/// Name of an I/O policy.
constexpr std::string_view to_string(io_policy v) noexcept {
  switch (v) {
    case io_policy::direct: return "direct";
    case io_policy::cached: return "cached";
  }
  return "?";
}

/// Name of a disk cache policy.
constexpr std::string_view to_string(disk_cache_policy v) noexcept {
  switch (v) {
    case disk_cache_policy::enabled: return "enabled";
    case disk_cache_policy::disabled: return "disabled";
    case disk_cache_policy::unchanged: return "unchanged";
  }
  return "?";
}

/// Name of a RAID level ("raid10", "linear").
constexpr std::string_view to_string(raid_level v) noexcept {
  switch (v) {
    case raid_level::raid0: return "raid0";
    case raid_level::raid1: return "raid1";
    case raid_level::raid1e: return "raid1e";
    case raid_level::raid1_triple: return "raid1_triple";
    case raid_level::raid4: return "raid4";
    case raid_level::raid5: return "raid5";
    case raid_level::raid6: return "raid6";
    case raid_level::raid10: return "raid10";
    case raid_level::raid10_triple: return "raid10_triple";
    case raid_level::raid50: return "raid50";
    case raid_level::raid60: return "raid60";
    case raid_level::linear: return "linear";
    case raid_level::multipath: return "multipath";
    case raid_level::jbod: return "jbod";
  }
  return "?";
}

/// Name of a virtual drive state.
constexpr std::string_view to_string(vd_state v) noexcept {
  switch (v) {
    case vd_state::optimal: return "optimal";
    case vd_state::degraded: return "degraded";
    case vd_state::partially_degraded: return "partially_degraded";
    case vd_state::impacted: return "impacted";
    case vd_state::inactive: return "inactive";
    case vd_state::offline: return "offline";
    case vd_state::failed: return "failed";
  }
  return "?";
}

/// Name of a virtual drive kind.
constexpr std::string_view to_string(vd_kind v) noexcept {
  switch (v) {
    case vd_kind::volume: return "volume";
    case vd_kind::container: return "container";
    case vd_kind::cache: return "cache";
  }
  return "?";
}

/// Name of a background operation.
constexpr std::string_view to_string(vd_operation v) noexcept {
  switch (v) {
    case vd_operation::rebuild: return "rebuild";
    case vd_operation::resync: return "resync";
    case vd_operation::reshape: return "reshape";
    case vd_operation::check: return "check";
    case vd_operation::repair: return "repair";
    case vd_operation::initialize: return "initialize";
    case vd_operation::verify: return "verify";
  }
  return "?";
}

/// Name of a physical drive state.
constexpr std::string_view to_string(pd_state v) noexcept {
  switch (v) {
    case pd_state::online: return "online";
    case pd_state::hot_spare: return "hot_spare";
    case pd_state::rebuilding: return "rebuilding";
    case pd_state::copyback: return "copyback";
    case pd_state::unconfigured_good: return "unconfigured_good";
    case pd_state::unconfigured_bad: return "unconfigured_bad";
    case pd_state::jbod: return "jbod";
    case pd_state::failed: return "failed";
    case pd_state::offline: return "offline";
    case pd_state::missing: return "missing";
  }
  return "?";
}

/// Name of a media type.
constexpr std::string_view to_string(media_type v) noexcept {
  switch (v) {
    case media_type::hdd: return "hdd";
    case media_type::ssd: return "ssd";
  }
  return "?";
}

/// Name of a drive interface.
constexpr std::string_view to_string(drive_interface v) noexcept {
  switch (v) {
    case drive_interface::sas: return "sas";
    case drive_interface::sata: return "sata";
    case drive_interface::nvme: return "nvme";
    case drive_interface::scsi: return "scsi";
  }
  return "?";
}

}  // namespace raidbench
