#pragma once
// The decision whether a change is real (see core/linkage.hpp): included by change_decision.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "raidbench/compare/change_decision.hpp"
#include "raidbench/compare/student_t.hpp"

namespace raidbench {

namespace detail::change_decision {

struct moments {
  std::size_t n = 0;
  double mean = 0, variance = 0;  // variance with n - 1; 0 for one value
};

// The logarithms' mean and variance; nullopt when a value is not a positive finite number.
inline std::optional<moments> log_moments(std::span<const double> values) {
  moments m;
  m.n = values.size();
  std::vector<double> logs;
  logs.reserve(values.size());
  for (double v : values) {
    if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
    logs.push_back(std::log(v));
  }
  if (logs.empty()) return std::nullopt;
  m.mean = std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(m.n);
  for (double l : logs) m.variance += (l - m.mean) * (l - m.mean);
  m.variance = m.n > 1 ? m.variance / static_cast<double>(m.n - 1) : 0;
  return m;
}

inline std::vector<double> logs_of(std::span<const double> values) {
  std::vector<double> out;
  out.reserve(values.size());
  for (double v : values) out.push_back(std::log(v));
  return out;
}

// P(|T| beyond the margins) for the hypothesis "the change lies within [down, up]".
inline double within_margins_p(const log_change& c, double down, double up) {
  const double p_up = 2 * student_t_upper_tail((c.estimate - up) / c.standard_error, c.df);
  const double p_down = 2 * student_t_upper_tail((down - c.estimate) / c.standard_error, c.df);
  return std::min({1.0, p_up, p_down});
}

}  // namespace detail::change_decision

RAIDBENCH_API std::optional<log_change> unpaired_log_change(std::span<const double> a, std::span<const double> b,
                                                            const known_noise* noise, std::string& why) {
  using detail::change_decision::log_moments;
  const auto ma = log_moments(a), mb = log_moments(b);
  if (!ma || !mb) {
    why = "a value of 0 or below";
    return std::nullopt;
  }
  log_change c;
  c.estimate = mb->mean - ma->mean;
  const double na = static_cast<double>(ma->n), nb = static_cast<double>(mb->n);
  const bool spread_a = ma->variance > 0, spread_b = mb->variance > 0;
  const bool calibrated = noise && noise->df > 0 && noise->sd_log > 0;
  if (spread_a && spread_b && !calibrated) {
    const double ua = ma->variance / na, ub = mb->variance / nb;
    c.standard_error = std::sqrt(ua + ub);
    c.df = (ua + ub) * (ua + ub) / (ua * ua / (na - 1) + ub * ub / (nb - 1));
    c.sd_per_run = std::sqrt((ma->variance + mb->variance) / 2);
    c.method = "welch";
    return c;
  }
  // One noise for both sides, from the sides that show a spread (a side whose runs are all the same
  // value has copies or a rounded figure, not a measured noise) and from the calibration.
  double sum = 0, df = 0;
  if (spread_a) sum += (na - 1) * ma->variance, df += na - 1;
  if (spread_b) sum += (nb - 1) * mb->variance, df += nb - 1;
  if (calibrated) sum += noise->df * noise->sd_log * noise->sd_log, df += noise->df;
  if (!(df > 0) || !(sum > 0)) {
    why = ma->n == 1 && mb->n == 1 ? "1 run a side"
          : ma->n == 1 || mb->n == 1 ? "1 run on one side, no spread on the other"
                                     : "no spread in either side's runs";
    return std::nullopt;
  }
  c.sd_per_run = std::sqrt(sum / df);
  c.standard_error = c.sd_per_run * std::sqrt(1 / na + 1 / nb);
  c.df = df;
  c.method = calibrated ? "calibrated" : "pooled";
  return c;
}

RAIDBENCH_API std::optional<log_change> paired_log_change(std::span<const double> a, std::span<const double> b, std::string& why) {
  if (a.size() != b.size()) {
    why = "a round without a value on one side: the rounds cannot be paired";
    return std::nullopt;
  }
  std::vector<double> ratios;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] > 0) || !(b[i] > 0) || !std::isfinite(a[i]) || !std::isfinite(b[i])) {
      why = "a value of 0 or below";
      return std::nullopt;
    }
    ratios.push_back(b[i] / a[i]);
  }
  const auto m = detail::change_decision::log_moments(ratios);
  if (!m || m->n < 2 || !(m->variance > 0)) {
    why = ratios.size() < 2 ? "fewer than 2 rounds" : "every round has the same ratio";
    return std::nullopt;
  }
  log_change c;
  c.estimate = m->mean;
  c.sd_per_run = std::sqrt(m->variance);
  c.standard_error = c.sd_per_run / std::sqrt(static_cast<double>(m->n));
  c.df = static_cast<double>(m->n - 1);
  c.method = "paired";
  return c;
}

