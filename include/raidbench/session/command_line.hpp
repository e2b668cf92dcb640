#pragma once
/// The command line of raidbench's own tools (raidbench, raidbench sweep, rb-run, rb-ctrl, rb-compare)
/// and of a user's tool built on them, read by CLI11 (Debian's libcli11-dev) behind this small
/// interface so that its 9,000 lines are compiled once (impl/command_line.hpp), not in every tool:
/// `--name value` and `--name=value`, `--help` and `--version` everywhere; a usage error is one line
/// and exit status 2; every number is plain decimal and bounded (core/decimal.hpp), whatever CLI11
/// itself would accept ("0x10", "1e20", "inf"). The replicas keep their peers' own parsing.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "raidbench/core/linkage.hpp"

namespace raidbench::tools {

/// "raidbench 0.1.0 (optimised, clang 14.0.6)": the version, how this build was optimised and its
/// compiler, for --version and for every JSON report (core/version.hpp).
RAIDBENCH_API std::string build_description();

class command_line {
 public:
  /// `program` is the name errors start with ("rb-run"), `description` the first line of --help.
  RAIDBENCH_API command_line(std::string program, std::string description);
  RAIDBENCH_API ~command_line();
  command_line(const command_line&) = delete;
  command_line& operator=(const command_line&) = delete;

  /// `names` as CLI11 takes them: "--quick", "-v,--verbose"; an option with a value may name the
  /// value for --help after a space ("--time SECONDS"; otherwise N, NUMBER, SIZE, FILE, TEXT…). Given
  /// twice, every value is checked and the last one counts (repeated() keeps them all).
  RAIDBENCH_API void flag(const std::string& names, bool& target, const std::string& help);
  /// A flag that runs `on` when given.
  RAIDBENCH_API void flag(const std::string& names, std::function<void()> on, const std::string& help);
  /// An option with a value, taken as it is; an empty value is an error naming the option.
  RAIDBENCH_API void text(const std::string& names, std::string& target, const std::string& help);
  RAIDBENCH_API void text(const std::string& names, std::optional<std::string>& target, const std::string& help);
  RAIDBENCH_API void path(const std::string& names, std::filesystem::path& target, const std::string& help);
  /// An option that may be repeated, each value kept in order.
  RAIDBENCH_API void repeated(const std::string& names, std::vector<std::string>& target, const std::string& help);
  /// One of `allowed`, exactly.
  RAIDBENCH_API void choice(const std::string& names, std::string& target, std::vector<std::string> allowed, const std::string& help);
  /// A whole decimal number from `min` to `max`.
  RAIDBENCH_API void whole(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help);
  RAIDBENCH_API void whole(const std::string& names, unsigned& target, unsigned min, unsigned max, const std::string& help);
  RAIDBENCH_API void whole(const std::string& names, std::optional<unsigned>& target, unsigned min, unsigned max, const std::string& help);
  /// A decimal number from `min` to `max`.
  RAIDBENCH_API void decimal(const std::string& names, double& target, double min, double max, const std::string& help);
  RAIDBENCH_API void decimal(const std::string& names, std::optional<double>& target, double min, double max, const std::string& help);
  /// A size with an optional unit (4k, 1M, 1GiB, 64MB: core/units.hpp) from `min` to `max` bytes.
  RAIDBENCH_API void size(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help);
  RAIDBENCH_API void size(const std::string& names, std::optional<std::uint64_t>& target, std::uint64_t min, std::uint64_t max,
            const std::string& help);
  /// An option whose value `take` reads; `take` throws std::invalid_argument with the reason to refuse it.
  RAIDBENCH_API void custom(const std::string& names, std::function<void(const std::string&)> take, const std::string& help);
  /// `--name` alone, or `--name=VALUE` attached, never a value in a separate word (that word is the
  /// next argument): the own tools' output convention, `--json` (JSON on stdout) or `--json=FILE`.
  /// `given` says whether it was there, `value` what was attached; an empty attached value is an error.
  RAIDBENCH_API void optional_value(const std::string& name, bool& given, std::optional<std::string>& value, const std::string& help);
  /// Arguments that are not options, in order.
  RAIDBENCH_API void positionals(const std::string& name, std::vector<std::string>& target, const std::string& help);
  /// Options that may not be given together ("--quick and --full exclude each other").
  RAIDBENCH_API void exclusive(const std::vector<std::string>& names);
  /// A text after the options in --help (examples, what the defaults are).
  RAIDBENCH_API void footer(const std::string& text);
  /// The exit status of a usage error (2 by default; a monitoring plugin's UNKNOWN is 3), and how its
  /// one line is printed (default: "<program>: <message>" on stderr).
  RAIDBENCH_API void on_usage_error(int status, std::function<void(const std::string& message)> print = {});

  /// Reads argv; --help and --version print and exit 0; a usage error prints one line and exits.
  RAIDBENCH_API void parse(int argc, char** argv);
  /// A usage error found after parse() (options that do not go together): one line, as parse()'s, and
  /// the usage-error exit status.
  [[noreturn]] RAIDBENCH_API void usage_error(const std::string& message) const;
  /// Whether an option was given on the command line.
  RAIDBENCH_API bool given(const std::string& name) const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace raidbench::tools

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/session/impl/command_line.hpp"
#endif
