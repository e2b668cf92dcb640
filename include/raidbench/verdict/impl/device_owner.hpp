#pragma once
// tie_to_device's definitions (see core/linkage.hpp): included by device_owner.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"

namespace raidbench {

namespace detail::owner {

template <std::size_t N>
bool listed(std::string_view s, const std::string_view (&list)[N]) {
  return std::find(std::begin(list), std::end(list), s) != std::end(list);
}

// md's arrays are block devices of their own (md0), held by the host's md "controller".

// The drivers of the PCI functions each vendor tool manages; empty for a tool raidbench does not
// know (a user's parser), which then ties by PCI address or device name only.
inline std::vector<std::string_view> drivers_of(const std::optional<std::string>& tool) {
  if (tool == "megacli" || tool == "storcli") return {"megaraid_sas", "mpt3sas", "mpt2sas"};
  if (tool == "ssacli") return {"hpsa", "smartpqi", "cciss"};
  if (tool == "arcconf") return {"aacraid", "smartpqi"};
  return {};
}

// Drivers of PCI functions whose disks are their own: no RAID controller's volume is behind them.
inline constexpr std::string_view direct_drivers[] = {"nvme", "ahci", "ata_piix", "virtio-pci", "xhci_hcd", "ehci-pci",
                                                      "ohci-pci", "uhci_hcd", "sdhci-pci"};

inline std::string_view base_name(std::string_view device) {
  const auto slash = device.rfind('/');
  return slash == std::string_view::npos ? device : device.substr(slash + 1);
}

struct scsi_address {
  unsigned host = 0, channel = 0, target = 0;
};

inline std::optional<scsi_address> parse_scsi_address(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  unsigned field[4] = {};
  std::size_t f = 0;
  for (const char ch : *text) {
    if (ch == ':') {
      if (++f == 4) return std::nullopt;
    } else if (ch >= '0' && ch <= '9' && field[f] < 100000000u) {
      field[f] = field[f] * 10 + static_cast<unsigned>(ch - '0');
    } else {
      return std::nullopt;
    }
  }
  if (f != 3) return std::nullopt;
  return scsi_address{field[0], field[1], field[2]};
}

// megaraid_sas shows the drives it passes through on SCSI channels 0-1 and its virtual drives on
// channels 2-3, 128 targets per channel: target id = (channel - 2) * 128 + SCSI target.
inline std::optional<unsigned> megaraid_target_id(const scsi_address& a) {
  if (a.channel < 2) return std::nullopt;
  return (a.channel - 2) * 128 + a.target;
}

// A tie and whether it rests on the driver alone (no PCI address, no name): weak when several
// controllers could each be the one.
struct candidate {
  device_tie tie;
  bool weak = false;
};

inline candidate tie_array(const block_node& d, const controller& c, std::size_t ci) {
  candidate out{{d.name, ci, controller_title(c, ci), ownership::does_not_own, {}, false, false, {}}, false};
  std::string names;
  for (std::size_t v = 0; v < c.virtual_drives.size(); ++v) {
    const auto& vd = c.virtual_drives[v];
    const std::string name(vd.os_device ? base_name(*vd.os_device) : std::string_view(vd.name ? *vd.name : std::string()));
    if (name == d.name) {
      out.tie.status = ownership::owns;
      out.tie.virtual_drive = v;
      out.tie.evidence = fmt::format("{} is one of the md arrays described", d.name);
      return out;
    }
    names += (names.empty() ? "" : ", ") + name;
  }
  out.tie.evidence = fmt::format("the md arrays described ({}) do not include {}", names.empty() ? "none" : names, d.name);
  return out;
}

inline candidate tie_disk(const block_node& d, const controller& c, std::size_t ci) {
  candidate out{{d.name, ci, controller_title(c, ci), ownership::unknown, {}, false, false, {}}, false};
  device_tie& t = out.tie;
  const std::string driver = d.pci && d.pci->driver ? *d.pci->driver : std::string();
  const std::string where = d.pci ? fmt::format("{}{}", d.pci->address, driver.empty() ? "" : " (" + driver + ")") : "";
  if (is_virtual_disk(d)) {
    t.evidence = fmt::format("{} is a {} disk: the controller described may be the hypervisor host's, which the guest "
                             "cannot see", d.name, *d.transport);
    return out;
  }
  if (d.transport == "nvme" || d.transport == "usb" || d.transport == "mmc" || listed(driver, direct_drivers)) {
    t.status = ownership::does_not_own;
    t.evidence = fmt::format("{} is {} on {}, which holds its own disks, not a RAID controller's volumes", d.name,
                             d.transport == "nvme" ? "an NVMe drive" : "a disk", where.empty() ? "its own bus" : where);
    return out;
  }
  std::string how;
  if (c.pci_address) {
    if (!d.pci) {
      t.evidence = fmt::format("the PCI function above {} is not known", d.name);
      return out;
    }
    if (d.pci->address != *c.pci_address) {
      t.status = ownership::does_not_own;
      t.evidence = fmt::format("{} is behind {}; {} sits at {}", d.name, where, t.controller_name, *c.pci_address);
      return out;
    }
    how = fmt::format("{} is behind {}, the controller's PCI address", d.name, where);
  } else {
    const auto family = drivers_of(c.tool);
    if (driver.empty()) {
      t.evidence = fmt::format("the driver above {} is not known, and the dump gives no PCI address", d.name);
      return out;
    }
    if (!family.empty() && std::find(family.begin(), family.end(), driver) == family.end()) {
      t.status = ownership::does_not_own;
      t.evidence = fmt::format("{} is behind {}; {} manages controllers driven by {}", d.name, where, *c.tool,
                               fmt::join(family, ", "));
      return out;
    }
    how = fmt::format("{} is behind {}, a driver of such controllers (the dump gives no PCI address)", d.name, where);
    out.weak = true;
  }
  for (std::size_t v = 0; v < c.virtual_drives.size(); ++v)
    if (const auto& vd = c.virtual_drives[v]; vd.os_device && base_name(*vd.os_device) == d.name) {
      t.status = ownership::owns, t.virtual_drive = v, out.weak = false;
      t.evidence = fmt::format("{}; the dump names the virtual drive {}", how, *vd.os_device);
      return out;
    }
  for (const auto& pd : c.physical_drives)
    if (pd.os_device && base_name(*pd.os_device) == d.name) {
      t.status = ownership::owns, t.pass_through = true, out.weak = false;
      t.evidence = fmt::format("{}; the dump names a drive it passes through {}", how, *pd.os_device);
      return out;
    }
  const auto address = parse_scsi_address(d.scsi_address);
  if (driver == "megaraid_sas" && address) {
    if (const auto target = megaraid_target_id(*address)) {
      for (std::size_t v = 0; v < c.virtual_drives.size(); ++v)
        if (c.virtual_drives[v].target_id == target) {
          t.status = ownership::owns, t.virtual_drive = v;
          t.evidence = fmt::format("{}; SCSI {} is target id {}, a virtual drive of the dump", how, *d.scsi_address, *target);
          return out;
        }
      how += fmt::format("; no virtual drive of the dump has target id {} (SCSI {})", *target, *d.scsi_address);
    } else {
      t.pass_through = true;
      how += fmt::format("; SCSI {} is a drive the controller passes through, not a virtual drive", *d.scsi_address);
    }
  }
  if (out.weak) {
    t.evidence = how + ": nothing in the dump names this disk";
    return out;
  }
  t.status = ownership::owns;
  t.evidence = how + (t.pass_through ? "" : "; which of its virtual drives it is cannot be told");
  return out;
}

// The devices under test: the disks at the bottom of the chain, md arrays, and whatever else the
// chain ends in (a loop device, a RAM disk).
inline std::vector<const block_node*> devices_under_test(const storage_context& c) {
  std::vector<const block_node*> out;
  for (const auto& n : c.devices)
    if (n.kind == block_kind::md || n.below.empty()) out.push_back(&n);
  return out;
}

// Marks `name` and everything below it in the chain.
inline void mark_below(const storage_context& c, const std::string& name, std::vector<std::string>& marked) {
  if (std::find(marked.begin(), marked.end(), name) != marked.end() || marked.size() > c.devices.size()) return;
  marked.push_back(name);
  for (const auto& n : c.devices)
    if (n.name == name)
      for (const auto& b : n.below) mark_below(c, b, marked);
}

inline ownership status_of(const block_node& d, const std::vector<device_tie>& ties) {
  bool any = false, unknown = false;
  for (const auto& t : ties) {
    if (t.device != d.name) continue;
    any = true;
    if (t.status == ownership::owns) return ownership::owns;
    unknown = unknown || t.status == ownership::unknown;
  }
  if (unknown || (!any && d.kind == block_kind::loop)) return ownership::unknown;  // a loop device's file lies elsewhere
  return ownership::does_not_own;
}

}  // namespace detail::owner

RAIDBENCH_API device_ownership tie_to_device(const storage_context& c, const inventory* inv, bool asserted) {
  namespace ow = detail::owner;
  device_ownership out;
  out.asserted = asserted;
  const auto devices = ow::devices_under_test(c);
  for (const block_node* d : devices) out.devices.push_back(d->name);
  if (!inv || inv->controllers.empty() || devices.empty()) return out;

  for (const block_node* d : devices) {
    std::vector<ow::candidate> found;
    for (std::size_t ci = 0; ci < inv->controllers.size(); ++ci) {
      const controller& ctl = inv->controllers[ci];
      if (is_software_raid(ctl) && d->kind == block_kind::md) found.push_back(ow::tie_array(*d, ctl, ci));
      else if (!is_software_raid(ctl) && d->kind == block_kind::disk) found.push_back(ow::tie_disk(*d, ctl, ci));
    }
    // Tied by the driver alone, each of several controllers could be the one.
    const auto owners = std::count_if(found.begin(), found.end(), [](const auto& f) { return f.tie.status == ownership::owns; });
    for (auto& f : found) {
      if (owners > 1 && f.weak && f.tie.status == ownership::owns) {
        f.tie.status = ownership::unknown;
        f.tie.evidence += "; but several controllers described could hold it";
      }
      if (asserted && d->kind == block_kind::disk && f.tie.status != ownership::owns) {
        f.tie.status = ownership::owns;
        f.tie.asserted = true;
        f.tie.evidence = "asserted with --controller-owns-target, not observed; observed: " + f.tie.evidence;
      }
      out.ties.push_back(std::move(f.tie));
    }
  }

  // A disk under an md array the inventory holds is covered by that array, unless a controller of
  // its own may hold it too.
  std::vector<std::string> covered;
  for (const block_node* d : devices)
    if (d->kind == block_kind::md && ow::status_of(*d, out.ties) == ownership::owns) ow::mark_below(c, d->name, covered);
  bool any_owned = false, any_not = false, any_unknown = false;
  for (const block_node* d : devices) {
    const ownership s = ow::status_of(*d, out.ties);
    const bool under_owned_array = d->kind != block_kind::md && std::find(covered.begin(), covered.end(), d->name) != covered.end();
    if (s == ownership::owns) any_owned = true;
    else if (s == ownership::unknown) any_unknown = true;
    else if (!under_owned_array) any_not = true;
  }
  out.status = any_unknown || (any_owned && any_not) ? ownership::unknown
               : any_owned                           ? ownership::owns
                                                     : ownership::does_not_own;
  return out;
}

RAIDBENCH_API std::vector<std::string> describe_ties(const device_ownership& o, const inventory& inv) {
  std::vector<std::string> out;
  for (const auto& t : o.ties) {
    std::string who = t.controller_name;
    if (t.virtual_drive && t.controller < inv.controllers.size()) {
      const auto& vd = inv.controllers[t.controller].virtual_drives[*t.virtual_drive];
      if (vd.id) who += fmt::format(" VD {}", *vd.id);
      else if (vd.name) who += " " + *vd.name;
    }
    const char* verb = t.status == ownership::owns          ? (t.asserted ? "taken to be held by" : "held by")
                       : t.status == ownership::does_not_own ? "not held by"
                                                             : "cannot be tied to";
    out.push_back(fmt::format("{}: {} {}: {}", t.device, verb, who, t.evidence));
  }
  return out;
}

}  // namespace raidbench
