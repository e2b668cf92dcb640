#pragma once
/// rb-ctrl as a monitoring plugin (Nagios, Icinga, Sensu, Zabbix): the verdicts as one status line in
/// check_raid's spirit, the plugin exit status, and performance data from the inventory. The status
/// is the gravest verdict's severity, the judgement's and nobody else's (docs/verdicts.md).
#include <string>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// The plugin exit statuses of the Nagios plugin guidelines.
enum class plugin_status { ok = 0, warning = 1, critical = 2, unknown = 3 };

/// What a plugin prints and returns.
struct plugin_output {
  plugin_status status = plugin_status::unknown;
  std::string line;  ///< "CRITICAL: controller 0 / VD 0: the array is degraded; … | 'c0_arrays'=2;;;0 …", no newline
};

/// Critical when any verdict that fired is critical, else warning when any is, else OK; the line
/// names each fired critical and warning verdict by its subject, or sums up what is healthy, and
/// says which parts the input did not cover; the performance data counts arrays and drives per
/// state and gives the battery's charge and temperature.
RAIDBENCH_API plugin_output monitoring_plugin_output(const inventory& inv, const std::vector<verdict>& verdicts);

/// UNKNOWN with one reason: nothing read, a vendor tool's timeout, the input cap, a usage error.
RAIDBENCH_API plugin_output plugin_unknown(const std::string& reason);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/report/impl/monitoring_plugin.hpp"
#endif
