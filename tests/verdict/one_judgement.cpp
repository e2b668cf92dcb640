// The one judgement on every real capture of tests/fixtures/controllers, each as read and with its
// batteries made failed (its caches fallen back to write-through, or not), learning, absent or
// optimal: judged on its own (rb-ctrl), each controller
// rule fires on exactly the parts its documented condition names, with the documented severity;
// no rule throws; every verdict is well formed. Held by the device under test, the same verdicts
// with the tie said; not tied to it, the same parts as warnings at most that say so, and nothing
// in the run's report is critical on the inventory's word.
#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "make.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/part_names.hpp"
#include "raidbench/controller/protection.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(one_judgement_test)

// The rules that judge the storage under the files or a run's tests: nothing to say of an
// inventory on its own.
const std::set<std::string_view> run_rules{"partition_misaligned", "pcie_link_below_max", "page_cache_reads",
                                           "rate_above_ceiling", "flush_faster_than_media", "tool_overhead"};

// "subject: severity", one per verdict a rule should fire (or fired), sorted.
using findings = std::vector<std::string>;

std::string finding(const std::string& subject, severity level) { return subject + ": " + std::string(to_string(level)); }

template <class E>
bool differs(const std::optional<E>& a, const std::optional<E>& b) {
  return a && b && *a != *b;
}

bool policies_differ(const cache_policy& configured, const cache_policy& now, std::optional<write_policy> write_now) {
  return differs(configured.write, write_now) || differs(configured.read, now.read) || differs(configured.io, now.io) ||
         differs(configured.disk_cache, now.disk_cache);
}

// What each controller rule must fire on `inv` judged on its own, from each rule's documented
// condition (verdict/<rule>.hpp), written here apart from the rules' code.
std::map<std::string_view, findings> expected_of(const inventory& inv) {
  std::map<std::string_view, findings> out;
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci) {
    const controller& c = inv.controllers[ci];
    const std::string cn = controller_name(c, ci);
    const battery& b = c.battery;
    const auto gap = battery_gap_of(b);
    const severity gap_level = gap && gap->critical ? severity::critical : severity::warning;

    bool configured_write_back = writes_back(c.default_policy.write) || writes_back(c.current_policy.write);
    bool any_write_back = writes_back(c.current_policy.write);
    for (const auto& v : c.virtual_drives) {
      configured_write_back = configured_write_back || writes_back(v.default_policy.write) || writes_back(v.current_policy.write);
      any_write_back = any_write_back || writes_back(effective_write_policy(c, v));
    }
    if (b.present == false || b.kind == battery_kind::none) {
      if (configured_write_back) out["battery_unhealthy"].push_back(finding(cn, severity::critical));
    } else if (b.replacement_required == true || b.state == battery_state::failed || b.state == battery_state::missing) {
      out["battery_unhealthy"].push_back(finding(cn, severity::critical));
    } else if (b.state == battery_state::charging || b.state == battery_state::discharging ||
               b.state == battery_state::learning || b.state == battery_state::degraded) {
      out["battery_unhealthy"].push_back(finding(cn, severity::warning));
    }
    if (policies_differ(c.default_policy, c.current_policy, c.current_policy.write))
      out["policy_differs_from_default"].push_back(finding(cn, severity::warning));

    for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi) {
      const virtual_drive& v = c.virtual_drives[vi];
      const std::string vn = vd_name(cn, v, vi);
      const auto write = effective_write_policy(c, v);
      if (writes_back(write) && gap) out["write_back_without_battery"].push_back(finding(vn, gap_level));
      if (v.state && *v.state != vd_state::optimal)
        out["degraded_array"].push_back(finding(vn, is_broken(*v.state) ? severity::critical : severity::warning));
      if (v.operation) out["array_busy"].push_back(finding(vn, severity::warning));
      if (v.current_policy.disk_cache == disk_cache_policy::enabled && writes_back(write))
        out["drive_cache_enabled"].push_back(finding(vn, gap ? gap_level : severity::warning));
      if (policies_differ(v.default_policy, v.current_policy, write))
        out["policy_differs_from_default"].push_back(finding(vn, severity::warning));
    }
    // A controller-level summary's counts, judged when the arrays or drives themselves are not in the input.
    const auto counted = [&](const std::optional<unsigned>& n) { return n.value_or(0) > 0; };
    if (!c.coverage.arrays && c.virtual_drives.empty() &&
        (counted(c.counts.degraded_virtual_drives) || counted(c.counts.offline_virtual_drives)))
      out["degraded_array"].push_back(finding(cn, severity::critical));
    if (!c.coverage.drives && c.physical_drives.empty()) {
      if (counted(c.counts.failed_disks)) out["drive_failed"].push_back(finding(cn, severity::critical));
      if (counted(c.counts.critical_disks)) out["drive_predictive_failure"].push_back(finding(cn, severity::warning));
    }
    for (std::size_t di = 0; di < c.physical_drives.size(); ++di) {
      const physical_drive& d = c.physical_drives[di];
      const std::string dn = pd_name(cn, d, di);
      if (d.state == pd_state::failed || d.state == pd_state::offline || d.state == pd_state::missing ||
          d.state == pd_state::unconfigured_bad)
        out["drive_failed"].push_back(finding(dn, severity::critical));
      if (d.predictive_failures > 0u || d.smart_alert == true)
        out["drive_predictive_failure"].push_back(finding(dn, severity::warning));
      if (d.write_cache == true && any_write_back) out["drive_cache_enabled"].push_back(finding(dn, gap ? gap_level : severity::warning));
    }
  }
  for (auto& [rule, list] : out) std::sort(list.begin(), list.end());
  return out;
}

