#pragma once
/// Many hosts' runs side by side (rb-compare --fleet): only runs of one tool, mode and sizes (the
/// most hosts'; the others are left out, named with why), per test the fleet's median and quartiles,
/// each host against the peers with the same hardware (controller models, RAID levels, disk
/// models), and each host whose controller or context facts differ from the majority of its peers.
/// A host is flagged by performance when its figure lies outside its peers' Tukey fences (the
/// quartiles widened by 1.5 × the interquartile range, the host itself left out) and more than
/// fleet_min_deviation from their median; it needs fleet_min_peers other peers to be judged.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/compare/comparable.hpp"

namespace raidbench {

/// The fewest other hosts of the same hardware a host is judged against.
inline constexpr std::size_t fleet_min_peers = 3;
/// The smallest relative deviation from the peers' median that is flagged (measurements of
/// identical hosts differ by a few per cent).
inline constexpr double fleet_min_deviation = 0.05;

/// One host's run.
struct fleet_host {
  std::string name;
  run_record run;
};

/// Quartiles of a set of values.
struct quartiles {
  double q1 = 0, median = 0, q3 = 0;
};

/// One host's figure in one test.
struct fleet_row {
  std::string host;
  std::string test;
  std::string metric;
  std::string unit;
  double value = 0;
  std::optional<double> peers_median;     ///< of the same hardware, this host left out
  std::optional<double> deviation;        ///< (value − peers_median) / peers_median
  std::size_t peers = 0;                  ///< other hosts of the same hardware with this test
  bool flagged = false;
  std::string word;                       ///< "faster", "slower" than the peers (by the metric's direction)
};

/// Why a host is flagged.
struct fleet_flag {
  std::string host;
  std::string kind;    ///< "performance" or "fact"
  std::string reason;
};

/// One test across the fleet.
struct fleet_test {
  std::string test, metric, unit;
  std::size_t hosts = 0;
  quartiles spread;
};

/// The whole fleet comparison.
struct fleet_comparison {
  std::string tool;
  std::map<std::string, std::string> hardware_of;  ///< host → its hardware group's description
  std::vector<fleet_test> tests;
  std::vector<fleet_row> rows;
  std::vector<fleet_flag> flags;
  std::vector<std::string> notes;
};

namespace detail::fleet {

inline quartiles quartiles_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  // Linear interpolation between closest ranks (as R's type 7 and numpy's default).
  auto at = [&](double p) {
    const double h = (static_cast<double>(v.size()) - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (h - static_cast<double>(lo)) * (v[hi] - v[lo]);
  };
  return {at(0.25), at(0.5), at(0.75)};
}

inline bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The facts that say what hardware a host has: controller models, RAID levels, disk models.
inline bool is_hardware_fact(const std::string& key) {
  return (key.starts_with("controller ") && (ends_with(key, " model") || ends_with(key, " raid_level"))) ||
         (!key.starts_with("controller ") && ends_with(key, " model"));
}

// The facts a host should share with its hardware peers.
inline bool is_setting_fact(const std::string& key) {
  for (std::string_view s : {" battery state", " battery present", " replacement_required", " policy write", " policy read",
                             " no_write_cache_if_bad_battery", " firmware", " scheduler", " write_cache", " state"})
    if (ends_with(key, s)) return true;
  return key == "kernel" || key == "file system" || key == "mount options";
}

// A host's settings: the setting facts, and the version of the tool that measured.
inline std::map<std::string, std::string> settings_of(const run_record& r) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : r.facts)
    if (is_setting_fact(k)) out[k] = v;
  if (r.version) out["tool version"] = *r.version;
  return out;
}

inline std::string hardware_key(const run_record& r) {
  std::string key;
  for (const auto& [k, v] : r.facts)
    if (is_hardware_fact(k)) key += (key.empty() ? "" : ", ") + k + " " + v;
  return key.empty() ? std::string("hardware unknown") : key;
}

// What a run ran, beyond its tests' names: runs are compared only with runs of the same.
inline std::string workload_of(const run_record& r) {
  std::string key;
  for (const char* k : {"mode", "sizes"})
    if (const auto it = r.facts.find(k); it != r.facts.end()) key += fmt::format("{}{} {}", key.empty() ? "" : ", ", k, it->second);
  return key.empty() ? std::string("mode and sizes unknown") : key;
}

// The figure a test is judged by: ops/s when it has it, else its first higher-is-better figure.
inline const figure* headline(const comparable_test& t) {
  if (const auto* f = t.find("ops_per_second"); f && f->value) return f;
  for (const auto& f : t.figures)
    if (f.direction == better::higher && f.value) return &f;
  return nullptr;
}

}  // namespace detail::fleet

