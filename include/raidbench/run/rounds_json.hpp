#pragma once
/// The JSON of a steady-state run (run/rounds.hpp): {"steady", "rounds": [{"events", "seconds",
/// "ops_per_second"}], "window_first_round", "window_rounds", "excursion", "slope_change", "per_round"}.
#include <cstddef>

#include <nlohmann/json.hpp>

#include "raidbench/run/rounds.hpp"

namespace raidbench {

inline nlohmann::json steady_state_json(const steady_rounds& s) {
  nlohmann::json rounds = nlohmann::json::array();
  for (std::size_t i = 0; i < s.rounds.size(); ++i)
    rounds.push_back({{"events", s.rounds[i].stats.events()}, {"seconds", s.rounds[i].stats.seconds()},
                      {"ops_per_second", s.rates[i]}});
  nlohmann::json j = {{"steady", s.steady()}, {"rounds", rounds}, {"window_first_round", s.first + 1},
                      {"window_rounds", s.rounds.size() - s.first}};
  if (s.check) {
    j["excursion"] = s.check->excursion;
    j["slope_change"] = s.check->slope_change;
    j["per_round"] = s.check->per_round;
  }
  return j;
}

}  // namespace raidbench
