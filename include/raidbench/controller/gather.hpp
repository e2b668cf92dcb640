#pragma once
/// The controller part of a benchmark report: the inventory from saved dumps the user names
/// (`--controller-file`) or, without any, from the vendor tools found on this machine, with the
/// safety checks run on it.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/controller/checks.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench {

/// Where the inventory comes from.
struct controller_request {
  std::vector<std::filesystem::path> files;  ///< saved dumps; when empty, live mode (if `live`)
  bool live = true;
  live_options tools;  ///< live mode's search path, mdstat file and timeout
};

/// An inventory with the checks on it, and what it was read from.
struct controller_snapshot {
  std::string source;  ///< the files, or the tools live mode ran
  inventory inv;
  std::vector<finding> findings;
  std::vector<std::string> notes;  ///< parse warnings, skipped outputs, tools that did not answer
};

/// Reads the named dumps (any unreadable one is an error: the user asked for it), or runs live
/// mode. nullopt when there are no files and live mode is off, finds no tool, or reads nothing.
inline expected<std::optional<controller_snapshot>> gather_controller(const controller_request& request) {
  std::vector<captured_output> texts;
  std::vector<std::string> notes;
  std::string source;
  if (!request.files.empty()) {
    for (const auto& file : request.files) {
      std::ifstream in(file, std::ios::binary);
      if (!in) return fail(fmt::format("cannot read {}: {}", file.string(), std::strerror(errno)));
      std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      source += (source.empty() ? "" : ", ") + file.string();
      texts.push_back({file.string(), std::move(text)});
    }
  } else if (request.live) {
    live_result found = run_live(request.tools);
    for (const auto& tool : found.tools) source += (source.empty() ? "live: " : ", ") + tool;
    notes = std::move(found.problems);
    texts = std::move(found.outputs);
  }
  if (texts.empty()) return std::optional<controller_snapshot>{};
  const auto unreadable = request.files.empty() ? on_unreadable::skip : on_unreadable::fail;
  auto inv = collect_inventory(std::move(texts), unreadable, notes);
  if (!inv) return inv.err();
  if (inv->controllers.empty()) return std::optional<controller_snapshot>{};
  controller_snapshot s{std::move(source), std::move(*inv), {}, std::move(notes)};
  s.findings = check_inventory(s.inv);
  return std::optional<controller_snapshot>{std::move(s)};
}

}  // namespace raidbench
