#pragma once
// rb-ctrl's definition (see core/linkage.hpp): included by rb_ctrl.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/rb_ctrl.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/core/input_file.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_summary.hpp"
#include "raidbench/report/monitoring_plugin.hpp"
#include "raidbench/report/prometheus.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/session/command_line.hpp"
#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/verdict/rule_list.hpp"

namespace raidbench {

namespace detail::rb_ctrl {

enum class output_format { summary, json, prometheus, plugin };

struct options {
  bool json = false, prometheus = false, plugin = false, quiet = false, verbose = false;
  std::optional<std::string> json_file, prometheus_file;
  std::vector<std::string> inputs;
  live_options live;
  unsigned timeout_seconds = 120;

  output_format format() const {
    return plugin ? output_format::plugin
           : json && !json_file ? output_format::json
           : prometheus && !prometheus_file ? output_format::prometheus
                                            : output_format::summary;
  }
};

// --plugin: every failure is the monitoring plugin's UNKNOWN (exit 3) with one line on stdout, where
// Nagios and Icinga read it; known before the options are read, so a usage error is UNKNOWN too.
struct failure {
  bool plugin = false;
  std::string program = "rb-ctrl";  ///< as invoked: a user's tool built on rb_ctrl_main names itself

  [[noreturn]] void operator()(std::string_view message) const {
    std::fflush(stdout);
    if (plugin) {
      std::printf("%s\n", plugin_unknown(std::string(message)).line.c_str());
      std::exit(static_cast<int>(plugin_status::unknown));
    }
    std::fprintf(stderr, "%s: %.*s\n", program.c_str(), static_cast<int>(message.size()), message.data());
    std::exit(1);
  }
  /// A usage error: as the command line's own, one line and exit status 2 (3 for a plugin).
  [[noreturn]] void usage(std::string_view message) const {
    std::fflush(stdout);
    if (plugin) {
      std::printf("%s\n", plugin_unknown(std::string(message) + " (see --help)").line.c_str());
      std::exit(static_cast<int>(plugin_status::unknown));
    }
    std::fprintf(stderr, "%s: %.*s (see --help)\n", program.c_str(), static_cast<int>(message.size()), message.data());
    std::exit(2);
  }
};

inline options parse(int argc, char** argv, const failure& die) {
  options o;
  tools::command_line cl(die.program,
                         "Reads MegaCLI, StorCLI/PercCLI, ssacli/hpacucli, arcconf, mdadm --detail and /proc/mdstat "
                         "output into one inventory and judges it.");
  cl.positionals("FILE", o.inputs,
                 "saved tool output ('-' for stdin; regular files of at most 64 MiB); dumps of the same tool merge. "
                 "With no file, the vendor tools found on the search path are run (live mode)");
  cl.optional_value("--json", o.json, o.json_file, "the inventory and the verdicts as JSON, on stdout or into FILE");
  cl.optional_value("--prometheus", o.prometheus, o.prometheus_file,
                    "metrics for node_exporter's textfile collector, on stdout or into FILE (replaced whole)");
  cl.flag("--plugin,--nagios", o.plugin,
          "a monitoring plugin: one status line with performance data; exit 0 OK, 1 WARNING, 2 CRITICAL (the "
          "gravest verdict), 3 UNKNOWN (nothing read, a tool that timed out, bad input or options)");
  cl.flag("-q,--quiet", o.quiet, "print nothing on stdout (what --json=FILE or --prometheus=FILE asked is still written)");
  cl.text("--path", o.live.search_path, "live mode: where to look for the tools (default $PATH, then /opt/MegaRAID/*)");
  cl.path("--mdstat", o.live.mdstat, "live mode: the md status file (default /proc/mdstat)");
  cl.whole("--timeout", o.timeout_seconds, 1, 86400, "live mode: kill a tool that runs longer, in seconds (default 120)");
  cl.flag("-v,--verbose", o.verbose, "live mode: print each tool found and command run on stderr");
  cl.footer("docs/controllers.md has the inventory model, the verdicts and the metrics.");
  if (die.plugin) cl.on_usage_error(static_cast<int>(plugin_status::unknown), [](const std::string& message) {
    std::printf("%s\n", plugin_unknown(message + " (see --help)").line.c_str());
  });
  cl.parse(argc, argv);
  o.live.timeout = std::chrono::seconds(o.timeout_seconds);
  if (int(o.json && !o.json_file) + int(o.prometheus && !o.prometheus_file) + int(o.plugin) > 1)
    die.usage("--json, --prometheus and --plugin print on stdout one at a time (send the others into a file: --json=FILE)");
  return o;
}

// A vendor tool that did not answer leaves the state unknown: for a monitoring plugin, UNKNOWN.
inline const std::string* tool_failed(const std::vector<std::string>& problems) {
  for (const auto& p : problems)
    if (p.find("no answer after") != std::string::npos || p.find("killed by signal") != std::string::npos) return &p;
  return nullptr;
}

inline int run(int argc, char** argv, const pipeline& lists, const failure& die) {
  const options o = parse(argc, argv, die);
  // Every file written is checked before anything is read, and is never one of the inputs.
  std::vector<tools::named_file> inputs, outputs;
  for (const auto& name : o.inputs)
    if (name != "-") inputs.push_back({name, name});
  if (o.inputs.empty()) inputs.push_back({"--mdstat=" + o.live.mdstat.string(), o.live.mdstat});
  if (o.json_file) outputs.push_back({"--json=" + *o.json_file, *o.json_file});
  if (o.prometheus_file) outputs.push_back({"--prometheus=" + *o.prometheus_file, *o.prometheus_file});
  if (auto distinct = tools::check_distinct(outputs, inputs); !distinct) die(distinct.message());
  for (const auto& out : outputs)
    if (auto writable = tools::check_output_file(out.path); !writable) die(writable.message());

  const bool live = o.inputs.empty();
  std::vector<captured_output> texts;
  std::vector<std::string> problems;
  if (live) {
    auto r = run_live(o.live);
    if (r.tools.empty())
      die(fmt::format("no RAID tool found (looked for {} in {}) and {} lists no md array", searched_tools(),
                      o.live.search_path, o.live.mdstat.string()));
    if (o.verbose) {
      for (const auto& t : r.tools) std::fprintf(stderr, "%s: found %s\n", die.program.c_str(), t.c_str());
      for (const auto& out : r.outputs) std::fprintf(stderr, "%s: read %s\n", die.program.c_str(), out.name.c_str());
    }
    for (const auto& p : r.problems) std::fprintf(stderr, "%s: %s\n", die.program.c_str(), p.c_str());
    problems = std::move(r.problems);
    texts = std::move(r.outputs);
  } else {
    for (const auto& name : o.inputs) {
      auto text = read_input_file(name, true);
      if (!text) die(text.message());
      texts.push_back({name == "-" ? "stdin" : name, std::move(*text)});
    }
  }
  // In file mode a text nothing reads is fatal; in live mode it is reported and skipped (a storcli
  // without a BBU answers "/call/bbu show all" with an error).
  std::vector<std::string> notes;
  auto read = collect_inventory(std::move(texts), live ? on_unreadable::skip : on_unreadable::fail, notes, lists.parsers);
  for (const auto& n : notes) std::fprintf(stderr, "%s: %s\n", die.program.c_str(), n.c_str());
  if (!read) die(read.message());
  const inventory& inv = *read;
  if (inv.controllers.empty() && live) die("the RAID tools found printed nothing raidbench can read");

  // The inventory judged on its own: every controller, array and drive of it is a subject.
  const auto verdicts = judge(facts{nullptr, &inv, {}, {}, {}}, lists.rules);
  // The files first (the JSON before the metrics), then stdout: one that fails is one line and exit
  // status 1, and costs none of the others.
  bool complete = true;
  const auto write = [&](const std::optional<std::string>& file, const std::string& text) {
    if (!file) return;
    if (auto written = tools::write_output_file(*file, text); !written) {
      if (die.plugin) die(written.message());
      std::fprintf(stderr, "%s: %s\n", die.program.c_str(), written.message().c_str());
      complete = false;
    }
  };
  write(o.json_file, controller_report_json(inv, verdicts).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  write(o.prometheus_file, format_prometheus(inv, verdicts));
  if (!o.quiet) switch (o.format()) {
      case output_format::summary: tools::print_out(format_controller_summary(inv) + format_verdicts(verdicts)); break;
      case output_format::json:
        tools::print_out(controller_report_json(inv, verdicts).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        break;
      case output_format::prometheus: tools::print_out(format_prometheus(inv, verdicts)); break;
      case output_format::plugin: {
        auto out = monitoring_plugin_output(inv, verdicts);
        if (const auto* failed = tool_failed(problems); failed && out.status != plugin_status::critical) out = plugin_unknown(*failed);
        tools::print_out(out.line + "\n");
        return tools::stdout_complete(die.program) ? static_cast<int>(out.status) : static_cast<int>(plugin_status::unknown);
      }
    }
  return tools::stdout_complete(die.program) && complete ? 0 : 1;
}

}  // namespace detail::rb_ctrl

RAIDBENCH_API int rb_ctrl_main(int argc, char** argv, const pipeline& lists) {
  detail::rb_ctrl::failure die;
  if (argc > 0 && argv[0] != nullptr && *argv[0] != '\0') die.program = std::filesystem::path(argv[0]).filename().string();
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--plugin" || std::string_view(argv[i]) == "--nagios") die.plugin = true;
  tools::ignore_sigpipe();
  bool returned = false;
  const int status = tools::last_resort(die.program, [&] {
    const int s = detail::rb_ctrl::run(argc, argv, lists, die);
    returned = true;
    return s;
  });
  // A monitoring plugin that could not judge is UNKNOWN, whatever went wrong.
  return die.plugin && !returned ? static_cast<int>(plugin_status::unknown) : status;
}

}  // namespace raidbench
