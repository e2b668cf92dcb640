#pragma once
// gather_controller's definition (see core/linkage.hpp): included by gather.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/input_file.hpp"

namespace raidbench {

RAIDBENCH_API expected<std::optional<controller_snapshot>> gather_controller(const controller_request& request,
                                                                             std::span<const parser_entry> parsers) {
  std::vector<captured_output> texts;
  std::vector<std::string> notes;
  std::string source;
  if (!request.files.empty()) {
    for (const auto& file : request.files) {
      auto text = read_input_file(file.string());
      if (!text) return text.err();
      source += (source.empty() ? "" : ", ") + file.string();
      texts.push_back({file.string(), std::move(*text)});
    }
  } else if (request.live) {
    live_result found = run_live(request.tools);
    if (found.interrupted_by != 0)
      return error{fmt::format("interrupted while reading the controller ({})",
                               found.problems.empty() ? fmt::format("SIG{}", ::sigabbrev_np(found.interrupted_by)) : found.problems.back()),
                   EINTR};
    for (const auto& tool : found.tools) source += (source.empty() ? "live: " : ", ") + tool;
    notes = std::move(found.problems);
    texts = std::move(found.outputs);
  }
  if (texts.empty()) return std::optional<controller_snapshot>{};
  const auto unreadable = request.files.empty() ? on_unreadable::skip : on_unreadable::fail;
  auto inv = collect_inventory(std::move(texts), unreadable, notes, parsers);
  if (!inv) return inv.err();
  if (inv->controllers.empty()) return std::optional<controller_snapshot>{};
  return std::optional<controller_snapshot>{controller_snapshot{std::move(source), std::move(*inv), std::move(notes)}};
}

}  // namespace raidbench
