#pragma once
// The JSON output of raidbench's own tools, one convention for all (docs/suite.md, "Command lines"):
// `--json` alone prints the JSON on standard output instead of the text; `--json=FILE`, attached and
// never a separate word, writes it into FILE, replaced whole (output_file.hpp), and the text still
// goes to standard output.
#include <optional>
#include <string>

#include "raidbench/session/command_line.hpp"

namespace raidbench::tools {

struct json_output {
  bool given = false;
  std::optional<std::string> file;  ///< --json=FILE

  /// Declares --json on `cl`; `what` is what the JSON holds ("the result").
  void add_to(command_line& cl, const std::string& what) {
    cl.optional_value("--json", given, file,
                      "print " + what + " as JSON on standard output instead of the text; --json=FILE writes it into FILE "
                      "(replaced whole, never half-written) and the text still goes to standard output");
  }
  /// --json alone: the JSON is standard output's, the text is not printed.
  bool to_stdout() const { return given && !file; }
  /// How the output is named in messages ("--json=r.json").
  std::string shown() const { return "--json=" + file.value_or(""); }
};

}  // namespace raidbench::tools
