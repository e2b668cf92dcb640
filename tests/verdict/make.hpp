#pragma once
// Hand-made contexts, inventories and results for the verdict tests, and the judgement's verdicts
// picked by rule and subject.
#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../support/slurp.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/rule_list.hpp"

namespace raidbench::test {

/// A result that did `reads` reads and `writes` writes and `flushes` flushes in `seconds`.
inline named_result measured(std::string name, std::string access, std::string open_flags, std::uint64_t total_size,
                             std::uint64_t block, std::uint64_t reads, std::uint64_t writes, std::uint64_t flushes,
                             double seconds) {
  named_result t{std::move(name), {}};
  t.result.workload.access = std::move(access);
  t.result.workload.open_flags = open_flags_from(open_flags);
  t.result.workload.total_size = total_size;
  t.result.workload.block_size = block;
  t.result.workload.path = "/data/raidbench-scratch";
  t.result.stats.elapsed_ns = static_cast<std::uint64_t>(seconds * 1e9);
  t.result.stats.of(op_kind::read).ops = reads;
  t.result.stats.of(op_kind::read).bytes = reads * block;
  t.result.stats.of(op_kind::write).ops = writes;
  t.result.stats.of(op_kind::write).bytes = writes * block;
  t.result.stats.of(op_kind::flush).ops = flushes;
  t.result.workload.sync_every = flushes ? 1 : 0;
  return t;
}

/// `t` with one worker thread that used `user` and `system` of a core (fractions) over the run.
inline named_result with_cpu(named_result t, double user, double system) {
  const auto elapsed = static_cast<double>(t.result.stats.elapsed_ns);
  t.result.stats.thread_cpu_time = {{static_cast<std::uint64_t>(user * elapsed), static_cast<std::uint64_t>(system * elapsed)}};
  return t;
}

/// ext4 on one whole disk; `transport` "sata", "virtio"…, rotational as given; 16 GiB of RAM.
inline storage_context one_disk(std::optional<std::string> transport, std::optional<bool> rotational) {
  storage_context c;
  c.path = "/data/raidbench-scratch";
  c.filesystem.type = "ext4";
  c.ram_bytes = 16ull << 30;
  block_node d;
  d.name = "sda";
  d.transport = std::move(transport);
  d.rotational = rotational;
  c.devices.push_back(d);
  return c;
}

/// One controller with one VD in `current` write policy and a battery in `state`.
inline inventory one_controller(write_policy current, std::optional<battery_state> state) {
  inventory inv;
  inv.source = "megacli";
  controller c;
  c.number = 0;
  c.model = "PERC H710";
  c.battery.kind = battery_kind::bbu;
  c.battery.state = state;
  c.coverage = {true, true, true, true};  // it says all there is: one array, no drive, the battery
  virtual_drive v;
  v.id = 0;
  v.state = vd_state::optimal;
  v.default_policy.write = write_policy::write_back;
  v.current_policy.write = current;
  c.virtual_drives.push_back(v);
  inv.controllers.push_back(c);
  return inv;
}

/// one_controller with one drive at 32:0, online, that reports no trouble.
inline inventory with_one_drive(write_policy current, std::optional<battery_state> state) {
  inventory inv = one_controller(current, state);
  physical_drive d;
  d.location = "32:0";
  d.state = pd_state::online;
  d.predictive_failures = 0;
  d.smart_alert = false;
  inv.controllers[0].physical_drives.push_back(d);
  return inv;
}

/// Real captures (paths under tests/fixtures/) read into one inventory, as rb-ctrl reads them.
inline inventory capture(std::initializer_list<std::string> files) {
  std::vector<captured_output> texts;
  for (const auto& f : files) {
    const auto path = std::filesystem::path(RAIDBENCH_FIXTURES_DIR) / f;
    BOOST_TEST_REQUIRE(std::filesystem::is_regular_file(path), f);
    texts.push_back({f, slurp(path)});
  }
  std::vector<std::string> notes;
  auto inv = collect_inventory(std::move(texts), on_unreadable::fail, notes);
  BOOST_TEST_REQUIRE(inv.has_value(), (inv ? "" : inv.message()));
  return std::move(*inv);
}

/// The inventory's first controller (a PERC H710) tied to one disk with `status`, its virtual drive unknown.
inline device_ownership tied(const std::string& disk, ownership status, const std::string& evidence) {
  device_ownership o;
  o.status = status;
  o.devices = {disk};
  o.ties.push_back({disk, 0, "PERC H710", status, std::nullopt, false, false, evidence});
  return o;
}

/// The controller observed to hold disk "sda".
inline device_ownership held_by_first_controller() {
  return tied("sda", ownership::owns, "sda is behind the controller's PCI address");
}

/// The inventory could not be tied to disk "vda".
inline device_ownership untied() { return tied("vda", ownership::unknown, "vda is a virtio disk"); }

/// The facts of an inventory judged on its own, as rb-ctrl judges it.
inline facts alone(const inventory& inv) { return facts{nullptr, &inv, {}, {}, {}}; }

/// The verdicts of one rule over `f`, through the one entry every tool calls.
template <class Rule>
std::vector<verdict> judged_by(const facts& f) {
  return judge(f, rules<Rule>);
}

/// The verdicts of `rule` among `all`.
inline std::vector<verdict> of_rule(const std::vector<verdict>& all, std::string_view rule) {
  std::vector<verdict> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const verdict& v) { return v.rule == rule; });
  return out;
}

/// The verdicts that fired.
inline std::vector<verdict> fired(const std::vector<verdict>& all) {
  std::vector<verdict> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [](const verdict& v) { return v.fired; });
  return out;
}

/// The only verdict of a list (a rule that fired once, or the one saying why it did not).
inline verdict only(const std::vector<verdict>& vs) {
  BOOST_TEST_REQUIRE(vs.size() == 1u);
  return vs.front();
}

/// `vs`, which must hold exactly `n` verdicts: the test stops otherwise.
inline std::vector<verdict> exactly(std::size_t n, std::vector<verdict> vs) {
  BOOST_TEST_REQUIRE(vs.size() == n);
  return vs;
}

/// Checks that `v` fired on `subject` at `level`, with exactly `evidence`.
inline void check_fired(const verdict& v, std::string_view subject, severity level,
                        const std::vector<std::string>& evidence) {
  BOOST_TEST_CONTEXT("verdict on '" << v.subject << "': " << v.message) {
    BOOST_TEST(v.fired);
    BOOST_TEST(v.subject == subject);
    BOOST_TEST((v.level == level));
    BOOST_TEST(v.evidence == evidence, boost::test_tools::per_element());
  }
}

/// The verdict on `subject`; fails the test when there is none.
inline verdict on(const std::vector<verdict>& vs, std::string_view subject) {
  const auto it = std::find_if(vs.begin(), vs.end(), [&](const verdict& v) { return v.subject == subject; });
  BOOST_TEST_REQUIRE((it != vs.end()), "no verdict on " << subject);
  return *it;
}

}  // namespace raidbench::test
