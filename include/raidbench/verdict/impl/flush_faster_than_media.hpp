#pragma once
// The flush rate rule's definitions (see core/linkage.hpp): included by flush_faster_than_media.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/flush_faster_than_media.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/controller/protection.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

namespace detail::flush_rule {

// Whether each cache of the controllers that hold the device under test is protected: "protected",
// "unprotected" (write-through everywhere: the drives' own caches absorb the flushes), or "unknown".
inline std::string cache_protection(const inventory& inv, const device_ownership& owner, std::vector<std::string>& evidence,
                                    bool& falls_back) {
  bool any_write_back = false, all_protected = true;
  falls_back = true;
  const controller* last = nullptr;
  visit_held(inv, owner, [&](const controller& c, const virtual_drive* vd, const std::string&) {
    // The virtual drives' caches with their effective policy, as the write-back verdict and rb-ctrl
    // judge them: a controller's cache that no array uses absorbs nothing.
    if (!vd || !writes_back(effective_write_policy(c, *vd))) return;
    any_write_back = true;
    // MegaCLI's "No Write Cache if Bad BBU": the cache turns itself off when the battery fails.
    falls_back = falls_back && vd->current_policy.no_write_cache_if_bad_battery == true;
    const battery& b = c.battery;
    all_protected = all_protected && battery_protects(b) == true;
    if (last != &c)
      evidence.push_back(fmt::format("controller {}: write-back, battery {}", c.model.value_or("?"),
                                     b.state ? std::string(to_string(*b.state)) : std::string("state unknown")));
    last = &c;
  });
  if (!any_write_back) {
    evidence.push_back("no write-back controller cache holds the device: the drives' own caches absorb the flushes");
    return "unprotected";
  }
  return all_protected ? "protected" : "unprotected";
}

inline verdict judge_figure(const std::string& test, double rate, const storage_context& c, const inventory* inv,
                           const device_ownership& owner) {
  verdict v{"", test, false, severity::warning, "", {}};
  const double limit = fastest_spindle_rpm / 60;
  const auto disks = bottom_devices(c.devices);
  if (disks.empty()) {
    v.message = "no block device under the files (tmpfs or a network filesystem): flushes reach no media";
    return v;
  }
  bool may_rotate = false;
  for (const block_node* d : disks) {
    const bool virtual_disk = is_virtual_disk(*d) || d->kind != block_kind::disk;
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
  if (!inv || inv->controllers.empty()) {
    v.message = "a write cache absorbs the flushes (a controller's, the drive's or the hypervisor's); whether it "
                "survives a power loss is unknown without the controller inventory";
    return v;
  }
  if (owner.status != ownership::owns) {
    // An inventory not tied to the disk says nothing about the cache that absorbed these flushes.
    std::string models;
    for (const auto& ctl : inv->controllers) models += (models.empty() ? "" : ", ") + ctl.model.value_or("a controller");
    for (const auto& t : owner.ties)
      if (t.status != ownership::owns) v.evidence.push_back(fmt::format("{}: {}", t.device, t.evidence));
    // Without ownership worked out (a default one), the disks of the chain are the devices it speaks of.
    std::vector<std::string> devices = owner.devices;
    if (devices.empty())
      for (const block_node* d : disks) devices.push_back(d->name);
    v.message = fmt::format("a write cache absorbs the flushes; the inventory given describes {}, which {} {}: whether "
                            "the flushes survive a power loss is unknown",
                            models, owner.status == ownership::does_not_own ? "does not hold" : "could not be tied to",
                            fmt::join(devices, ", "));
    return v;
  }
  bool falls_back = false;
  const std::string protection = detail::flush_rule::cache_protection(*inv, owner, v.evidence, falls_back);
  v.evidence.push_back(tie_note(owner));
  if (protection == "protected") {
    v.level = severity::info;
    const std::string fallback = falls_back ? " and the policy falls back to write-through on a bad battery" : "";
    v.message = link_asserted(owner) ? "a write cache absorbs the flushes; the controller asserted to hold the device has a healthy "
                           "battery" + fallback + ", so they survive a power loss if that assertion is right (asserted link)"
                         : "a write cache absorbs the flushes; the controller's battery is healthy" + fallback +
                               ", so they survive a power loss";
  } else {
    v.level = severity::critical;
    v.message = "a write cache absorbs the flushes and nothing protects it: a power loss can lose committed data";
  }
  return v;
}

// Whether a power-cut test was made on a device under the files judged (or the user says so).
inline bool proof_applies(const durability_proof& p, const storage_context& c) {
  if (p.asserted) return true;
  return std::any_of(c.devices.begin(), c.devices.end(), [&](const block_node& d) { return d.name == p.device; });
}

// What a power-cut test proved replaces what the rate suggests, when it proves anything about these
// files' device; otherwise it is shown, and the verdict stays the inference.
inline void apply_proof(verdict& v, const durability_proof& p, const storage_context& c) {
  v.evidence.push_back(fmt::format("power-cut test {}: {} on {}, verified {}: {} of {} acknowledged writes lost in {} cut(s), "
                                   "{} across a restart (flushed with {})",
                                   p.file, p.target, p.device, p.verified_at, p.lost, p.checked, p.cuts, p.rebooted_cuts,
                                   fmt::join(p.methods, ", ")));
  if (!proof_applies(p, c)) {
    v.evidence.push_back(fmt::format("the power-cut test was made on {}, which is not under these files: not used", p.device));
    return;
  }
  if (!p.conclusive()) {
    v.evidence.push_back("the power-cut test lost nothing but had no restart between writing and verifying: it proves "
                         "nothing about the media, not used");
    return;
  }
  const std::string on = p.asserted ? p.device + " (asserted to be this run's device)" : p.device;
  if (p.lost > 0) {
    v.fired = true;
    v.level = severity::critical;
    v.message = fmt::format("proven by a power-cut test on {} (verified {}): {} of {} acknowledged writes lost, so something "
                            "between the kernel and the media acknowledges flushes it does not keep",
                            on, p.verified_at, p.lost, p.checked);
  } else {
    v.fired = false;
    v.level = severity::info;
    v.message = fmt::format("proven by a power-cut test on {} (verified {}): no acknowledged write lost in {} cut(s) across a "
                            "restart ({} writes), so the flushes survive a power loss",
                            on, p.verified_at, p.rebooted_cuts, p.acknowledged);
  }
}

}  // namespace detail::flush_rule

RAIDBENCH_API void rule_traits<rule::flush_faster_than_media>::judge(const facts& f, std::vector<verdict>& out) {
  if (!f.context) return;
  const std::size_t first = out.size();
  for (const auto& t : f.results)
    if (const double rate = judged_commits_per_second(t.result); rate > 0 && reached_storage(t.result))
      out.push_back(detail::flush_rule::judge_figure(t.name, rate, *f.context, f.inv, f.owner));
  for (const auto& t : f.imported)
    if (t.commits_per_second > 0)
      out.push_back(detail::flush_rule::judge_figure(t.test, t.commits_per_second, *f.context, f.inv, f.owner));
  if (!f.durability) return;
  if (out.size() == first)
    out.push_back(verdict{"", "power-cut test", false, severity::warning,
                          "no test committed here: only the power-cut test can say whether flushes survive a power loss", {}});
  for (std::size_t i = first; i < out.size(); ++i) detail::flush_rule::apply_proof(out[i], *f.durability, *f.context);
}

}  // namespace raidbench
