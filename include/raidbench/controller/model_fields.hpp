#pragma once
/// The one list of fields of each model struct, in the order the JSON shows them: what the
/// inventory's JSON output and the merge of dumps both walk (core/fields.hpp), so a field added to
/// the model is added here once, by its name.
#include "raidbench/controller/model.hpp"
#include "raidbench/core/fields.hpp"

BOOST_HANA_ADAPT_STRUCT(raidbench::cache_policy, write, read, io, disk_cache, no_write_cache_if_bad_battery);
BOOST_HANA_ADAPT_STRUCT(raidbench::battery, kind, model, present, state, charge_percent, temperature_celsius,
                        replacement_required);
BOOST_HANA_ADAPT_STRUCT(raidbench::virtual_drive, id, name, kind, level, size_bytes, state, operation,
                        progress_percent, strip_bytes, target_id, os_device, drive_count, span_count, default_policy,
                        current_policy);
BOOST_HANA_ADAPT_STRUCT(raidbench::physical_drive, location, enclosure, slot, device_id, state, media, interface,
                        model, serial, firmware, size_bytes, media_errors, other_errors, predictive_failures,
                        temperature_celsius, smart_alert, write_cache, os_device);
BOOST_HANA_ADAPT_STRUCT(raidbench::coverage, controller, battery, arrays, drives);
BOOST_HANA_ADAPT_STRUCT(raidbench::device_counts, virtual_drives, degraded_virtual_drives, offline_virtual_drives,
                        physical_devices, disks, critical_disks, failed_disks);
BOOST_HANA_ADAPT_STRUCT(raidbench::controller, tool, number, slot, pci_address, vendor, model, serial, firmware,
                        firmware_package, bios, cache_bytes, coverage, counts, battery, default_policy, current_policy, virtual_drives,
                        physical_drives);
