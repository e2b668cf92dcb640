#pragma once
// The flush rate rule's definitions (see core/linkage.hpp): included by flush_rate.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/flush_rate.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace detail::flush_rule {

// Whether each cache that may hold the flushed data is protected: "protected", "unprotected", or "unknown".
inline std::string cache_protection(const inventory* inv, std::vector<std::string>& evidence) {
  if (!inv || inv->controllers.empty()) return "unknown";
  bool any_write_back = false, all_protected = true;
  for (const auto& c : inv->controllers) {
    std::vector<std::optional<write_policy>> policies{c.current_policy.write};
    for (const auto& v : c.virtual_drives) policies.push_back(v.current_policy.write);
    const bool write_back = std::any_of(policies.begin(), policies.end(), [](const auto& w) {
      return w == write_policy::write_back || w == write_policy::always_write_back;
    });
    if (!write_back) continue;
    any_write_back = true;
    const battery& b = c.battery;
    const bool healthy = b.present != false && b.kind != battery_kind::none && b.replacement_required != true &&
                         b.state == battery_state::optimal;
    evidence.push_back(fmt::format("controller {}: write-back, battery {}", c.model.value_or("?"),
                                   b.state ? std::string(to_string(*b.state)) : std::string("state unknown")));
    all_protected = all_protected && healthy;
  }
  if (!any_write_back) {
    evidence.push_back("every controller cache is write-through: the drives' own caches absorb the flushes");
    return "unprotected";
  }
  return all_protected ? "protected" : "unprotected";
}

// A disk no RAID controller's logical drive can be (a virtio or Xen disk, an NVMe namespace): the
// controller facts given do not describe it, whatever they say.
inline bool beyond_any_controller(const block_node& d) {
  return d.transport == "virtio" || d.transport == "xen" || d.transport == "nvme";
}

}  // namespace detail::flush_rule

RAIDBENCH_API verdict flush_faster_than_media(const named_result& t, const storage_context& c, const inventory* inv) {
  verdict v{"flush_faster_than_media", t.name, false, severity::warning, "", {}};
  const double rate = commits_per_second(t.result);
  if (rate == 0) {
    v.message = "no commits";
    return v;
  }
  const double limit = fastest_spindle_rpm / 60;
  const auto disks = bottom_devices(c.devices);
  if (disks.empty()) {
    v.message = "no block device under the files (tmpfs or a network filesystem): flushes reach no media";
    return v;
  }
  bool may_rotate = false;
  std::vector<std::string> untied;  // disks no controller's logical drive can be
  for (const block_node* d : disks) {
    if (detail::flush_rule::beyond_any_controller(*d)) untied.push_back(fmt::format("{}, a {} disk", d->name, *d->transport));
    const bool virtual_disk = d->transport == "virtio" || d->transport == "xen" || d->kind != block_kind::disk;
    const bool rotates_or_unknown = virtual_disk || d->rotational != false;
    v.evidence.push_back(fmt::format("{}: {}", d->name,
                                     virtual_disk ? "virtual disk, the host's media unknown"
                                     : d->rotational == true ? "rotational"
                                     : d->rotational == false ? "non-rotational"
                                                              : "rotation unknown"));
    may_rotate = may_rotate || rotates_or_unknown;
  }
  v.evidence.insert(v.evidence.begin(),
                    fmt::format("{:.0f} commits/s; a {:.0f} rpm disk commits at most ~{:.0f}/s", rate, fastest_spindle_rpm, limit));
  if (!may_rotate) {
    v.message = "the media do not rotate: fast commits are plausible";
    return v;
  }
  if (rate <= limit) {
    v.message = "commits no faster than a rotating disk can make them";
    return v;
  }
  // Below twice the ceiling a rotating disk with a little queueing, or the measurement's error, can
  // still be the answer: no conclusion.
  if (rate < 2 * limit) {
    v.message = fmt::format("possibly a write cache: {:.0f} commits/s is within 2x of what a rotating disk can do "
                            "(~{:.0f}/s), so not conclusive", rate, limit);
    return v;
  }
  v.fired = true;
  if (inv && !inv->controllers.empty() && !untied.empty()) {
    std::string models;
    for (const auto& ctl : inv->controllers) models += (models.empty() ? "" : ", ") + ctl.model.value_or("a controller");
    v.evidence.push_back(fmt::format("the inventory given describes {}; it cannot be tied to {}", models, fmt::join(untied, " or ")));
    v.message = "a write cache absorbs the flushes (the drive's or the hypervisor's); the controller inventory "
                "given does not describe the device under test, so whether they survive a power loss is unknown";
    return v;
  }
  const std::string protection = detail::flush_rule::cache_protection(inv, v.evidence);
  if (protection == "protected") {
    v.level = severity::info;
    v.message = "a write cache absorbs the flushes; the controller's battery is healthy, so they survive a power loss";
  } else if (protection == "unprotected") {
    v.level = severity::critical;
    v.message = "a write cache absorbs the flushes and nothing protects it: a power loss can lose committed data";
  } else {
    v.message = "a write cache absorbs the flushes (a controller's, the drive's or the hypervisor's); whether it "
                "survives a power loss is unknown without the controller inventory";
  }
  return v;
}

}  // namespace raidbench
