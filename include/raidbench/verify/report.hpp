#pragma once
/// How a tool reports a verified run: what was stamped and checked, what was found, what verifying
/// and journaling cost (docs/verify.md). Text for people, JSON for scripts.
#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "raidbench/core/linkage.hpp"
#include "raidbench/verify/check_files.hpp"
#include "raidbench/verify/session.hpp"

namespace raidbench::verify {

/// The measured run the verification was part of (all zero for --verify-only).
struct run_figures {
  double seconds = 0;
  std::uint64_t bytes = 0;
  unsigned threads = 1;
};

/// What the report says of the session: its pass (null: none), the run, and the journal's fate.
struct verification_report {
  const session* checked = nullptr;
  const check_report* pass = nullptr;
  bool after_crash = false;
  run_figures run;
  bool journal_kept = false;
};

/// Lines that start with "verify: ", the errors' messages indented below.
RAIDBENCH_API std::string format_verification(const verification_report& r);
/// The same as an object ("verification" in a tool's JSON).
RAIDBENCH_API nlohmann::json verification_json(const verification_report& r);

}  // namespace raidbench::verify

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verify/impl/report.hpp"
#endif
