#pragma once
/// How much a judgement matters, for rb-ctrl's findings and the suite's verdicts alike.
#include <string_view>

#include "raidbench/core/enum_names.hpp"

namespace raidbench {

/// How much a finding matters: critical means data at risk or numbers meaningless.
enum class severity { info, warning, critical };
template <>
inline constexpr auto enum_names<severity> = name_list<severity::critical>("info", "warning", "critical");

}  // namespace raidbench