RAIDBENCH_API std::optional<std::size_t> runs_to_decide(double margin, double sd_per_run, bool paired, double alpha, double power) {
  if (!(margin > 0) || !(sd_per_run > 0)) return std::nullopt;
  const double normal_power = student_t_quantile(power, std::numeric_limits<double>::infinity());
  auto enough = [&](std::size_t n) {
    const double runs = static_cast<double>(n);
    const double df = runs - 1;  // paired; and the least of Welch's, which falls below 2n - 2 as the sides' spreads differ
    const double se = sd_per_run * std::sqrt((paired ? 1.0 : 2.0) / runs);
    // The interval decides when (estimate - margin) / se clears t's quantile; that ratio is a
    // noncentral t, approximately normal with variance 1 + c^2 / (2 df) around margin / se.
    const double c = student_t_quantile(1 - alpha / 2, df);
    return margin / se >= c + normal_power * std::sqrt(1 + c * c / (2 * df));
  };
  if (!enough(max_runs_needed)) return std::nullopt;
  // t's quantiles exceed the normal's, so the normal answer is a lower bound to search up from.
  const double z = student_t_quantile(1 - alpha / 2, std::numeric_limits<double>::infinity()) + normal_power;
  const double normal_runs = (paired ? 1.0 : 2.0) * (z * sd_per_run / margin) * (z * sd_per_run / margin);
  std::size_t low = static_cast<std::size_t>(std::clamp(std::floor(normal_runs), 1.0, static_cast<double>(max_runs_needed - 1)));
  std::size_t high = std::min(max_runs_needed, low + 1);
  while (!enough(high)) low = high, high = std::min(max_runs_needed, 2 * high);  // enough(low) is false: low <= the answer
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    (enough(mid) ? high : low) = mid;
  }
  return std::max(high, min_runs_to_call);
}

