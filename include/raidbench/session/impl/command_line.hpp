#pragma once
// The tools' command line through CLI11, defined (see core/linkage.hpp): included by command_line.hpp
// when header-only, compiled once in raidbench_compiled otherwise (command_line.hpp says why).
#include "raidbench/session/command_line.hpp"

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

RAIDBENCH_API std::string build_description() {
  return fmt::format("raidbench {} ({}, {})", version, build_type(), compiler());
}

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

  impl(std::string name, const std::string& description) : program(std::move(name)), app(description, program) {}

  // An option with a value, each value read by `read` into the target or refused with a reason; a
  // `repeatable` one may be given again (each value read in turn), another once.
  CLI::Option* valued(const std::string& names, const std::string& help, std::function<void(const std::string&)> read,
                      const char* value_name = "TEXT", bool repeatable = false) {
    return app.add_option(names, help)
        ->type_name(value_name)
        ->expected(1)
        ->multi_option_policy(repeatable ? CLI::MultiOptionPolicy::TakeAll : CLI::MultiOptionPolicy::Throw)
        // CLI11 puts the option's name before what each() throws.
        ->each([read = std::move(read)](const std::string& value) {
          if (value.empty()) throw CLI::ValidationError("needs a value, and it is empty");
          try {
            read(value);
          } catch (const std::invalid_argument& e) {
            throw CLI::ValidationError(fmt::format("'{}' {}", value, e.what()));
          }
        });
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
  impl_->app.set_version_flag("--version", build_description());
  impl_->app.set_help_flag("-h,--help", "print this help and exit");
}

RAIDBENCH_API command_line::~command_line() = default;

RAIDBENCH_API void command_line::flag(const std::string& names, bool& target, const std::string& help) { impl_->app.add_flag(names, target, help); }

RAIDBENCH_API void command_line::flag(const std::string& names, std::function<void()> on, const std::string& help) {
  impl_->app.add_flag_callback(names, std::move(on), help);
}

RAIDBENCH_API void command_line::text(const std::string& names, std::string& target, const std::string& help) {
  impl_->valued(names, help, [&target](const std::string& v) { target = v; });
}

RAIDBENCH_API void command_line::text(const std::string& names, std::optional<std::string>& target, const std::string& help) {
  impl_->valued(names, help, [&target](const std::string& v) { target = v; });
}

RAIDBENCH_API void command_line::path(const std::string& names, std::filesystem::path& target, const std::string& help) {
  impl_->valued(names, help, [&target](const std::string& v) { target = v; }, "PATH");
}

RAIDBENCH_API void command_line::repeated(const std::string& names, std::vector<std::string>& target, const std::string& help) {
  impl_->valued(names, help, [&target](const std::string& v) { target.push_back(v); }, "TEXT", true);
}

RAIDBENCH_API void command_line::choice(const std::string& names, std::string& target, std::vector<std::string> allowed, const std::string& help) {
  impl_->valued(names, help, [&target, allowed](const std::string& v) {
    for (const auto& a : allowed)
      if (a == v) {
        target = v;
        return;
      }
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw std::invalid_argument("is not one of " + list);
  }, "NAME");
}

RAIDBENCH_API void command_line::whole(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<std::uint64_t>(v, min, max); }, "N");
}

RAIDBENCH_API void command_line::whole(const std::string& names, unsigned& target, unsigned min, unsigned max, const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<unsigned>(v, min, max); }, "N");
}

RAIDBENCH_API void command_line::whole(const std::string& names, std::optional<unsigned>& target, unsigned min, unsigned max,
                         const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::whole_in<unsigned>(v, min, max); }, "N");
}

RAIDBENCH_API void command_line::decimal(const std::string& names, double& target, double min, double max, const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::decimal_in(v, min, max); }, "X");
}

RAIDBENCH_API void command_line::decimal(const std::string& names, std::optional<double>& target, double min, double max, const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::decimal_in(v, min, max); }, "X");
}

RAIDBENCH_API void command_line::size(const std::string& names, std::uint64_t& target, std::uint64_t min, std::uint64_t max, const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::size_in(v, min, max); }, "SIZE");
}

RAIDBENCH_API void command_line::size(const std::string& names, std::optional<std::uint64_t>& target, std::uint64_t min, std::uint64_t max,
                        const std::string& help) {
  impl_->valued(names, help, [&target, min, max](const std::string& v) { target = detail::command_line_values::size_in(v, min, max); }, "SIZE");
}

RAIDBENCH_API void command_line::custom(const std::string& names, std::function<void(const std::string&)> take, const std::string& help) {
  impl_->valued(names, help, std::move(take), "VALUE", true);
}

RAIDBENCH_API void command_line::optional_value(const std::string& name, bool& given, std::optional<std::string>& value,
                                  const std::string& help) {
  impl_->app.add_flag(name, given, help + " (" + name + "=FILE: attached, never a separate word)");
  impl_->attached.push_back({name, &value});
}

RAIDBENCH_API void command_line::positionals(const std::string& name, std::vector<std::string>& target, const std::string& help) {
  impl_->app.add_option(name, target, help);
}

RAIDBENCH_API void command_line::exclusive(const std::vector<std::string>& names) {
  for (const auto& a : names)
    for (const auto& b : names)
      if (a != b) impl_->app.get_option(a)->excludes(impl_->app.get_option(b));
}

RAIDBENCH_API void command_line::footer(const std::string& text) { impl_->app.footer(text); }

RAIDBENCH_API void command_line::on_usage_error(int status, std::function<void(const std::string&)> print) {
  impl_->usage_status = status;
  impl_->print_usage_error = std::move(print);
}

RAIDBENCH_API void command_line::parse(int argc, char** argv) {
  // "--json=FILE": the flag, and its attached value kept aside; CLI11 never sees a value to take from
  // the next word.
  std::vector<std::string> args;
  for (int i = argc - 1; i >= 1; --i) {
    std::string arg = argv[i];
    for (const auto& a : impl_->attached)
      if (arg.size() > a.name.size() && arg.starts_with(a.name) && arg[a.name.size()] == '=') {
        *a.value = arg.substr(a.name.size() + 1);
        arg = a.name;
        if (a.value->value().empty()) {
          const std::string message = a.name + "= needs a file name";
          if (impl_->print_usage_error) impl_->print_usage_error(message);
          else std::fprintf(stderr, "%s: %s (see --help)\n", impl_->program.c_str(), message.c_str());
          std::exit(impl_->usage_status);
        }
      }
    args.push_back(std::move(arg));  // CLI11 takes them last first
  }
  try {
    impl_->app.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::fputs(impl_->app.help().c_str(), stdout);
    std::exit(std::fflush(stdout) == 0 ? 0 : 1);
  } catch (const CLI::CallForVersion&) {
    std::printf("%s\n", build_description().c_str());
    std::exit(std::fflush(stdout) == 0 ? 0 : 1);
  } catch (const CLI::ParseError& e) {
    std::string message = e.what();
    for (char& c : message)
      if (c == '\n' || c == '\r') c = ' ';
    if (impl_->print_usage_error) impl_->print_usage_error(message);
    else std::fprintf(stderr, "%s: %s (see --help)\n", impl_->program.c_str(), message.c_str());
    std::exit(impl_->usage_status);
  }
}

RAIDBENCH_API bool command_line::given(const std::string& name) const { return impl_->app.count(name) > 0; }

}  // namespace raidbench::tools
