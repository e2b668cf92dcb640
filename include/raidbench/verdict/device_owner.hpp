#pragma once
/// Which controller of an inventory holds the device a benchmark ran on. The storage context gives
/// the devices under the files (each disk with its SCSI address and the PCI function above it, and
/// any md array); the inventory gives each controller's PCI address, its virtual drives' target ids
/// and OS device names, and the tool that read it. A controller is tied to a device only by such
/// evidence, or because the user says so (`--controller-owns-target`); a dump that cannot be tied
/// describes some controller, not necessarily this one, and rules must not conclude from it.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/core/enum_names.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/part_names.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Whether a controller holds a device: it does, it does not, or the evidence cannot tell.
enum class ownership { owns, does_not_own, unknown };
template <>
inline constexpr auto enum_names<ownership> = name_list<ownership::unknown>("owns", "does_not_own", "unknown");

/// One device under the files against one controller of the inventory.
struct device_tie {
  std::string device;          ///< "sda", "md0", "vda"
  std::size_t controller = 0;  ///< index in inventory::controllers
  std::string controller_name; ///< its model ("PERC H730 Mini"), or "md", or "controller 0"
  ownership status = ownership::unknown;
  std::optional<std::size_t> virtual_drive;  ///< index in that controller's virtual_drives, when identified
  bool pass_through = false;   ///< the controller shows the OS a drive of its own, not a volume (HBA mode, JBOD)
  bool asserted = false;       ///< owned because the user said so, not because it was observed
  std::string evidence;        ///< how it was tied, or why not
  friend bool operator==(const device_tie&, const device_tie&) = default;
};

/// The inventory against the device under test: `owns` when every device under the files that a
/// controller could hold is held by one; `does_not_own` when none is; otherwise `unknown`.
struct device_ownership {
  ownership status = ownership::unknown;
  bool asserted = false;             ///< --controller-owns-target was given
  std::vector<std::string> devices;  ///< the disks and md arrays under the files
  std::vector<device_tie> ties;      ///< one per device and controller that could hold it
  friend bool operator==(const device_ownership&, const device_ownership&) = default;
};

/// Ties the controllers of `inv` to the devices of `c`. Without an inventory, or without a block
/// device under the files, nothing is tied and the status is unknown. With `asserted`, every
/// hardware controller is taken to hold every disk (the evidence says what was observed besides).
RAIDBENCH_API device_ownership tie_to_device(const storage_context& c, const inventory* inv, bool asserted = false);

/// The ties that hold a device, in inventory order.
inline std::vector<const device_tie*> owning_ties(const device_ownership& o) {
  std::vector<const device_tie*> out;
  for (const auto& t : o.ties)
    if (t.status == ownership::owns) out.push_back(&t);
  return out;
}

/// Calls f(controller, virtual drive or nullptr for the controller's own policies, name) for what
/// holds the device under test and returns true; or, when the inventory is not tied to it, for all
/// of the inventory and returns false. A tie whose virtual drive is unknown takes them all; a drive
/// passed through takes none (the controller's cache policies are not on its path).
template <class F>
bool visit_held(const inventory& inv, const device_ownership& owner, F&& f) {
  const auto held = owning_ties(owner);
  const bool tied = owner.status == ownership::owns && !held.empty();
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    const std::string name = controller_name(c, ci);
    bool own = !tied, every_vd = !tied;
    std::vector<std::size_t> vds;
    for (const device_tie* t : held)
      if (tied && t->controller == ci) {
        own = true;
        if (t->virtual_drive) vds.push_back(*t->virtual_drive);
        else if (!t->pass_through) every_vd = true;
      }
    if (!own) continue;
    f(c, static_cast<const virtual_drive*>(nullptr), name);
    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi) {
      const virtual_drive& vd = c.virtual_drives[vi];
      if (every_vd || std::find(vds.begin(), vds.end(), vi) != vds.end())
        f(c, &vd, vd_name(name, vd, vi));
    }
  }
  return tied;
}

/// True when a tie that holds the device was asserted (--controller-owns-target), not observed.
inline bool link_asserted(const device_ownership& o) {
  return std::any_of(o.ties.begin(), o.ties.end(), [](const device_tie& t) { return t.status == ownership::owns && t.asserted; });
}

/// The sentence on how the inventory relates to the device under test, for a rule's evidence.
inline std::string tie_note(const device_ownership& owner) {
  if (owner.status == ownership::owns)
    return link_asserted(owner) ? "the inventory holds the device under test as asserted (--controller-owns-target), not as observed"
                                : "judged on what holds the device under test";
  return fmt::format("the inventory given {} the device under test ({})",
                     owner.status == ownership::does_not_own ? "does not hold" : "could not be tied to",
                     owner.devices.empty() ? std::string("no block device") : fmt::format("{}", fmt::join(owner.devices, ", ")));
}

/// One line per tie for the text reports: "sda: owned by PERC H730 Mini VD 0 (…)".
RAIDBENCH_API std::vector<std::string> describe_ties(const device_ownership& o, const inventory& inv);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verdict/impl/device_owner.hpp"
#endif
