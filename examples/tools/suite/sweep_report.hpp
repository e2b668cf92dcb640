#pragma once
// A sweep's outcome as the write-ups showed it (IOMeter's matrix, ATTO's curve, CrystalDiskMark's
// four rows), as JSON (schema raidbench.sweep, docs/formats.md) and as an HTML page.
#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/context/storage_context.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/report/build_json.hpp"
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
  std::string failure;  ///< "POINT: why" when a point failed and ended the sweep; empty otherwise
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
                     o.interrupted ? fmt::format(", INTERRUPTED: {} of {} points", o.points.size(), p.points.size())
                     : !o.failure.empty() ? fmt::format(", FAILED at {}: {} of {} points", o.failure, o.points.size(), p.points.size())
                                          : "");
}

/// A sweep's finished points laid out as the write-ups show them: a row per block size (ATTO,
/// smallest first), access specification (IOMeter) or test (CrystalDiskMark), in the order they ran;
/// a column per direction (ATTO write, read; CrystalDiskMark read, write) or planned queue depth
/// (IOMeter). A cell is null where its point did not run (an interrupted sweep): the table shows
/// "-", the page a gap, never a zero.
struct sweep_grid {
  std::vector<std::string> rows;
  std::vector<std::string> columns;
  std::vector<std::vector<const raidbench::point_outcome*>> cells;  ///< [row][column]
};

inline sweep_grid grid_of(const sweep_outcome& o) {
  using raidbench::sweep_kind;
  sweep_grid g;
  std::vector<unsigned> depths;
  for (const auto& p : o.plan.points)
    if (std::find(depths.begin(), depths.end(), p.queue_depth) == depths.end()) depths.push_back(p.queue_depth);
  if (o.plan.kind == sweep_kind::iometer)
    for (auto qd : depths) g.columns.push_back(fmt::format("QD{}", qd));
  else g.columns = o.plan.kind == sweep_kind::atto ? std::vector<std::string>{"write", "read"} : std::vector<std::string>{"read", "write"};
  std::vector<const raidbench::point_outcome*> points;
  for (const auto& p : o.points) points.push_back(&p);
  if (o.plan.kind == sweep_kind::atto)
    std::stable_sort(points.begin(), points.end(), [](auto* a, auto* b) { return a->point.block_size < b->point.block_size; });
  for (const auto* p : points) {
    const auto& q = p->point;
    const std::string row = o.plan.kind == sweep_kind::atto ? raidbench::format_iec(q.block_size)
                            : o.plan.kind == sweep_kind::cdm
                                ? q.name.substr(0, q.name.rfind(' '))  // "SEQ1M Q8T1 read" → "SEQ1M Q8T1"
                                : fmt::format("{} {} % read {}", raidbench::format_iec(q.block_size), q.read_percent,
                                              q.random ? "random" : "sequential");
    const std::size_t column = o.plan.kind == sweep_kind::iometer
                                   ? static_cast<std::size_t>(std::find(depths.begin(), depths.end(), q.queue_depth) - depths.begin())
                                   : (q.read_percent > 0) == (o.plan.kind == sweep_kind::atto);
    if (column >= g.columns.size()) continue;  // a queue depth the plan does not have: no column for it
    const auto at = std::find(g.rows.begin(), g.rows.end(), row);
    const auto r = static_cast<std::size_t>(at - g.rows.begin());
    if (at == g.rows.end()) {
      g.rows.push_back(row);
      g.cells.emplace_back(g.columns.size(), nullptr);
    }
    g.cells[r][column] = p;
  }
  return g;
}

/// The table in the shape the write-ups used. MB/s is 10^6 bytes per second, as the GUIs print it.
inline std::string sweep_table(const sweep_outcome& o) {
  using namespace raidbench;
  std::string out = sweep_header(o);
  const sweep_grid g = grid_of(o);
  const auto cell = [](const point_outcome* p, auto&& format) { return p ? format(*p) : std::string("-"); };
  const auto mb = [](const point_outcome& p) { return fmt::format("{:.1f}", mb_per_second_of(reported(p))); };
  const auto iops = [](const point_outcome& p) { return fmt::format("{:.1f}", events_per_second(reported(p))); };
  switch (o.plan.kind) {
    case sweep_kind::atto:
      out += fmt::format("{:>10} {:>12} {:>12} {:>12} {:>12}\n", "block size", "write MB/s", "read MB/s", "write IO/s", "read IO/s");
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const point_outcome *write = g.cells[r][0], *read = g.cells[r][1];
        out += fmt::format("{:>10} {:>12} {:>12} {:>12} {:>12}\n", g.rows[r], cell(write, mb), cell(read, mb), cell(write, iops),
                           cell(read, iops));
      }
      break;
    case sweep_kind::iometer:
      out += fmt::format("{:<30}", "access specification");
      for (const auto& qd : g.columns) out += fmt::format(" {:>24}", qd + " MB/s (IO/s)");
      out += "\n";
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        out += fmt::format("{:<30}", g.rows[r]);
        for (const auto* p : g.cells[r])
          out += fmt::format(" {:>24}", cell(p, [](const point_outcome& q) {
                               return fmt::format("{:.1f} ({:.0f})", mb_per_second_of(reported(q)), events_per_second(reported(q)));
                             }));
        out += "\n";
      }
      break;
    case sweep_kind::cdm:
      out += fmt::format("best of {} pass(es) of {} s each, as CrystalDiskMark reports; the median pass in parentheses\n",
                         o.plan.points.empty() ? 0 : o.plan.points.front().passes, o.plan.points.empty() ? 0 : o.plan.points.front().seconds);
      out += fmt::format("{:<12} {:>22} {:>22}\n", "", "Read MB/s", "Write MB/s");
      for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const auto best_and_median = [](const point_outcome& p) {
          return fmt::format("{:.2f} ({:.2f})", mb_per_second_of(reported(p)), mb_per_second_of(p.passes[p.median]));
        };
        out += fmt::format("{:<12} {:>22} {:>22}\n", g.rows[r], cell(g.cells[r][0], best_and_median), cell(g.cells[r][1], best_and_median));
        // CDM shows IOPS and latency for the one test that is about latency.
        if (g.rows[r] == "RND4K Q1T1")
          for (const auto* p : g.cells[r])
            if (p)
              out += fmt::format("{:<12} {:>5}: {:.0f} IOPS, {:.2f} µs mean latency\n", g.rows[r], p->point.read_percent ? "read" : "write",
                                 events_per_second(reported(*p)), mean_latency_us(reported(*p)));
      }
      break;
  }
  return out;
}

