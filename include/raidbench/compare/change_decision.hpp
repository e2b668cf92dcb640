#pragma once
/// Is a change real? The decision rb-compare makes for every row, `raidbench ab`'s interleaved rounds
/// included (docs/compare.md has the method, its simulated error rate and power):
/// - the change is the ratio B / A, estimated on log values: Welch's t (unpaired runs), a pooled t
///   (one side without spread, or an A/A calibration's noise), or a paired t on log(B_i / A_i)
///   (rounds of an interleaved ABBA run);
/// - a change is called only when its interval lies wholly beyond ±min_effect; the intervals of one
///   comparison (its family of rows) are at Holm's levels, so that the chance that a comparison of
///   two identical setups calls anything is at most alpha;
/// - "unchanged" when the same interval lies within ±min_effect; otherwise "cannot tell", with the
///   runs a side that would decide;
/// - a trend inside a side (Mann–Kendall, trend.hpp) that could explain the change withdraws the call:
///   a row's own trend, or the side's trend over all its tests' rates at once.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/trend.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// What a row's change is judged to be.
enum class noise_call {
  cannot_tell,  ///< the interval straddles ±min_effect, or the runs cannot estimate the noise
  beyond,       ///< changed: the interval lies beyond ±min_effect
  within,       ///< unchanged: the interval lies within ±min_effect
  drift,        ///< the runs of a side trend, and the trend could explain the change: not judged
  no_value,     ///< a side has no value (a mark, a zero)
};

/// The rule's settings.
struct change_rule {
  double alpha = 0.05;        ///< family-wise: the chance that a comparison of identical setups contains any call
  double min_effect = 0.05;   ///< a change is called only beyond ±min_effect (0.05 = ±5 %)
  double drift_alpha = 0.05;  ///< Mann–Kendall's level for a drift: a row's own at drift_alpha / rows, a side's over its rates at half
  double drift_guard = 0.2;   ///< a side's trend over its rates this likely withdraws the calls its drift could explain
  double power = 0.8;         ///< the power the runs needed are worked out for
};

/// A row's noise measured on A/A runs (rb-compare --calibrate): the standard deviation of the log
/// values within a side, and its degrees of freedom.
struct known_noise {
  double sd_log = 0;
  double df = 0;
};

/// One row's runs: each side's values in the order they ran (rates, latencies, times: positive).
struct row_runs {
  std::vector<double> a, b;
  std::optional<known_noise> noise{};
  bool paired = false;    ///< a[i] and b[i] ran in round i of an interleaved (ABBA) run
  double gap_runs = 0;    ///< runs between the middles of the two sides; 0: back to back, (na + nb) / 2
  bool in_side_trend = true;  ///< its trend counts in its side's trend (one row per test: its rate)
};

/// An estimate of log(B / A).
struct log_change {
  double estimate = 0;
  double standard_error = 0;
  double df = 0;
  double sd_per_run = 0;    ///< the noise of one run (of one round's log ratio when paired)
  std::string_view method;  ///< "welch", "pooled", "calibrated", "paired"
};

/// A row's judgement.
struct row_judgement {
  noise_call call = noise_call::no_value;
  std::optional<log_change> change;
  double low = 0, high = 0;  ///< the interval of log(B / A) at `confidence`
  double confidence = 0;     ///< the interval's level: Holm's level for the row in its family
  double p = 1;              ///< of "the change lies within ±min_effect"
  std::optional<trend> trend_a, trend_b;  ///< of each side's log values (of the log ratios when paired: trend_b)
  bool drift_a = false, drift_b = false;  ///< the row's own trend (its p_drift) is significant at drift_alpha / family
  std::size_t family = 0;    ///< rows judged together (Holm's k)
  std::string reason;        ///< why the runs cannot estimate the noise ("1 run a side"), when they cannot
};

/// A side's trend over all its rows that count in it: the sum of their Kendall S.
struct side_trend {
  std::size_t rows = 0;
  double p = 1;                   ///< two-sided, normal approximation of the sum
  double median_slope_per_run = 0;  ///< of the rows' Theil–Sen slopes (log units)
  bool drift = false;             ///< p <= drift_alpha / 2 (the two sides share the level): named
  bool guard = false;             ///< p <= drift_guard: its calls are checked against its drift
  std::size_t withdrawn = 0;      ///< calls of the family it (or a row's own trend) withdrew
};

/// A family of rows judged together: one comparison of two sides.
struct family_judgement {
  std::vector<row_judgement> rows;
  side_trend a, b;
};

/// The most runs a side that `runs_to_decide` counts up to.
inline constexpr std::size_t max_runs_needed = 10000;

/// The fewest runs a side (rounds when paired) a call, either way, is made from without a
/// calibration: the error rate is simulated from 3 up (docs/compare.md).
inline constexpr std::size_t min_runs_to_call = 3;

/// Welch's t on log values; pooled when one side shows no spread; with `noise`, pooled with it.
/// nullopt (and `why`) when the noise cannot be estimated or a value is not positive.
RAIDBENCH_API std::optional<log_change> unpaired_log_change(std::span<const double> a, std::span<const double> b,
                                                            const known_noise* noise, std::string& why);

/// The paired t on log(b[i] / a[i]), one pair per round of an interleaved run.
RAIDBENCH_API std::optional<log_change> paired_log_change(std::span<const double> a, std::span<const double> b, std::string& why);

/// The runs a side (rounds when `paired`) for an interval at level 1 - `alpha` to lie `margin` (log)
/// from its centre with probability `power`, for noise `sd_per_run`; nullopt beyond max_runs_needed.
RAIDBENCH_API std::optional<std::size_t> runs_to_decide(double margin, double sd_per_run, bool paired, double alpha, double power);

/// Judges a family of rows together: one comparison of two sides.
RAIDBENCH_API family_judgement judge_rows(std::span<const row_runs> rows, const change_rule& rule);

/// For a row judged "cannot tell" with an estimate: the runs a side (rounds when paired) for its
/// interval, at the family's Bonferroni level, to decide the change seen (beyond or within
/// ±min_effect) with the rule's power; nullopt beyond max_runs_needed or without an estimate.
RAIDBENCH_API std::optional<std::size_t> runs_needed(const row_judgement& j, const change_rule& rule);

/// What a call says, in words: "beyond noise", "noise", "cannot tell", "drift", "".
RAIDBENCH_API std::string_view to_string(noise_call n) noexcept;

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/compare/impl/change_decision.hpp"
#endif