// The findings of `rule` among `verdicts`, sorted.
findings fired_findings(const std::vector<verdict>& verdicts, std::string_view rule) {
  findings out;
  for (const auto& v : fired(of_rule(verdicts, rule))) out.push_back(finding(v.subject, v.level));
  std::sort(out.begin(), out.end());
  return out;
}

// What every judgement must be: no rule failed; each rule's verdicts together, in the list's order;
// a rule either fired on distinct subjects, each with a message and evidence, or says once why not
// (a test rule: once per test). The run's rules say nothing of an inventory on its own.
void check_well_formed(const std::vector<verdict>& verdicts, bool beside_a_run) {
  std::size_t position = 0;
  for (const auto& v : verdicts) {
    BOOST_TEST(!v.message.starts_with("not judged"), v.rule << ": " << v.message);
    while (position < shipped_rules.size() && shipped_rules[position].name != v.rule) ++position;
    BOOST_TEST_REQUIRE(position < shipped_rules.size(), "out of order or unknown: " << v.rule);
  }
  for (const auto& rule : shipped_rules) {
    const auto mine = of_rule(verdicts, rule.name);
    BOOST_TEST_CONTEXT(rule.name) {
      if (run_rules.contains(rule.name) && !beside_a_run) BOOST_TEST(mine.empty());
      if (mine.empty()) {
        BOOST_TEST(run_rules.contains(rule.name));  // only a test rule has nothing to say, without tests
        continue;
      }
      const bool per_test =
          rule.name == "page_cache_reads" || rule.name == "rate_above_ceiling" || rule.name == "flush_faster_than_media" ||
          rule.name == "tool_overhead";
      if (!mine[0].fired && !per_test) {
        BOOST_TEST(mine.size() == 1u);
        BOOST_TEST(mine[0].subject == "");
        BOOST_TEST(!mine[0].message.empty());
        continue;
      }
      std::set<std::string> subjects;
      for (const auto& v : mine) {
        BOOST_TEST((v.fired || per_test));
        BOOST_TEST(!v.subject.empty());
        BOOST_TEST(subjects.insert(v.subject).second, "twice: " << v.subject);
        BOOST_TEST(!v.message.empty());
        BOOST_TEST((!v.fired || !v.evidence.empty()));
        for (const auto& e : v.evidence) BOOST_TEST(!e.empty());
      }
    }
  }
}

