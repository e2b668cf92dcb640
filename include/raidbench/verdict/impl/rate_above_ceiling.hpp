#pragma once
// The rate ceiling rule's definitions (see core/linkage.hpp): included by rate_above_ceiling.hpp
// when header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "raidbench/verdict/rate_above_ceiling.hpp"
#include "raidbench/verdict/device_ceiling.hpp"
#include "raidbench/verdict/measured.hpp"
#include "raidbench/verdict/page_cache_reads.hpp"

namespace raidbench {

namespace detail::rate_ceiling_rule {

// "3,400 MB/s": whole megabytes per second, in groups of three digits.
inline std::string megabytes_per_second(double bytes_per_second) {
  std::string digits = fmt::format("{:.0f}", bytes_per_second / 1e6);
  for (auto at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits + " MB/s";
}

// How the test opened its files, for the evidence.
inline std::string opened(const result& r) {
  const auto& f = r.workload.open_flags;
  if (f.direct) return f.dsync || f.sync ? "O_DIRECT, synchronous" : "O_DIRECT";
  return f.dsync || f.sync ? "buffered, synchronous" : "buffered";
}

struct figure {
  const char* what;       // "reads", "writes"
  const char* explained;  // what the cache did
  double bytes_per_second;
};

inline verdict judge_test(const named_result& t, const storage_context& c, const std::vector<figure>& figures) {
  verdict v{"", t.name, false, severity::warning, "", {}};
  for (const auto& f : figures)
    v.evidence.push_back(fmt::format("measured {} of {} ({})", megabytes_per_second(f.bytes_per_second), f.what, opened(t.result)));
  const auto ceiling = ceiling_for(c, t.result.workload, v.evidence);
  if (!ceiling) {
    v.message = "the device's ceiling is unknown: " + ceiling.message();
    return v;
  }
  std::vector<std::string> above, borderline;
  for (const auto& f : figures) {
    const auto check = check_against(*ceiling, f.bytes_per_second);
    const std::string sentence = fmt::format("{} of {} through {} (≤ {})", megabytes_per_second(f.bytes_per_second), f.what,
                                             ceiling->through, megabytes_per_second(ceiling->bytes_per_second));
    if (check.above()) above.push_back(sentence + ": " + f.explained);
    else if (check.borderline())
      borderline.push_back(fmt::format("{}, {:.2f}x, within the {:.2f}x margin", sentence, check.over, borderline_factor));
  }
  v.fired = !above.empty();
  if (v.fired) v.message = fmt::format("{}", fmt::join(above, "; "));
  else if (!borderline.empty())
    v.message = fmt::format("possibly a cache: {}; not conclusive (the ceiling is nominal and the measurement has its error)",
                            fmt::join(borderline, "; "));
  else v.message = fmt::format("the rates are within what {} can carry ({})", ceiling->through,
                               megabytes_per_second(ceiling->bytes_per_second));
  return v;
}

}  // namespace detail::rate_ceiling_rule

RAIDBENCH_API void rule_traits<rule::rate_above_ceiling>::judge(const facts& f, std::vector<verdict>& out) {
  using detail::rate_ceiling_rule::figure;
  if (!f.context) return;
  for (const auto& t : f.results) {
    const result& r = t.result;
    if (!reached_storage(r)) continue;
    std::vector<figure> figures;
    // Buffered reads are page_cache_reads's to judge, against the same ceiling.
    if (r.stats.of(op_kind::read).ops > 0 && uses_direct_io(r))
      figures.push_back({"reads", "a cache served them", read_bytes_per_second(r)});
    if (r.stats.of(op_kind::write).ops > 0)
      figures.push_back({"writes", "a cache absorbed them", write_bytes_per_second(r)});
    if (!figures.empty()) out.push_back(detail::rate_ceiling_rule::judge_test(t, *f.context, figures));
  }
}

}  // namespace raidbench