/// Compares the hosts' runs (of one tool).
inline fleet_comparison compare_fleet(const std::vector<fleet_host>& hosts) {
  using namespace detail::fleet;
  fleet_comparison out;
  if (hosts.empty()) return out;
  out.tool = hosts.front().run.tool;
  // The workload the most hosts of the tool ran (the first host's on a tie) is the one compared.
  std::map<std::string, std::size_t> ran;
  for (const auto& h : hosts)
    if (h.run.tool == out.tool) ++ran[workload_of(h.run)];
  std::string workload = workload_of(hosts.front().run);
  for (const auto& [w, n] : ran)
    if (n > ran[workload]) workload = w;
  std::map<std::string, std::vector<const fleet_host*>> groups;
  for (const auto& h : hosts) {
    if (h.run.tool != out.tool) {
      out.notes.push_back(fmt::format("{}: a {} run among {} runs, left out", h.name, h.run.tool, out.tool));
      continue;
    }
    if (const std::string w = workload_of(h.run); w != workload) {
      out.notes.push_back(fmt::format("{}: left out: it ran {}; the {} hosts compared ran {}", h.name, w, ran[workload], workload));
      continue;
    }
    const std::string key = hardware_key(h.run);
    out.hardware_of[h.name] = key;
    groups[key].push_back(&h);
  }

  // Tests in the order the first host has them, then any others.
  std::vector<std::string> names;
  for (const auto& h : hosts)
    for (const auto& t : h.run.tests)
      if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);

  for (const auto& name : names) {
    fleet_test ft{name, "", "", 0, {}};
    std::vector<double> all;
    std::map<const fleet_host*, const figure*> figure_of;
    for (const auto& [key, members] : groups)
      for (const fleet_host* h : members)
        if (const auto* t = h->run.find(name))
          if (const auto* f = headline(*t)) {
            figure_of[h] = f;
            all.push_back(*f->value);
            if (ft.metric.empty()) ft.metric = f->metric, ft.unit = f->unit;
          }
    if (all.empty()) continue;
    ft.hosts = all.size();
    ft.spread = quartiles_of(all);
    out.tests.push_back(ft);
    for (const auto& [key, members] : groups)
      for (const fleet_host* h : members) {
        const auto it = figure_of.find(h);
        if (it == figure_of.end() || it->second->metric != ft.metric) continue;
        fleet_row row{h->name, name, ft.metric, ft.unit, *it->second->value, std::nullopt, std::nullopt, 0, false, ""};
        std::vector<double> peers;
        for (const fleet_host* p : members)
          if (p != h)
            if (const auto pf = figure_of.find(p); pf != figure_of.end() && pf->second->metric == ft.metric) peers.push_back(*pf->second->value);
        row.peers = peers.size();
        if (!peers.empty()) {
          const quartiles q = quartiles_of(peers);
          row.peers_median = q.median;
          if (q.median != 0) row.deviation = (row.value - q.median) / q.median;
          if (peers.size() >= fleet_min_peers && row.deviation) {
            const double iqr = q.q3 - q.q1;
            const bool outside = row.value < q.q1 - 1.5 * iqr || row.value > q.q3 + 1.5 * iqr;
            row.flagged = outside && std::fabs(*row.deviation) > fleet_min_deviation;
            if (row.flagged) {
              row.word = (row.value > q.median) == (it->second->direction == better::higher) ? "faster" : "slower";
              out.flags.push_back({h->name, "performance",
                                   fmt::format("{} {}: {:+.1f} % against the median of {} peers of the same hardware ({})", name,
                                               ft.metric, *row.deviation * 100, peers.size(), row.word)});
            }
          }
        }
        out.rows.push_back(std::move(row));
      }
  }

  // Settings that differ from the majority of the same hardware.
  for (const auto& [key, members] : groups) {
    if (members.size() < fleet_min_peers + 1) {
      out.notes.push_back(fmt::format("{} host(s) with {}: too few to judge against each other", members.size(), key));
      continue;
    }
    std::map<const fleet_host*, std::map<std::string, std::string>> settings;
    std::set<std::string> keys;
    for (const fleet_host* h : members)
      for (const auto& [k, v] : settings[h] = settings_of(h->run)) keys.insert(k);
    for (const auto& k : keys) {
      std::map<std::string, std::size_t> count;
      for (const fleet_host* h : members) {
        const auto it = settings[h].find(k);
        ++count[it == settings[h].end() ? std::string("unknown") : it->second];
      }
      const auto majority = std::max_element(count.begin(), count.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
      if (majority->second * 2 <= members.size()) continue;  // no majority: nothing is odd
      for (const fleet_host* h : members) {
        const auto it = settings[h].find(k);
        const std::string value = it == settings[h].end() ? std::string("unknown") : it->second;
        if (value != majority->first)
          out.flags.push_back({h->name, "fact", fmt::format("{} is {}; {} of {} peers of the same hardware: {}", k, value,
                                                            majority->second, members.size(), majority->first)});
      }
    }
  }
  return out;
}

}  // namespace raidbench
