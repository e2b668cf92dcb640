#pragma once
// The tools' command line through CLI11, defined (see core/linkage.hpp): included by command_line.hpp
// when header-only, compiled once in raidbench_compiled otherwise (command_line.hpp says why).
#include "raidbench/session/command_line.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "raidbench/core/decimal.hpp"
#include "raidbench/core/version.hpp"
#include "raidbench/core/units.hpp"

namespace raidbench::tools {

RAIDBENCH_API std::string build_description() { return fmt::format("raidbench {} ({}, {})", version, build_type(), compiler()); }

struct command_line::impl {
  std::string program;
  CLI::App app;
  int usage_status = 2;
  struct attached_only {
    std::string name;
    std::optional<std::string>* value;
  };
  std::vector<attached_only> attached;  // optional_value options: "--name=VALUE" taken apart before CLI11 reads argv
  std::function<void(const std::string&)> print_usage_error;
  std::vector<std::vector<std::string>> exclusive;  // checked after parsing: CLI11's own check crowds --help

  impl(std::string name, const std::string& description) : program(std::move(name)), app(description, program) {}

  // The option's long name, for messages ("--time").
  static std::string name_of(const std::string& names) {
    const auto comma = names.rfind(',');
    return comma == std::string::npos ? names : names.substr(comma + 1);
  }

  // `text` in lines of at most `width` characters, broken between words: CLI11 prints a description
  // as it is given, and indents the lines after a newline under the first.
  static std::string wrapped(const std::string& text, std::size_t width = 70) {
    std::string out;
    std::size_t line = 0;
    std::size_t at = 0;
    while (at < text.size()) {
      if (text[at] == '\n') {
        out += '\n', line = 0, ++at;
        continue;
      }
      const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
      const std::string word = text.substr(at, end - at);
      if (line > 0 && line + 1 + word.size() > width) out += '\n', line = 0;
      else if (line > 0) out += ' ', ++line;
      out += word;
      line += word.size();
      at = end < text.size() && text[end] == ' ' ? end + 1 : end;
    }
    return out;
  }

  // An option whose single value `read` turns into the target, or refuses with a reason; `names` may
  // end in the value's name for --help ("--time SECONDS"), `value_name` otherwise. Each occurrence is
  // read as it is parsed, so a repeated option keeps every value and a single one the last.
  CLI::Option* valued(const std::string& names, const std::string& help, std::string value_name,
                      std::function<void(const std::string&)> read) {
    const auto space = names.find(' ');
    if (space != std::string::npos) value_name = names.substr(space + 1);
    const std::string options = names.substr(0, space);
    const std::string name = name_of(options);
    return app
        .add_option_function<std::string>(
            options,
            [name, read = std::move(read)](const std::string& value) {
              if (value.empty()) throw CLI::ValidationError(name, "needs a value, and it is empty");
              try {
                read(value);
              } catch (const std::invalid_argument& e) {
                throw CLI::ValidationError(name, fmt::format("'{}' {}", value, e.what()));
              }
            },
            wrapped(help))
        ->type_name(value_name)
        ->expected(1)
        ->trigger_on_parse();
  }

