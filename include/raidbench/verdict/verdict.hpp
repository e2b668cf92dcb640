#pragma once
/// A verdict: one rule over the storage context, the controller inventory and the results, saying
/// whether it fired, what that means, and the figures that show it.
#include <string>
#include <vector>

#include "raidbench/verdict/severity.hpp"

namespace raidbench {

/// The outcome of one rule; a rule that did not fire still says why not.
struct verdict {
  std::string rule;     ///< "page_cache_reads", "flush_faster_than_media", …
  std::string subject;  ///< the test it judges ("read-back buffered"); empty for the storage as a whole
  bool fired = false;
  severity level = severity::info;  ///< how much it matters when fired
  std::string message;
  std::vector<std::string> evidence;  ///< one measured or read figure per entry
  friend bool operator==(const verdict&, const verdict&) = default;
};

/// The verdict on the storage as a whole of a rule that fires when it found evidence: its message
/// is `meaning` then, and `why_not` otherwise.
inline verdict verdict_on_evidence(severity level, std::vector<std::string> evidence, std::string meaning,
                                   std::string why_not) {
  const bool fired = !evidence.empty();
  return {"", "", fired, level, fired ? std::move(meaning) : std::move(why_not), std::move(evidence)};
}

}  // namespace raidbench
