// rb-ctrl: reads RAID controller tool output (files, stdin, or the vendor tools found on PATH) into
// one inventory, judges it with the rule list, and prints a summary, JSON, Prometheus metrics or a
// monitoring plugin's status line (or writes the metrics into a file for node_exporter's textfile collector).
#include <getopt.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/session/distinct_files.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"
#include "raidbench/controller/collect.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/report/controller_json.hpp"
#include "raidbench/report/controller_summary.hpp"
#include "raidbench/core/input_file.hpp"
#include "raidbench/report/monitoring_plugin.hpp"
#include "raidbench/report/prometheus.hpp"
#include "raidbench/report/verdicts.hpp"
#include "raidbench/verdict/builtin_rules.hpp"

namespace {

using namespace raidbench;

enum class output_format { summary, json, prometheus, plugin };

struct options {
  output_format format = output_format::summary;
  bool format_given = false;  ///< --json or --prometheus: printed even with --prometheus-file
  std::string prometheus_file;
  std::vector<std::string> inputs;
  live_options live;
  bool verbose = false;
};

// --plugin: every failure is the monitoring plugin's UNKNOWN (exit 3) with one line on stdout, where
// Nagios and Icinga read it; set before the options are read, so a usage error is UNKNOWN too.
bool plugin_mode = false;

[[noreturn]] void die(std::string_view message) {
  std::fflush(stdout);
  if (plugin_mode) {
    std::printf("%s\n", plugin_unknown(std::string(message)).line.c_str());
    std::exit(static_cast<int>(plugin_status::unknown));
  }
  std::fprintf(stderr, "rb-ctrl: %.*s\n", static_cast<int>(message.size()), message.data());
  std::exit(1);
}

constexpr std::string_view usage =
    "Usage: rb-ctrl [--json | --prometheus | --plugin] [--prometheus-file=FILE] [FILE|-]...\n"
    "       rb-ctrl [--json | --prometheus | --plugin] [--prometheus-file=FILE] [--path=DIRS] [--mdstat=FILE]\n"
    "               [--timeout=SECONDS] [-v]\n"
    "Reads MegaCLI, StorCLI/PercCLI, ssacli/hpacucli, arcconf, mdadm --detail and /proc/mdstat output\n"
    "from the files given ('-' for stdin; regular files of at most 64 MiB); dumps of the same tool\n"
    "merge into one inventory. With no file, runs the vendor tools found on the search path (live mode).\n"
    "      --json             the inventory and the verdicts as JSON\n"
    "      --prometheus       metrics for node_exporter's textfile collector\n"
    "      --plugin, --nagios a monitoring plugin (Nagios, Icinga, Sensu, Zabbix): one status line with\n"
    "                         performance data; exit 0 OK, 1 WARNING, 2 CRITICAL (the gravest verdict),\n"
    "                         3 UNKNOWN (nothing read, a tool that timed out, bad input or options)\n"
    "      --prometheus-file=FILE  write the metrics into FILE, replaced whole (a temporary file in its\n"
    "                         directory renamed over it, as the textfile collector needs); nothing is\n"
    "                         printed then unless --json, --prometheus or --plugin asks for it\n"
    "      --path=DIRS        live mode: where to look for the tools (default $PATH, then /opt/MegaRAID/*)\n"
    "      --mdstat=FILE      live mode: the md status file (default /proc/mdstat)\n"
    "      --timeout=SECONDS  live mode: kill a tool (and what it started) that has not ended after\n"
    "                         SECONDS (default 120); a tool printing more than 64 MiB is killed too\n"
    "  -v, --verbose          live mode: print each tool found and command run on stderr\n";

options parse(int argc, char** argv) {
  enum { json_option = 1000, prometheus_option, plugin_option, prometheus_file_option, path_option, mdstat_option,
         timeout_option, help_option, version_option };
  static const option long_options[] = {{"json", no_argument, nullptr, json_option},
                                        {"prometheus", no_argument, nullptr, prometheus_option},
                                        {"plugin", no_argument, nullptr, plugin_option},
                                        {"nagios", no_argument, nullptr, plugin_option},
                                        {"prometheus-file", required_argument, nullptr, prometheus_file_option},
                                        {"path", required_argument, nullptr, path_option},
                                        {"mdstat", required_argument, nullptr, mdstat_option},
                                        {"timeout", required_argument, nullptr, timeout_option},
                                        {"verbose", no_argument, nullptr, 'v'},
                                        {"help", no_argument, nullptr, help_option},
                                        {"version", no_argument, nullptr, version_option},
                                        {nullptr, 0, nullptr, 0}};
  options o;
  opterr = 0;  // one line of our own instead of getopt's
  int c;
  while ((c = ::getopt_long(argc, argv, ":v", long_options, nullptr)) != -1) {
    switch (c) {
      case json_option:
      case prometheus_option:
      case plugin_option: {
        const auto f = c == json_option ? output_format::json : c == prometheus_option ? output_format::prometheus : output_format::plugin;
        if (o.format != output_format::summary && o.format != f) die("--json, --prometheus and --plugin exclude each other");
        o.format = f;
        o.format_given = true;
        break;
      }
      case prometheus_file_option:
        if (*optarg == '\0') die("--prometheus-file needs a file name");
        o.prometheus_file = optarg;
        break;
      case path_option: o.live.search_path = optarg; break;
      case mdstat_option:
        if (*optarg == '\0') die("--mdstat needs a file name");
        o.live.mdstat = optarg;
        break;
      case timeout_option: {
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(optarg, &end, 10);
        if (errno != 0 || end == optarg || *end != '\0' || v < 1 || v > 86400)
          die(fmt::format("invalid --timeout '{}': a whole number of seconds from 1 to 86400", optarg));
        o.live.timeout = std::chrono::seconds(v);
        break;
      }
      case 'v': o.verbose = true; break;
      case help_option: raidbench::tools::print_out(usage); std::exit(raidbench::tools::stdout_complete("rb-ctrl") ? 0 : 1);
      case version_option:
        raidbench::tools::print_out("rb-ctrl (raidbench) 0.1.0\n");
        std::exit(raidbench::tools::stdout_complete("rb-ctrl") ? 0 : 1);
      case ':': die(fmt::format("option '{}' needs a value", argv[optind - 1]));
      default: die(fmt::format("unknown option '{}' (try --help)", argv[optind - 1]));
    }
  }
  for (int i = optind; i < argc; ++i) o.inputs.emplace_back(argv[i]);
  return o;
}

// The whole of a file, or of stdin for "-" (core/input_file.hpp); a one-line error when it cannot be read.
std::string read_input(const std::string& name) {
  auto text = raidbench::read_input_file(name, true);
  if (!text) die(text.message());
  return std::move(*text);
}

// Every text into one inventory; in file mode a text nothing reads is fatal, in live mode it is
// reported and skipped (a storcli without a BBU answers "/call/bbu show all" with an error).
inventory read_all(std::vector<captured_output>&& texts, bool live) {
  std::vector<std::string> notes;
  auto inv = collect_inventory(std::move(texts), live ? on_unreadable::skip : on_unreadable::fail, notes);
  for (const auto& n : notes) fmt::print(stderr, "rb-ctrl: {}\n", n);
  if (!inv) die(inv.message());
  return std::move(*inv);
}

std::vector<captured_output> run_live(const options& o, std::vector<std::string>& problems) {
  auto r = raidbench::run_live(o.live);
  if (r.tools.empty())
    die(fmt::format("no RAID tool found (looked for {} in {}) and {} lists no md array", searched_tools(),
                    o.live.search_path, o.live.mdstat.string()));
  if (o.verbose) {
    for (const auto& t : r.tools) fmt::print(stderr, "rb-ctrl: found {}\n", t);
    for (const auto& out : r.outputs) fmt::print(stderr, "rb-ctrl: read {}\n", out.name);
  }
  for (const auto& p : r.problems) fmt::print(stderr, "rb-ctrl: {}\n", p);
  problems = std::move(r.problems);
  return std::move(r.outputs);
}

// A vendor tool that did not answer leaves the state unknown: for a monitoring plugin, UNKNOWN.
const std::string* tool_failed(const std::vector<std::string>& problems) {
  for (const auto& p : problems)
    if (p.find("no answer after") != std::string::npos || p.find("killed by signal") != std::string::npos) return &p;
  return nullptr;
}

int run_tool(int argc, char** argv) {
  const options o = parse(argc, argv);
  if (!o.prometheus_file.empty()) {
    std::vector<raidbench::tools::named_file> inputs;
    for (const auto& name : o.inputs)
      if (name != "-") inputs.push_back({name, name});
    if (o.inputs.empty()) inputs.push_back({"--mdstat=" + o.live.mdstat.string(), o.live.mdstat});
    if (auto distinct = raidbench::tools::check_distinct({{"--prometheus-file=" + o.prometheus_file, o.prometheus_file}}, inputs); !distinct)
      die(distinct.message());
    if (auto writable = raidbench::tools::check_output_file(o.prometheus_file); !writable) die(writable.message());
  }
  const bool live = o.inputs.empty();
  std::vector<captured_output> texts;
  std::vector<std::string> live_problems;
  if (live) {
    texts = run_live(o, live_problems);
  } else {
    for (const auto& name : o.inputs) texts.push_back({name == "-" ? "stdin" : name, read_input(name)});
  }
  const inventory inv = read_all(std::move(texts), live);
  if (inv.controllers.empty() && live) die("the RAID tools found printed nothing raidbench can read");
  // The inventory judged on its own: every controller, array and drive of it is a subject.
  const auto verdicts = judge(facts{nullptr, &inv, {}, {}, {}});
  bool complete = true;
  if (!o.prometheus_file.empty())
    if (auto written = raidbench::tools::write_output_file(o.prometheus_file, format_prometheus(inv, verdicts)); !written) {
      if (plugin_mode) die(written.message());
      std::fprintf(stderr, "rb-ctrl: %s\n", written.message().c_str());
      complete = false;
    }
  if (o.prometheus_file.empty() || o.format_given) switch (o.format) {
      case output_format::summary: raidbench::tools::print_out(format_controller_summary(inv) + format_verdicts(verdicts)); break;
      case output_format::json:
        raidbench::tools::print_out(
            controller_report_json(inv, verdicts).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        break;
      case output_format::prometheus: raidbench::tools::print_out(format_prometheus(inv, verdicts)); break;
      case output_format::plugin: {
        auto out = monitoring_plugin_output(inv, verdicts);
        if (const auto* failed = tool_failed(live_problems); failed && out.status != plugin_status::critical)
          out = plugin_unknown(*failed);
        raidbench::tools::print_out(out.line + "\n");
        return raidbench::tools::stdout_complete("rb-ctrl") ? static_cast<int>(out.status) : static_cast<int>(plugin_status::unknown);
      }
    }
  return raidbench::tools::stdout_complete("rb-ctrl") && complete ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--plugin" || std::string_view(argv[i]) == "--nagios") plugin_mode = true;
  raidbench::tools::ignore_sigpipe();
  bool returned = false;
  const int status = raidbench::tools::last_resort("rb-ctrl", [&] {
    const int s = run_tool(argc, argv);
    returned = true;
    return s;
  });
  // A monitoring plugin that could not judge is UNKNOWN, whatever went wrong.
  return plugin_mode && !returned ? static_cast<int>(plugin_status::unknown) : status;
}
