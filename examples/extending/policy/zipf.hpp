#pragma once
// A user-defined access policy with a run-time value (its skew θ) and state (the target size it
// last normalised for): a few blocks get most of the I/Os, as a database's hot index pages do.
// Each thread runs on its own copy, so the state needs no lock; the runner calls it directly.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

#include <raidbench/workload/access.hpp>

/// Block k (from 0) is picked with a probability falling as (k+1)^-θ, drawn by inverting the
/// continuous power law: close to a true Zipf draw, and one pow() per I/O.
struct zipf {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "zipf";
  double theta;

  explicit zipf(double skew = 0.99) noexcept : theta(skew) {}

  bool next_block(raidbench::access::cursor& c, raidbench::random_generator& rng, std::uint64_t& block) noexcept {
    if (c.total != total_) {  // once per thread: this copy's own state
      total_ = c.total;
      const double n = static_cast<double>(total_) + 1;
      span_ = theta == 1.0 ? std::log(n) : std::pow(n, 1 - theta) - 1;
    }
    const double u = rng.unit();
    const double x = theta == 1.0 ? std::exp(u * span_) : std::pow(u * span_ + 1, 1 / (1 - theta));
    block = std::min(static_cast<std::uint64_t>(std::max(x, 1.0)) - 1, total_ - 1);
    return true;
  }

 private:
  std::uint64_t total_ = 0;
  double span_ = 0;
};