// The device under test taken to be held by every controller of `inv`, as --controller-owns-target says.
device_ownership held_by_all(const inventory& inv) {
  device_ownership o{ownership::owns, true, {"sda"}, {}};
  for (std::size_t ci = 0; ci < inv.controllers.size(); ++ci)
    o.ties.push_back({"sda", ci, "controller", ownership::owns, std::nullopt, false, true, "asserted"});
  return o;
}

// The verdicts of the controller rules (not the run's).
std::vector<verdict> controller_verdicts(const std::vector<verdict>& all) {
  std::vector<verdict> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [](const verdict& v) { return !run_rules.contains(v.rule); });
  return out;
}

// How many verdicts of each rule and severity fired over all captures, to show both ways were tested.
using tally = std::map<std::string, std::size_t>;

void judge_every_way(const inventory& inv, tally& count) {
  // On its own, as rb-ctrl judges it.
  std::vector<verdict> alone_verdicts;
  BOOST_REQUIRE_NO_THROW(alone_verdicts = judge(alone(inv)));
  check_well_formed(alone_verdicts, false);
  const auto expected = expected_of(inv);
  for (const auto& rule : shipped_rules) {
    if (run_rules.contains(rule.name)) continue;
    const auto it = expected.find(rule.name);
    const findings want = it == expected.end() ? findings{} : it->second;
    BOOST_TEST_CONTEXT(rule.name) { BOOST_TEST(fired_findings(alone_verdicts, rule.name) == want); }
  }
  for (const auto& v : fired(alone_verdicts)) ++count[v.rule + " " + std::string(to_string(v.level))];

  // Held by the device under test (asserted): the same verdicts, the tie said last.
  const storage_context sda = one_disk("scsi", true);
  const auto held = held_by_all(inv);
  auto as_held = alone_verdicts;
  for (auto& v : as_held)
    if (v.fired) v.evidence.push_back(tie_note(held));
  const auto held_verdicts = judge(facts{&sda, &inv, held, {}, {}});
  check_well_formed(held_verdicts, true);
  BOOST_TEST((controller_verdicts(held_verdicts) == as_held));

  // Not tied to the device under test: the same parts, a warning at most, and it says so.
  const storage_context vda = one_disk("virtio", std::nullopt);
  const device_ownership unknown{ownership::unknown, false, {"vda"}, {}};
  const named_result fast = measured("fdatasync", "sequential", "none", 16384, 8192, 0, 20000, 20000, 2.0);
  const std::vector<named_result> results{fast};
  const auto untied_verdicts = judge(facts{&vda, &inv, unknown, results, {}});
  check_well_formed(untied_verdicts, true);
  const auto untied_controller = controller_verdicts(untied_verdicts);
  BOOST_TEST_REQUIRE(untied_controller.size() == alone_verdicts.size());
  for (std::size_t i = 0; i < alone_verdicts.size(); ++i) {
    const verdict &a = alone_verdicts[i], &u = untied_controller[i];
    BOOST_TEST_CONTEXT(a.rule << " [" << a.subject << "]") {
      BOOST_TEST(u.rule == a.rule);
      BOOST_TEST(u.subject == a.subject);
      BOOST_TEST(u.fired == a.fired);
      BOOST_TEST((u.level == std::min(a.level, severity::warning)));
      if (!inv.controllers.empty()) BOOST_TEST(u.message.find("tied to the device under test") != std::string::npos);
    }
  }
  // Nothing in that run's judgement is critical; with the tie worked out from the evidence
  // (a virtio disk: no controller can be shown to hold it), neither.
  for (const auto& v : untied_verdicts) BOOST_TEST((v.level != severity::critical), v.rule << " [" << v.subject << "]");
  const auto observed = judge(facts{&vda, &inv, tie_to_device(vda, &inv), results, {}});
  check_well_formed(observed, true);
  for (const auto& v : observed) BOOST_TEST((v.level != severity::critical), v.rule << " [" << v.subject << "]");
}

