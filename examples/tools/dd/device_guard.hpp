#pragma once
// Whether rb-dd may write to an output: never to a block device whose data is in use (a chain of
// devices from it to a mounted filesystem or an active swap area: context/device_use.hpp), to
// another block device only with --allow-device.
#include <optional>
#include <string>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"

namespace rbdd {

/// What the guard needs to know about an output.
struct output_facts {
  std::string name;  ///< as the user wrote it, quoted as dd quotes it (or "standard output")
  bool block_device = false;
  std::optional<std::string> in_use;  ///< the chain to what uses the device's data (device_in_use)
};

/// Refuses a block device in use whatever the override, and any other block device unless `allow_device`.
inline raidbench::expected<void> check_output(const output_facts& out, bool allow_device) {
  if (!out.block_device) return {};
  if (out.in_use)
    return raidbench::fail(fmt::format("refusing to write to {}: its data is in use: {} (rb-dd never writes to a device "
                                       "in use, not even with --allow-device)",
                                       out.name, *out.in_use));
  if (!allow_device)
    return raidbench::fail(fmt::format("refusing to write to block device {}: its data would be overwritten; "
                                       "add --allow-device to write to it anyway", out.name));
  return {};
}

}  // namespace rbdd