  [[noreturn]] void usage_error(const std::string& message) const {
    std::fflush(stdout);
    if (print_usage_error) print_usage_error(message);
    else std::fprintf(stderr, "%s: %s (see --help)\n", program.c_str(), message.c_str());
    std::exit(usage_status);
  }
};

namespace detail::command_line_values {

template <class Unsigned>
Unsigned whole_in(const std::string& text, std::uint64_t min, std::uint64_t max) {
  const auto v = parse_plain_whole(text);
  if (!v || *v < min || *v > max) throw std::invalid_argument(fmt::format("is not a whole number from {} to {}", min, max));
  return static_cast<Unsigned>(*v);
}

inline double decimal_in(const std::string& text, double min, double max) {
  const auto v = parse_plain_decimal(text);
  if (!v || *v < min || *v > max) throw std::invalid_argument(fmt::format("is not a decimal number from {:g} to {:g}", min, max));
  return *v;
}

inline std::uint64_t size_in(const std::string& text, std::uint64_t min, std::uint64_t max) {
  const auto v = parse_size(text);
  if (!v) throw std::invalid_argument(fmt::format("is not a size ({})", v.message()));
  if (*v < min || *v > max)
    throw std::invalid_argument(fmt::format("is not a size from {} to {}", format_iec(min), format_iec(max)));
  return *v;
}

}  // namespace detail::command_line_values

RAIDBENCH_API command_line::command_line(std::string program, std::string description)
    : impl_(std::make_unique<impl>(std::move(program), description)) {
  impl_->app.set_version_flag("--version", build_description(), "print the version, build type and compiler and exit");
  impl_->app.set_help_flag("-h,--help", "print this help and exit");
}

RAIDBENCH_API command_line::~command_line() = default;

RAIDBENCH_API void command_line::flag(const std::string& names, bool& target, const std::string& help) {
  impl_->app.add_flag(names, target, impl::wrapped(help));
}

RAIDBENCH_API void command_line::flag(const std::string& names, std::function<void()> on, const std::string& help) {
  impl_->app.add_flag_callback(names, std::move(on), impl::wrapped(help));
}

RAIDBENCH_API void command_line::text(const std::string& names, std::string& target, const std::string& help) {
  impl_->valued(names, help, "TEXT", [&target](const std::string& v) { target = v; });
}

RAIDBENCH_API void command_line::text(const std::string& names, std::optional<std::string>& target, const std::string& help) {
  impl_->valued(names, help, "TEXT", [&target](const std::string& v) { target = v; });
}

RAIDBENCH_API void command_line::path(const std::string& names, std::filesystem::path& target, const std::string& help) {
  impl_->valued(names, help, "FILE", [&target](const std::string& v) { target = v; });
}

RAIDBENCH_API void command_line::repeated(const std::string& names, std::vector<std::string>& target, const std::string& help) {
  impl_->valued(names, help, "TEXT", [&target](const std::string& v) { target.push_back(v); });
}

RAIDBENCH_API void command_line::choice(const std::string& names, std::string& target, std::vector<std::string> allowed, const std::string& help) {
  std::string values;
  for (const auto& a : allowed) values += (values.empty() ? "" : "|") + a;
  impl_->valued(names, help, values, [&target, allowed](const std::string& v) {
    for (const auto& a : allowed)
      if (a == v) {
        target = v;
        return;
      }
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw std::invalid_argument("is not one of " + list);
  });
}

RAIDBENCH_API void command_line::whole(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help) {
  impl_->valued(names, help, "N", [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<std::uint64_t>(v, min, max); });
}

RAIDBENCH_API void command_line::whole(const std::string& names, unsigned& target, unsigned min, unsigned max, const std::string& help) {
  impl_->valued(names, help, "N", [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<unsigned>(v, min, max); });
}

RAIDBENCH_API void command_line::whole(const std::string& names, std::optional<unsigned>& target, unsigned min, unsigned max,
                         const std::string& help) {
  impl_->valued(names, help, "N", [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<unsigned>(v, min, max); });
}

RAIDBENCH_API void command_line::decimal(const std::string& names, double& target, double min, double max, const std::string& help) {
  impl_->valued(names, help, "NUMBER", [&target, min, max](const std::string& v) { target = detail::command_line_values::decimal_in(v, min, max); });
}

RAIDBENCH_API void command_line::decimal(const std::string& names, std::optional<double>& target, double min, double max, const std::string& help) {
  impl_->valued(names, help, "NUMBER", [&target, min, max](const std::string& v) { target = detail::command_line_values::decimal_in(v, min, max); });
}

RAIDBENCH_API void command_line::size(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help) {
  impl_->valued(names, help, "SIZE", [&target, min, max](const std::string& v) { target = detail::command_line_values::size_in(v, min, max); });
}

RAIDBENCH_API void command_line::size(const std::string& names, std::optional<std::uint64_t>& target, std::uint64_t min, std::uint64_t max,
                        const std::string& help) {
  impl_->valued(names, help, "SIZE", [&target, min, max](const std::string& v) { target = detail::command_line_values::size_in(v, min, max); });
}

RAIDBENCH_API void command_line::custom(const std::string& names, std::function<void(const std::string&)> take, const std::string& help) {
  impl_->valued(names, help, "VALUE", std::move(take));
}

RAIDBENCH_API void command_line::optional_value(const std::string& name, bool& given, std::optional<std::string>& value,
                                  const std::string& help) {
  impl_->app.add_flag(name, given, impl::wrapped(help + " (" + name + "=FILE: attached, never a separate word)"));
  impl_->attached.push_back({name, &value});
}

RAIDBENCH_API void command_line::positionals(const std::string& name, std::vector<std::string>& target, const std::string& help) {
  impl_->app.add_option(name, target, impl::wrapped(help));
}

RAIDBENCH_API void command_line::exclusive(const std::vector<std::string>& names) { impl_->exclusive.push_back(names); }

RAIDBENCH_API void command_line::footer(const std::string& text) { impl_->app.footer(text); }

RAIDBENCH_API void command_line::on_usage_error(int status, std::function<void(const std::string&)> print) {
  impl_->usage_status = status;
  impl_->print_usage_error = std::move(print);
}

RAIDBENCH_API void command_line::parse(int argc, char** argv) {
  // "--json=FILE": the flag, and its attached value kept aside; CLI11 never sees a value to take from
  // the next word.
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    for (const auto& a : impl_->attached)
      if (arg.size() > a.name.size() && arg.starts_with(a.name) && arg[a.name.size()] == '=') {
        *a.value = arg.substr(a.name.size() + 1);
        arg = a.name;
        if (a.value->value().empty()) impl_->usage_error(a.name + "= needs a file name");
      }
    args.push_back(std::move(arg));
  }
  try {
    impl_->app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them last first
  } catch (const CLI::CallForHelp&) {
    std::fputs(impl_->app.help().c_str(), stdout);
    std::exit(std::fflush(stdout) == 0 ? 0 : 1);
  } catch (const CLI::CallForVersion&) {
    std::printf("%s\n", build_description().c_str());
    std::exit(std::fflush(stdout) == 0 ? 0 : 1);
  } catch (const CLI::ExtrasError&) {
    // The first word no option took; after a bare --json, the file meant for it.
    const auto extras = impl_->app.remaining();
    const std::string word = extras.empty() ? std::string() : extras.front();
    std::string message = fmt::format("{} '{}'", word.starts_with('-') ? "unknown option" : "unexpected argument", word);
    for (std::size_t i = 1; i < args.size(); ++i)
      for (const auto& a : impl_->attached)
        if (args[i] == word && args[i - 1] == a.name && !a.value->has_value())
          message += fmt::format(" ({} takes its file attached: {}={})", a.name, a.name, word);
    impl_->usage_error(message);
  } catch (const CLI::ParseError& e) {
    std::string message = e.what();
    for (char& c : message)
      if (c == '\n' || c == '\r') c = ' ';
    // CLI11's "--time: 1 required SECONDS missing", said plainly.
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && message.ends_with(" missing") && message.find(':') != std::string::npos)
      message = message.substr(0, message.find(':')) + " needs a value";
    impl_->usage_error(message);
  }
  for (const auto& names : impl_->exclusive) {
    std::vector<std::string> given;
    for (const auto& n : names)
      if (impl_->app.count(n) > 0) given.push_back(n);
    if (given.size() > 1) impl_->usage_error(fmt::format("{} and {} exclude each other", given[0], given[1]));
  }
}

[[noreturn]] RAIDBENCH_API void command_line::usage_error(const std::string& message) const { impl_->usage_error(message); }

RAIDBENCH_API bool command_line::given(const std::string& name) const { return impl_->app.count(name) > 0; }

}  // namespace raidbench::tools