BOOST_AUTO_TEST_CASE(every_capture_is_judged_by_the_documented_conditions) {
  std::size_t judged = 0;
  tally count;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(RAIDBENCH_FIXTURES_DIR) + "/controllers")) {
    if (!entry.is_regular_file()) continue;
    const auto inv = parse_any(slurp(entry.path()));
    if (!inv) continue;  // another tool's capture (tw_cli: examples/extending/parser)
    ++judged;
    const std::string name = entry.path().parent_path().filename().string() + "/" + entry.path().filename().string();
    const std::vector<std::pair<std::string, std::function<void(controller&)>>> variants{
        {"as read", [](controller&) {}},
        {"battery failed", [](controller& c) { c.battery.state = battery_state::failed; }},
        {"battery learning", [](controller& c) { c.battery.state = battery_state::learning; }},
        {"battery optimal", [](controller& c) { c.battery.state = battery_state::optimal; }},
        {"battery absent", [](controller& c) { c.battery.present = false; }},
        // What "No Write Cache if Bad BBU" does: the caches that wrote back now write through.
        {"battery failed, caches fallen back", [](controller& c) {
           c.battery.state = battery_state::failed;
           for (auto& v : c.virtual_drives)
             if (writes_back(v.current_policy.write)) v.current_policy.write = write_policy::write_through;
         }},
    };
    for (const auto& [what, change] : variants) {
      inventory changed = *inv;
      for (auto& c : changed.controllers) change(c);
      BOOST_TEST_CONTEXT(name << ", " << what) { judge_every_way(changed, count); }
    }
  }
  // The captures hold every kind of finding, so each rule is tested firing and not firing.
  BOOST_TEST(judged > 150u);
  std::string counts;
  for (const auto& [key, n] : count) counts += key + " " + std::to_string(n) + "; ";
  BOOST_TEST_MESSAGE("fired over every capture and variant: " << counts);
  for (const char* key : {"degraded_array critical", "degraded_array warning", "array_busy warning", "battery_unhealthy critical",
                          "battery_unhealthy warning", "write_back_without_battery critical", "write_back_without_battery warning",
                          "policy_differs_from_default warning", "drive_failed critical", "drive_predictive_failure warning",
                          "drive_cache_enabled critical", "drive_cache_enabled warning"})
    BOOST_TEST(count[key] > 0u, key);
}

BOOST_AUTO_TEST_CASE(healthy_captures_fire_nothing) {
  // Write-through by configuration; three controllers with healthy or no batteries (and nothing
  // writing back behind the missing one); a RAID 6 with a healthy CacheVault; the PERC H730 seed
  // dumps merged: write-back with an optimal BBU.
  for (const auto& files : std::vector<std::vector<std::string>>{
           {"controllers/megacli/ldinfo-many-raid0-write-through.txt"},
           {"controllers/storcli/call-show-all-3ctrl-ok.txt"},
           {"controllers/storcli/call-show-J-avago-3108-raid6.txt"},
           {"seed-outputs/megacli-adpallinfo-perc-h730-mini-excerpt.txt", "seed-outputs/megacli-ldgetprop-cache-perc-h730.txt",
            "seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt"}}) {
    BOOST_TEST_CONTEXT(files.front()) {
      inventory inv;
      if (files.size() == 1) inv = capture({files[0]});
      else inv = capture({files[0], files[1], files[2]});
      const auto verdicts = judge(alone(inv));
      BOOST_TEST(fired(verdicts).empty());
      BOOST_TEST(verdicts.size() == shipped_rules.size() - run_rules.size());  // one "why not" per rule
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
