#pragma once
// The command lines of raidbench's own tools (rb-run, raidbench, raidbench sweep): "--name value"
// and "--flag", walked one option at a time, and the controller options they share. The replicas
// keep their peers' parsers (dd's operands, sysbench's --name=value, pg_test_fsync's getopt).
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "raidbench/controller/gather.hpp"
#include "raidbench/session/standard_output.hpp"

namespace raidbench::tools {

class option_walker {
 public:
  /// Walks argv[first…]; `die` prints one line and exits (each tool's own, [[noreturn]]); --help
  /// and -h print `usage` and exit 0.
  option_walker(int argc, char** argv, int first, void (*die)(const std::string&), std::string_view usage)
      : argc_(argc), argv_(argv), i_(first - 1), die_(die), usage_(usage) {}

  /// Moves to the next option; false after the last.
  bool next() {
    if (++i_ >= argc_) return false;
    arg_ = argv_[i_];
    if (arg_ == "--help" || arg_ == "-h") {
      print_out(usage_);
      if (stdout_failed()) die_(fmt::format("write error on standard output: {}", std::strerror(stdout_error())));
      std::exit(0);
    }
    return true;
  }
  std::string_view arg() const { return arg_; }
  /// The option's value, the argument after it; "--name needs a value" when there is none.
  std::string_view value() {
    if (i_ + 1 >= argc_) die_(fmt::format("{} needs a value", arg_));
    return argv_[++i_];
  }
  /// --controller-file FILE (repeatable), --no-controller, --controller-owns-target into `asked`:
  /// whether the option was one of them.
  bool controller_option(controller_request& asked) {
    if (arg_ == "--controller-file") asked.files.emplace_back(value());
    else if (arg_ == "--no-controller") asked.live = false;
    else if (arg_ == "--controller-owns-target") asked.owns_target = true;
    else return false;
    return true;
  }

 private:
  int argc_;
  char** argv_;
  int i_;
  void (*die_)(const std::string&);
  std::string_view usage_;
  std::string_view arg_;
};

}  // namespace raidbench::tools
