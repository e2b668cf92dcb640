// rb-durable: does an acknowledged flush survive a power cut? Three roles on two machines
// (docs/durability.md): `serve` on the one whose power stays on, `write` on the machine under test
// until its power is cut, `verify` there after the reboot.
#include <signal.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../common/json_output.hpp"
#include "raidbench/core/units.hpp"
#include "raidbench/durability/machine.hpp"
#include "raidbench/durability/protocol.hpp"
#include "raidbench/durability/report.hpp"
#include "raidbench/durability/result_json.hpp"
#include "raidbench/durability/server.hpp"
#include "raidbench/durability/verifier.hpp"
#include "raidbench/durability/writer.hpp"
#include "raidbench/session/command_line.hpp"
#include "raidbench/session/last_resort.hpp"
#include "raidbench/session/output_file.hpp"
#include "raidbench/session/standard_output.hpp"

namespace {

using namespace raidbench;
using namespace raidbench::durability;

std::atomic<bool> stop{false};

/// SIGINT and SIGTERM end the role cleanly: the server stops accepting, the writer after its write.
void on_stop_signal(int) { stop.store(true); }

void install_stop_signals() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;  // no SA_RESTART: a poll or a read returns to look at `stop`
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
  tools::ignore_sigpipe();
}

/// One line on stderr, "rb-durable ROLE: …". A stderr that is gone (a closed terminal, a pipe whose
/// reader left) costs the line only: the writer goes on until the power is cut, the server serves.
void say(std::string_view role, std::string_view line) {
  std::fprintf(stderr, "rb-durable %.*s: %.*s\n", static_cast<int>(role.size()), role.data(), static_cast<int>(line.size()),
               line.data());
}

[[noreturn]] void die(std::string_view role, std::string_view message) {
  std::fflush(stdout);
  say(role, message);
  std::exit(1);
}

endpoint endpoint_option(const tools::command_line& cl, const std::string& text, const std::string& option) {
  auto e = parse_endpoint(text);
  if (!e) cl.usage_error(option + ": " + e.message());
  return *e;
}

/// --server, --timeout, --retries, --target and --name, the same for write and verify.
struct client_flags {
  std::string server;
  unsigned timeout = 10, retries = 5;
  std::filesystem::path target;
  std::optional<std::string> name;
  void add_to(tools::command_line& cl, const std::string& target_help) {
    cl.text("--server ADDR:PORT", server, "the rb-durable server (on a machine whose power is not cut)");
    cl.path("--target FILE|DEVICE", target, target_help);
    cl.text("--name NAME", name,
            "the run's name on the server (default HOST:ABSOLUTE-PATH); verify asks for the name the writer had");
    cl.whole("--timeout SECONDS", timeout, 1, 3600, "how long to wait for the server to connect or answer (default 10)");
    cl.whole("--retries N", retries, 0, 1000,
             "reconnections tried after a network error, with a growing pause, before giving up (default 5)");
  }
  client_options options(const tools::command_line& cl) const {
    if (server.empty()) cl.usage_error("--server is required");
    if (target.empty()) cl.usage_error("--target is required");
    return {endpoint_option(cl, server, "--server"), std::chrono::seconds(timeout), retries};
  }
  /// --name, or the default the writer and the verify agree on.
  std::string run_name(const tools::command_line& cl) const {
    std::string n = name.value_or(default_run_name(target));
    if (!valid_name(n)) cl.usage_error(fmt::format("--name must be 1 to {} printable characters", max_name));
    return n;
  }
};

int serve_main(int argc, char** argv) {
  tools::command_line cl("rb-durable serve", "Records the writes the machines under test report as durable.");
  std::string listen;
  std::filesystem::path record;
  unsigned idle = 300, max_clients = 128;
  cl.text("--listen ADDR:PORT", listen, "where to listen (0.0.0.0:7770; port 0 picks a free one, printed on stdout)");
  cl.path("--record DIR", record, "the directory of the record (created if missing); keep it on a disk that keeps its flushes");
  cl.whole("--idle-timeout SECONDS", idle, 1, 86400, "drop a client silent this long (default 300)");
  cl.whole("--max-clients N", max_clients, 1, 4096, "clients served at once (default 128)");
  cl.parse(argc, argv);
  if (listen.empty()) cl.usage_error("--listen is required");
  if (record.empty()) cl.usage_error("--record is required");
  install_stop_signals();
  const serve_options o{endpoint_option(cl, listen, "--listen"), record, std::chrono::seconds(idle), max_clients};
  auto served = serve(
      o, stop,
      [&](const endpoint& bound) {
        tools::print_out(fmt::format("rb-durable serve: listening on {}, recording in {}\n", bound.shown(),
                                     (record / record_file_name).string()));
      },
      [](const std::string& line) { say("serve", line); });
  if (!served) die("serve", served.message());
  return tools::stdout_complete("rb-durable serve") ? 0 : 1;
}

std::string tally(const write_progress& p) {
  std::string by;
  for (const auto m : all_flush_methods)
    if (const auto n = p.by_method[static_cast<std::size_t>(m)])
      by += fmt::format("{}{} {}", by.empty() ? "" : ", ", name_of(m), n);
  return fmt::format("{} write{} acknowledged{}{}", p.acknowledged, p.acknowledged == 1 ? "" : "s",
                     by.empty() ? "" : " (" + by + ")",
                     p.reconnections ? fmt::format(", {} reconnection{}", p.reconnections, p.reconnections == 1 ? "" : "s") : "");
}

