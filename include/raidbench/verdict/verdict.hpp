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

}  // namespace raidbench
