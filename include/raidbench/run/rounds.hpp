#pragma once
/// Rounds of one workload until steady state (stats/steady_state.hpp): each round one fixed-length
/// run; after each, the last `criteria.window` rounds are judged by SNIA PTS's criteria; what is
/// reported is the window's rounds merged. rb-run --steady and the suite's device-bound tests use it.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/result/result.hpp"
#include "raidbench/stats/steady_state.hpp"

namespace raidbench {

/// The rounds run and the window reported.
struct steady_rounds {
  std::vector<result> rounds;
  std::vector<double> rates;  ///< operations (reads, writes, flushes) per second, per round
  std::optional<steady_state_check> check;  ///< of the last window; empty while too few rounds
  std::size_t first = 0;  ///< index of the window's first round
  result window;          ///< the window's rounds merged: the figures reported
  bool steady() const { return check && check->steady; }
};

/// Runs `round(i)` (an expected<result>) for i = 0, 1, … until the last `criteria.window` rounds
/// are steady, `max_rounds` have run, or a round is interrupted; `on_round(i, ops_per_second)`
/// hears of each. At least one round runs. An error of any round is returned as is.
template <class Round, class OnRound>
expected<steady_rounds> run_until_steady(Round&& round, unsigned max_rounds, OnRound&& on_round,
                                         const steady_state_criteria& criteria = {}) {
  steady_rounds s;
  for (unsigned i = 0; i < std::max(max_rounds, 1u); ++i) {
    expected<result> r = round(i);
    if (!r) return r.err();
    const double seconds = r->stats.seconds();
    s.rates.push_back(seconds > 0 ? static_cast<double>(r->stats.events()) / seconds : 0);
    s.rounds.push_back(std::move(*r));
    on_round(i, s.rates.back());
    s.check = check_steady_state(s.rates, criteria);
    if (s.rounds.back().stats.interrupted || s.steady()) break;
  }
  s.first = s.rounds.size() > criteria.window ? s.rounds.size() - criteria.window : 0;
  s.window = s.rounds[s.first];
  for (std::size_t k = s.first + 1; k < s.rounds.size(); ++k) s.window.stats.add_round(s.rounds[k].stats);
  return s;
}

/// One sentence on the rounds: "steady state: rounds 3-7 of 7 within 4.2 % of their average, …",
/// "not at steady state after 30 rounds: rising 6.0 %/round, band 31.0 %; …".
inline std::string describe_steady_state(const steady_rounds& s) {
  const std::size_t n = s.rounds.size(), first = s.first;
  if (s.window.stats.interrupted)
    return fmt::format("interrupted in round {}: steady state not reached; the figures are of rounds {}-{}, the last cut short",
                       n, first + 1, n);
  if (s.steady())
    return fmt::format("steady state: rounds {}-{} of {} within {:.1f} % of their average, trend {:+.1f} % across them "
                       "(SNIA PTS: at most 20 % and 10 %)", first + 1, n, n, 100 * s.check->excursion,
                       100 * s.check->slope_change);
  if (!s.check)
    return fmt::format("steady state unknown after {} round{} (5 needed, with something measured); the figures are of "
                       "rounds {}-{}", n, n == 1 ? "" : "s", first + 1, n);
  return fmt::format("not at steady state after {} rounds: {} {:.1f} %/round, band {:.1f} %; the figures are of the last {} "
                     "rounds", n, s.check->per_round >= 0 ? "rising" : "falling", 100 * std::abs(s.check->per_round),
                     100 * s.check->excursion, n - first);
}

}  // namespace raidbench
