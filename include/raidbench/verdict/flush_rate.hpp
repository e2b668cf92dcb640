#pragma once
/// Rule: a test committed (fsync, fdatasync, O_SYNC/O_DSYNC writes) faster than rotating media can,
/// so a write cache absorbed the flushes; safe only if that cache survives a power loss.
#include <string>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The fastest spindle commonly sold (rpm); a rotating disk commits about once per revolution.
inline constexpr double fastest_spindle_rpm = 15000;

/// Fires when commits per second exceed fastest_spindle_rpm / 60 on a rotating disk, or on disks
/// whose rotation is unknown (virtual disks included: their flag comes from the hypervisor). Says
/// whether the cache survives a power loss only from the controllers that hold the device (`owner`).
RAIDBENCH_API verdict flush_faster_than_media(const named_result& t, const storage_context& c,
                                              const inventory* inv = nullptr, const device_ownership& owner = {});

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/flush_rate.hpp"
#endif
