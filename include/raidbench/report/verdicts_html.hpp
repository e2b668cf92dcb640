#pragma once
/// Verdicts on an HTML page: the fired ones as badges coloured by severity for the summary, each
/// linking to its message and evidence in the verdicts section; and the doubt a verdict casts on a
/// test's figure, for the charts and tables to draw it as doubtful. The verdicts are read, never
/// made again: the judgement stays in verdict/.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/html_document.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench::html {

inline std::string verdict_anchor(std::size_t index) { return fmt::format("verdict-{}", index + 1); }

/// The fired verdicts as badges, critical first; none fired: one "ok" badge.
inline std::vector<document::badge> verdict_badges(const std::vector<verdict>& verdicts) {
  std::vector<document::badge> out;
  for (const severity level : {severity::critical, severity::warning, severity::info})
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
      const auto& v = verdicts[i];
      if (v.fired && v.level == level)
        out.push_back({std::string(to_string(level)), fmt::format("{}: {}{}", to_string(level), v.rule, v.subject.empty() ? "" : " (" + v.subject + ")"),
                       verdict_anchor(i)});
    }
  if (out.empty()) out.push_back({"ok", fmt::format("no verdict fired of {}", verdicts.size()), "verdicts"});
  return out;
}

/// The verdicts section: the fired ones by severity with their evidence, then those that did not fire.
inline void add_verdicts(document& page, const std::vector<verdict>& verdicts) {
  page.heading("Verdicts", "verdicts");
  for (const severity level : {severity::critical, severity::warning, severity::info})
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
      const auto& v = verdicts[i];
      if (v.fired && v.level == level)
        page.finding(verdict_anchor(i), std::string(to_string(level)), fmt::format("{}{}: {}", v.rule, v.subject.empty() ? "" : " (" + v.subject + ")", v.message),
                     v.evidence);
    }
  std::vector<std::vector<std::string>> quiet;
  for (const auto& v : verdicts)
    if (!v.fired) quiet.push_back({v.rule, v.subject, v.message});
  if (!quiet.empty()) page.table("Checked, not fired", {"rule", "test", "why not"}, quiet);
}

/// Why every figure of a run without O_DIRECT (a buffered sweep) is doubtful: no rule measured the
/// page cache's share of it, so a page says the cache may have served it.
inline constexpr std::string_view buffered_doubt = "buffered: the page cache may have served it";

/// Why a fired verdict doubts the figures of test `subject`, in a few words; empty when none does.
inline std::string doubt_of(const std::vector<verdict>& verdicts, const std::string& subject) {
  std::string out;
  for (const auto& v : verdicts) {
    if (!v.fired || v.subject != subject || v.level == severity::info) continue;
    const std::string why = v.rule == "page_cache_reads"          ? "the page cache served it"
                            : v.rule == "flush_faster_than_media" ? "a write cache absorbed the flushes"
                                                                  : v.message;
    if (out.find(why) == std::string::npos) out += (out.empty() ? "" : "; ") + why;
  }
  return out;
}

}  // namespace raidbench::html
