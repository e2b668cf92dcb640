#pragma once
// The controller JSON definitions (see core/linkage.hpp): included by controller_json.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/report/build_json.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/verdict/verdict_json.hpp"
#include "raidbench/controller/gather.hpp"
#include "raidbench/controller/model_json.hpp"
#include "raidbench/report/controller_summary.hpp"

namespace raidbench {

RAIDBENCH_API nlohmann::json controller_report_json(const inventory& inv, const std::vector<verdict>& verdicts) {
  return {{"build", build_json()}, {"inventory", inv}, {"verdicts", verdicts}};
}

RAIDBENCH_API void to_json(nlohmann::json& j, const controller_snapshot& s) {
  j = {{"source", s.source},
       {"inventory", s.inv},
       {"summary", format_controller_summary(s.inv)},
       {"notes", s.notes}};
}

}  // namespace raidbench
