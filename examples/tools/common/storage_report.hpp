#pragma once
// The storage part of every tool's report: the context, the controller read, how the two are tied
// (verdict/device_owner.hpp) and the verdicts. In one place so dd, fileio, fsync and the suite say the same.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/context/context_json.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/report/context.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_section.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/verdict_json.hpp"
#include "raidbench/verdict/verdicts.hpp"

namespace raidbench::tools {

/// How the controller read is tied to the devices under `context`.
inline device_ownership device_under_test(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                          const controller_request& asked) {
  return tie_to_device(context, controller ? &controller->inv : nullptr, asked.owns_target);
}

/// Every verdict on `results` over the storage and the controller read, tied to the device as
/// `owner` says: the one rule list every tool reports (verdict/verdicts.hpp).
inline std::vector<verdict> verdicts_of(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                        const device_ownership& owner, std::span<const named_result> results) {
  return evaluate_verdicts(context, controller ? &controller->inv : nullptr, owner, results);
}

/// Adds "context", "controller", "device_under_test" and the "verdicts" already made to a tool's JSON.
inline void add_storage_json(nlohmann::json& j, const storage_context& context,
                             const std::optional<controller_snapshot>& controller, const device_ownership& owner,
                             const std::vector<verdict>& verdicts) {
  j["context"] = context;
  j["controller"] = controller ? nlohmann::json(*controller) : nlohmann::json();
  j["device_under_test"] = owner;
  j["verdicts"] = verdicts;
}

/// The same with the tie and the verdicts on `results` made here, each once.
inline void add_storage_json(nlohmann::json& j, const storage_context& context,
                             const std::optional<controller_snapshot>& controller, const controller_request& asked,
                             std::span<const named_result> results) {
  const auto owner = device_under_test(context, controller, asked);
  add_storage_json(j, context, controller, owner, verdicts_of(context, controller, owner, results));
}

/// The context and controller sections of a tool's text (--context), the ties included.
inline std::string storage_text(const storage_context& context, const std::optional<controller_snapshot>& controller,
                                const controller_request& asked) {
  const auto owner = device_under_test(context, controller, asked);
  return format_context(context) + "\n" + format_controller_section(controller, asked, &owner);
}

}  // namespace raidbench::tools