int write_main(int argc, char** argv) {
  tools::command_line cl("rb-durable write", "Writes stamped blocks, flushes each, and reports it to the server.");
  client_flags client;
  client.add_to(cl, "what to write: a file (created if missing) or, with --allow-device, a block device");
  write_options o;
  std::vector<std::string> methods;
  cl.repeated("--method METHOD", methods,
              "how each write is made durable: fsync, fdatasync, dsync (O_DSYNC), sync (O_SYNC) or direct-fdatasync "
              "(O_DIRECT + fdatasync); repeatable, the methods take turns (default fsync)");
  cl.size("--block-size SIZE", o.block_size, 512, 1u << 20, "bytes per write, a multiple of 512 (default 4k)");
  cl.size("--size SIZE", o.size, 512, std::uint64_t{1} << 50, "bytes of the target the writes go to (default 64M)");
  cl.whole("--writes N", o.writes, 0, std::uint64_t{1} << 40, "stop after N acknowledged writes (default 0: until the power is cut)");
  cl.flag("--allow-device", o.allow_device, "write to a block device (never one in use); its data is overwritten");
  cl.parse(argc, argv);
  o.server = client.options(cl);
  o.target = client.target;
  if (o.block_size % 512 != 0) cl.usage_error("--block-size must be a multiple of 512");
  if (o.size < o.block_size) cl.usage_error("--size must hold at least one block");
  if (!methods.empty()) o.methods.clear();
  for (const auto& m : methods) {
    const auto method = flush_method_named(m);
    if (!method) cl.usage_error(fmt::format("--method: '{}' is none of fsync, fdatasync, dsync, sync, direct-fdatasync", m));
    o.methods.push_back(*method);
  }
  o.name = client.run_name(cl);
  install_stop_signals();
  bool begun = false;
  auto done = write_until_cut(o, stop, [&](const write_progress& p) {
    if (!begun) {
      begun = true;
      std::string list;
      for (const auto m : o.methods) list += (list.empty() ? "" : ", ") + std::string(name_of(m));
      say("write", fmt::format("run {} as {} on {} ({}), flushing with {}; a write counts once {} has recorded it",
                               run_text(p.run), o.name, o.target.string(), p.device, list, o.server.server.shown()));
      say("write", "cut the power now (any time from here on), then run rb-durable verify after the reboot");
      return;
    }
    say("write", tally(p) + "; cut the power now");
  });
  if (!done) die("write", done.message());
  say("write", tally(*done) + (stop.load() ? "; stopped by a signal, no power cut" : "; the --writes asked for are done, no power cut"));
  return 0;
}

int verify_main(int argc, char** argv) {
  tools::command_line cl("rb-durable verify", "Reads the target back and checks every acknowledged write against the server.");
  client_flags client;
  client.add_to(cl, "what the writer wrote");
  verify_options o;
  tools::json_output json;
  json.add_to(cl, "the result");
  cl.footer("Exit status: 0 no acknowledged write lost, 3 some lost, 1 the check could not be made, 2 a usage error.");
  cl.parse(argc, argv);
  o.server = client.options(cl);
  o.target = client.target;
  o.name = client.run_name(cl);
  tools::ignore_sigpipe();
  if (json.file)
    if (auto writable = tools::check_output_file(*json.file); !writable) die("verify", json.shown() + ": " + writable.message());
  auto result = verify_target(o);
  if (!result) die("verify", result.message());
  const std::string j = nlohmann::json(*result).dump(2) + "\n";
  if (json.file)
    if (auto written = tools::write_output_file(*json.file, j); !written) die("verify", json.shown() + ": " + written.message());
  tools::print_out(json.to_stdout() ? j : format_result(*result));
  if (!tools::stdout_complete("rb-durable verify")) return 1;
  return result->lost_writes() > 0 || result->totals.lost > 0 ? 3 : 0;
}

int run(int argc, char** argv) {
  const std::string_view role = argc > 1 ? argv[1] : "";
  if (role == "serve") return serve_main(argc - 1, argv + 1);
  if (role == "write") return write_main(argc - 1, argv + 1);
  if (role == "verify") return verify_main(argc - 1, argv + 1);
  if (role == "--help" || role == "-h" || role == "--version") {
    raidbench::tools::ignore_sigpipe();
    raidbench::tools::print_out(
        role == "--version"
            ? fmt::format("rb-durable {}\n", raidbench::tools::build_description())
            : "Usage: rb-durable serve|write|verify [OPTIONS]  (rb-durable ROLE --help for each role's options)\n"
              "  serve   on a machine whose power stays on: records every write reported durable\n"
              "  write   on the machine under test: writes, flushes, reports; cut its power while it runs\n"
              "  verify  on the machine under test after the reboot: finds acknowledged writes that were lost\n");
    return raidbench::tools::stdout_complete("rb-durable") ? 0 : 1;
  }
  std::fprintf(stderr, "rb-durable: %s; the first argument is serve, write or verify (rb-durable --help)\n",
               role.empty() ? "no role given" : fmt::format("unknown role '{}'", role).c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  return raidbench::tools::last_resort("rb-durable", [&] { return run(argc, argv); });
}