inline nlohmann::json point_json(const raidbench::sweep_point& p) {
  return {{"name", p.name}, {"block_size", p.block_size}, {"read_percent", p.read_percent}, {"random", p.random},
          {"queue_depth", p.queue_depth}, {"seconds", p.seconds}, {"passes", p.passes}};
}

/// The sweep as JSON: each point with its axes, every pass's result and the reported one, and the
/// plan's points (so that the page and the table can be drawn again from the file: --html-from).
inline nlohmann::json sweep_json(const sweep_outcome& o) {
  nlohmann::json plan = nlohmann::json::array();
  for (const auto& p : o.plan.points) plan.push_back(point_json(p));
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
          {"build", raidbench::build_json()},
          {"kind", std::string(raidbench::to_string(o.plan.kind))},
          {"direct", o.plan.direct},
          {"file_size", o.plan.file_size},
          {"warmup_seconds", o.plan.warmup_seconds},
          {"interrupted", o.interrupted},
          {"failed", o.failure.empty() ? nlohmann::json() : nlohmann::json(o.failure)},
          {"planned_points", o.plan.points.size()},
          {"time_limit", o.plan.time_limit},
          {"plan", plan},
          {"context", o.context},
          {"points", points}};
}

/// A sweep read back from sweep_json's document; nlohmann's exceptions say what is missing. A file
/// written before the plan was kept has its finished points as its plan.
inline sweep_outcome sweep_from_json(const nlohmann::json& j) {
  using raidbench::sweep_kind;
  if (j.at("schema") != "raidbench.sweep") throw nlohmann::json::other_error::create(501, "not a raidbench sweep", &j);
  sweep_outcome o;
  const auto kind = j.at("kind").get<std::string>();
  if (kind != "iometer" && kind != "atto" && kind != "cdm") throw nlohmann::json::other_error::create(501, "unknown sweep kind " + kind, &j);
  o.plan.kind = kind == "iometer" ? sweep_kind::iometer : kind == "atto" ? sweep_kind::atto : sweep_kind::cdm;
  j.at("direct").get_to(o.plan.direct);
  j.at("file_size").get_to(o.plan.file_size);
  j.at("warmup_seconds").get_to(o.plan.warmup_seconds);
  o.plan.time_limit = j.value("time_limit", 0.0);
  j.at("interrupted").get_to(o.interrupted);
  if (const auto& f = j.at("failed"); f.is_string()) f.get_to(o.failure);
  j.at("context").get_to(o.context);
  // A planned point has its seconds and passes; a finished one its passes' results instead.
  const auto point_of = [](const nlohmann::json& p, bool planned) {
    return raidbench::sweep_point{p.at("name").get<std::string>(), p.at("block_size").get<std::uint64_t>(), p.at("read_percent").get<unsigned>(),
                                  p.at("random").get<bool>(), p.at("queue_depth").get<unsigned>(),
                                  planned ? p.at("seconds").get<double>() : 0.0, planned ? p.at("passes").get<unsigned>() : 1u};
  };
  for (const auto& p : j.at("points")) {
    raidbench::point_outcome done{point_of(p, false), p.at("passes").get<std::vector<raidbench::result>>(), p.at("best").get<std::size_t>(),
                                  p.at("median").get<std::size_t>()};
    if (done.passes.empty() || done.best >= done.passes.size() || done.median >= done.passes.size())
      throw nlohmann::json::other_error::create(501, "point " + done.point.name + ": its best or median pass is not among its passes", &p);
    done.point.passes = static_cast<unsigned>(done.passes.size());
    o.points.push_back(std::move(done));
  }
  if (const auto plan = j.find("plan"); plan != j.end())
    for (const auto& p : *plan) o.plan.points.push_back(point_of(p, true));
  else
    for (const auto& p : o.points) o.plan.points.push_back(p.point);
  return o;
}

/// The sweep as a self-contained HTML page (sweep_html.cpp).
std::string sweep_html(const sweep_outcome& o);

}  // namespace rb_suite
