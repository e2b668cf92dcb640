#pragma once
/// What every tool that measures does with the storage under its files, in one place: tie the
/// controller read to the devices under the files, judge the results with the rule list, and put
/// the context, the controller, the tie and the verdicts into its JSON and text.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/report/build_json.hpp"
#include "raidbench/report/context.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_section.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/rule_list.hpp"
#include "raidbench/verdict/verdict_json.hpp"

namespace raidbench {

/// How the controller read is tied to the devices under `context`.
inline device_ownership tie_controller(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                       const controller_request& asked) {
  return tie_to_device(context, controller ? &controller->inv : nullptr, asked.owns_target);
}

/// The one judgement of a run: every rule of `rules` over the storage, the controller read (tied
/// to the device as `owner` says), `results` and a power-cut test given with --durability.
inline std::vector<verdict> judge_run(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                      const device_ownership& owner, std::span<const named_result> results,
                                      std::span<const rule_entry> rules = shipped_rules,
                                      const std::optional<durability_proof>& durability = std::nullopt) {
  return judge(facts{&context, controller ? &controller->inv : nullptr, owner, results, {}, durability ? &*durability : nullptr},
               rules);
}

/// Adds "build" (report/build_json.hpp), "context", "controller", "device_under_test" and the
/// "verdicts" already made to a tool's JSON.
inline void add_storage_json(nlohmann::json& j, const storage_context& context,
                             const std::optional<controller_snapshot>& controller, const device_ownership& owner,
                             const std::vector<verdict>& verdicts) {
  j["build"] = build_json();
  j["context"] = context;
  j["controller"] = controller ? nlohmann::json(*controller) : nlohmann::json();
  j["device_under_test"] = owner;
  j["verdicts"] = verdicts;
}

/// The same with the tie and the judgement of `results` made here, each once.
inline void add_storage_json(nlohmann::json& j, const storage_context& context,
                             const std::optional<controller_snapshot>& controller, const controller_request& asked,
                             std::span<const named_result> results, std::span<const rule_entry> rules = shipped_rules) {
  const auto owner = tie_controller(context, controller, asked);
  add_storage_json(j, context, controller, owner, judge_run(context, controller, owner, results, rules));
}

/// The context and controller sections of a tool's text (--context), the ties included.
inline std::string storage_text(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                const controller_request& asked) {
  const auto owner = tie_controller(context, controller, asked);
  return format_context(context) + "\n" + format_controller_section(controller, asked, &owner);
}

}  // namespace raidbench