RAIDBENCH_API family_judgement judge_rows(std::span<const row_runs> rows, const change_rule& rule) {
  using namespace detail::change_decision;
  const double up = std::log1p(rule.min_effect), down = std::log1p(-std::min(rule.min_effect, 0.999999));
  family_judgement family;
  auto& out = family.rows;
  out.resize(rows.size());
  std::vector<std::size_t> tested;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const row_runs& r = rows[i];
    row_judgement& j = out[i];
    if (r.a.empty() || r.b.empty()) continue;
    j.call = noise_call::cannot_tell;
    j.change = r.paired ? paired_log_change(r.a, r.b, j.reason)
                        : unpaired_log_change(r.a, r.b, r.noise ? &*r.noise : nullptr, j.reason);
    if (!j.change) continue;
    if (r.paired) {
      std::vector<double> ratios;
      for (std::size_t k = 0; k < r.a.size(); ++k) ratios.push_back(std::log(r.b[k] / r.a[k]));
      j.trend_b = trend_of(ratios);
    } else {
      j.trend_a = trend_of(logs_of(r.a));
      j.trend_b = trend_of(logs_of(r.b));
    }
    j.p = within_margins_p(*j.change, down, up);
    tested.push_back(i);
  }

  // A row's own trend, at drift_alpha over the family (Bonferroni): one test's runs may drift alone.
  // Its p_drift, which one stalled run cannot hide it from (trend.hpp).
  for (std::size_t i : tested) {
    const double level = rule.drift_alpha / static_cast<double>(tested.size());
    out[i].drift_a = out[i].trend_a && out[i].trend_a->p_drift <= level;
    out[i].drift_b = out[i].trend_b && out[i].trend_b->p_drift <= level;
  }

  // Each side's trend over its rows at once: a drift of the environment moves every test a little,
  // often too little for one test's runs to show it. Unpaired rows only: interleaving cancels it.
  auto side_trend_of = [&](bool side_a) {
    side_trend t;
    double s = 0, variance = 0;
    std::vector<double> slopes;
    for (std::size_t i : tested) {
      const auto& tr = side_a ? out[i].trend_a : out[i].trend_b;
      if (rows[i].paired || !rows[i].in_side_trend || !tr || tr->runs < 3) continue;
      ++t.rows;
      s += static_cast<double>(tr->kendall_s);
      variance += tr->variance_s;
      slopes.push_back(tr->slope_per_run);
    }
    if (t.rows == 0) return t;
    t.p = kendall_p(s, variance);
    std::sort(slopes.begin(), slopes.end());
    const std::size_t n = slopes.size();
    t.median_slope_per_run = n % 2 ? slopes[n / 2] : (slopes[n / 2 - 1] + slopes[n / 2]) / 2;
    t.drift = t.p <= rule.drift_alpha / 2;
    t.guard = t.p <= rule.drift_guard;
    return t;
  };
  family.a = side_trend_of(true);
  family.b = side_trend_of(false);

  // Holm: the k tested rows by p; the rank-r row is tested at alpha / (k - r) until one fails, and
  // the rows from that one on are all shown at the level where it failed.
  std::sort(tested.begin(), tested.end(), [&](std::size_t x, std::size_t y) { return out[x].p < out[y].p; });
  const std::size_t k = tested.size();
  std::size_t stop = k;
  for (std::size_t r = 0; r < k && stop == k; ++r)
    if (out[tested[r]].p > rule.alpha / static_cast<double>(k - r)) stop = r;
  for (std::size_t r = 0; r < k; ++r) {
    row_judgement& j = out[tested[r]];
    const row_runs& row = rows[tested[r]];
    const double level = rule.alpha / static_cast<double>(k - std::min(r, stop));
    const double half = student_t_quantile(1 - level / 2, j.change->df) * j.change->standard_error;
    j.confidence = 1 - level;
    j.low = j.change->estimate - half;
    j.high = j.change->estimate + half;
    if (j.low > up || j.high < down) j.call = noise_call::beyond;
    else if (j.low >= down && j.high <= up) j.call = noise_call::within;
    // With 2 runs a side (2 rounds) the noise is estimated from one difference: noise that is not
    // lognormal — this VM's commit rate switching between two levels — gave identical sides two
    // rounds with the same 3.5x ratio, and the t a call. A calibration brings its own runs.
    if (j.change->method != "calibrated" && std::min(row.a.size(), row.b.size()) < min_runs_to_call) j.call = noise_call::cannot_tell;

    // A trend inside a side moves its level by slope × runs: over the runs between the two sides'
    // middles it could make (or hide) a change that large.
    const double gap = row.paired ? static_cast<double>(row.a.size()) / 2
                       : row.gap_runs > 0 ? row.gap_runs
                                          : static_cast<double>(row.a.size() + row.b.size()) / 2;
    // The row's own slope when its trend is significant; its side's typical one (the median over
    // the side's tests, steadier than five runs' slope) when the side as a whole may drift. That
    // looser level only withdraws calls: a drift through both sides, run one after the other, is
    // otherwise seen too rarely to stop its calls (docs/compare.md has both rates).
    auto drift_of = [&](bool own, const std::optional<trend>& tr, const side_trend& side) {
      double slope = own ? std::fabs(tr->slope_per_run) : 0;
      if (side.guard && !row.paired) slope = std::max(slope, std::fabs(side.median_slope_per_run));
      if (row.paired && tr && tr->p_drift <= rule.drift_guard) slope = std::max(slope, std::fabs(tr->slope_per_run));
      return slope * gap;
    };
    const double drift_a = row.paired ? 0 : drift_of(j.drift_a, j.trend_a, family.a);
    const double drift_b = drift_of(j.drift_b, j.trend_b, family.b);
    const double drift = std::max(drift_a, drift_b);
    const double smallest_change = j.change->estimate > 0 ? j.low : -j.high;
    if (drift > 0 && j.call == noise_call::beyond && drift >= smallest_change) {
      ++(drift_a >= drift_b ? family.a : family.b).withdrawn;
      j.call = noise_call::drift;
    } else if (drift > 0 && j.call == noise_call::within && drift >= std::min(up, -down)) {
      j.call = noise_call::drift;
    }
  }
  for (auto& j : out) j.family = k;
  return family;
}

RAIDBENCH_API std::optional<std::size_t> runs_needed(const row_judgement& j, const change_rule& rule) {
  if (!j.change || j.family == 0) return std::nullopt;
  const double up = std::log1p(rule.min_effect), down = std::log1p(-std::min(rule.min_effect, 0.999999));
  const double margin = std::fabs(std::fabs(j.change->estimate) - (j.change->estimate >= 0 ? up : -down));
  return runs_to_decide(margin, j.change->sd_per_run, j.change->method == "paired", rule.alpha / static_cast<double>(j.family), rule.power);
}

RAIDBENCH_API std::string_view to_string(noise_call n) noexcept {
  switch (n) {
    case noise_call::cannot_tell: return "cannot tell";
    case noise_call::beyond: return "beyond noise";
    case noise_call::within: return "noise";
    case noise_call::drift: return "drift";
    case noise_call::no_value: return "";
  }
  return "";
}

}  // namespace raidbench
