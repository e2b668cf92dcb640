#pragma once
// A sweep's outcome as the write-ups showed it (IOMeter's matrix, ATTO's curve, CrystalDiskMark's
// four rows), as JSON (schema raidbench.sweep, docs/formats.md) and as an HTML page.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/sweep.hpp"
#include "report.hpp"

namespace rb_suite {

/// What a sweep measured: its plan, the points it finished (in order), and where.
struct sweep_outcome {
  raidbench::sweep_plan plan;
  std::vector<raidbench::point_outcome> points;
  bool interrupted = false;
  raidbench::storage_context context;
};

inline constexpr int sweep_schema_version = 1;

/// The pass a point's figure comes from: CrystalDiskMark reports the best; a single pass is itself.
inline const raidbench::result& reported(const raidbench::point_outcome& p) { return p.passes[p.best]; }

inline double mean_latency_us(const raidbench::result& r) { return r.stats.combined_latency().mean_ns() / 1e3; }

/// The first lines of every table: what ran, and how.
inline std::string sweep_header(const sweep_outcome& o) {
  const auto& p = o.plan;
  std::string what;
  switch (p.kind) {
    case raidbench::sweep_kind::iometer: what = "IOMeter-style access specifications"; break;
    case raidbench::sweep_kind::atto: what = "ATTO-style block-size sweep, sequential"; break;
    case raidbench::sweep_kind::cdm: what = "CrystalDiskMark 8 default profile"; break;
  }
  return fmt::format("{} on {} ({} file, {}{}{})\n", what, o.context.path, raidbench::format_iec(p.file_size),
                     p.direct ? "O_DIRECT" : "buffered: without O_DIRECT the page cache may have served these figures",
                     p.warmup_seconds > 0 ? fmt::format(", {} s warm-up per point not counted", p.warmup_seconds) : "",
                     o.interrupted ? fmt::format(", INTERRUPTED: {} of {} points", o.points.size(), p.points.size()) : "");
}

/// The table in the shape the write-ups used. MB/s is 10^6 bytes per second, as the GUIs print it.
inline std::string sweep_table(const sweep_outcome& o) {
  using namespace raidbench;
  std::string out = sweep_header(o);
  switch (o.plan.kind) {
    case sweep_kind::atto: {
      out += fmt::format("{:>10} {:>12} {:>12} {:>12} {:>12}\n", "block size", "write MB/s", "read MB/s", "write IO/s", "read IO/s");
      std::map<std::uint64_t, std::pair<const point_outcome*, const point_outcome*>> rows;
      for (const auto& p : o.points) (p.point.read_percent ? rows[p.point.block_size].second : rows[p.point.block_size].first) = &p;
      for (const auto& [bs, wr] : rows) {
        auto cell = [](const point_outcome* p, bool rate) {
          return p ? fmt::format("{:.1f}", rate ? mb_per_second_of(reported(*p)) : raidbench::events_per_second(reported(*p))) : std::string("-");
        };
        out += fmt::format("{:>10} {:>12} {:>12} {:>12} {:>12}\n", format_iec(bs), cell(wr.first, true), cell(wr.second, true),
                           cell(wr.first, false), cell(wr.second, false));
      }
      break;
    }
    case sweep_kind::iometer: {
      std::vector<unsigned> depths;
      for (const auto& p : o.plan.points)
        if (std::find(depths.begin(), depths.end(), p.queue_depth) == depths.end()) depths.push_back(p.queue_depth);
      out += fmt::format("{:<30}", "access specification");
      for (auto qd : depths) out += fmt::format(" {:>24}", fmt::format("QD{} MB/s (IO/s)", qd));
      out += "\n";
      std::vector<std::string> order;
      std::map<std::string, std::map<unsigned, const point_outcome*>> rows;
      for (const auto& p : o.points) {
        const std::string row = fmt::format("{} {} % read {}", format_iec(p.point.block_size), p.point.read_percent,
                                            p.point.random ? "random" : "sequential");
        if (!rows.count(row)) order.push_back(row);
        rows[row][p.point.queue_depth] = &p;
      }
      for (const auto& row : order) {
        out += fmt::format("{:<30}", row);
        for (auto qd : depths) {
          const auto it = rows[row].find(qd);
          out += fmt::format(" {:>24}", it == rows[row].end() ? std::string("-")
                                                                : fmt::format("{:.1f} ({:.0f})", mb_per_second_of(reported(*it->second)),
                                                                              raidbench::events_per_second(reported(*it->second))));
        }
        out += "\n";
      }
      break;
    }
    case sweep_kind::cdm: {
      out += fmt::format("best of {} pass(es) of {} s each, as CrystalDiskMark reports; the median pass in parentheses\n",
                         o.plan.points.empty() ? 0 : o.plan.points.front().passes, o.plan.points.empty() ? 0 : o.plan.points.front().seconds);
      out += fmt::format("{:<12} {:>22} {:>22}\n", "", "Read MB/s", "Write MB/s");
      std::vector<std::string> order;
      std::map<std::string, std::pair<const point_outcome*, const point_outcome*>> rows;
      for (const auto& p : o.points) {
        const std::string test = p.point.name.substr(0, p.point.name.rfind(' '));
        if (!rows.count(test)) order.push_back(test);
        (p.point.read_percent ? rows[test].first : rows[test].second) = &p;
      }
      for (const auto& test : order) {
        auto cell = [](const point_outcome* p) {
          return p ? fmt::format("{:.2f} ({:.2f})", mb_per_second_of(reported(*p)), mb_per_second_of(p->passes[p->median])) : std::string("-");
        };
        out += fmt::format("{:<12} {:>22} {:>22}\n", test, cell(rows[test].first), cell(rows[test].second));
        // CDM shows IOPS and latency for the one test that is about latency.
        if (test == "RND4K Q1T1")
          for (const auto* p : {rows[test].first, rows[test].second})
            if (p)
              out += fmt::format("{:<12} {:>5}: {:.0f} IOPS, {:.2f} µs mean latency\n", "", p->point.read_percent ? "read" : "write",
                                 raidbench::events_per_second(reported(*p)), mean_latency_us(reported(*p)));
      }
      break;
    }
  }
  return out;
}

/// The sweep as JSON: each point with its axes, every pass's result and the reported one.
inline nlohmann::json sweep_json(const sweep_outcome& o) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& p : o.points)
    points.push_back({{"name", p.point.name},
                      {"block_size", p.point.block_size},
                      {"read_percent", p.point.read_percent},
                      {"random", p.point.random},
                      {"queue_depth", p.point.queue_depth},
                      {"passes", p.passes},
                      {"best", p.best},
                      {"median", p.median},
                      {"result", reported(p)}});
  return {{"schema", "raidbench.sweep"},
          {"schema_version", sweep_schema_version},
          {"kind", std::string(raidbench::to_string(o.plan.kind))},
          {"direct", o.plan.direct},
          {"file_size", o.plan.file_size},
          {"warmup_seconds", o.plan.warmup_seconds},
          {"interrupted", o.interrupted},
          {"planned_points", o.plan.points.size()},
          {"context", o.context},
          {"points", points}};
}

/// The sweep as a self-contained HTML page (sweep_html.cpp).
std::string sweep_html(const sweep_outcome& o);

}  // namespace rb_suite
