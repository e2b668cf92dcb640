#pragma once
/// A controller inventory and the verdicts on it as Prometheus metrics, in the text exposition format that
/// node_exporter's textfile collector reads. Metric names and labels are listed in docs/controllers.md.
/// A metric whose value the tool did not show is left out, never written as 0.
#include <string>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The metrics text: HELP and TYPE lines, then the samples of each family, every line ending in '\n'.
RAIDBENCH_API std::string format_prometheus(const inventory& inv, const std::vector<verdict>& verdicts);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/prometheus.hpp"
#endif
