#pragma once
/// The skeleton of a line-by-line controller parser, written once for the built-in parsers and
/// yours: the inventory it fills, the number of the line being read (for warnings), whether the
/// text was recognised as the tool's, and the reading loop over text::read_output.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "raidbench/controller/model.hpp"
#include "raidbench/text/toolkit.hpp"
#include "raidbench/core/expected.hpp"

namespace raidbench::text {

/// A key a tool prints whose value is kept as text in a member of `Part` (a controller, a drive…).
template <class Part>
struct text_field {
  std::string_view key;
  std::optional<std::string> Part::*member;
};

/// Keeps `value` in the member that `fields` names for `key` (compared ignoring case; an empty value
/// leaves the member as it was); false when none of `fields` is `key`.
template <class Part, std::size_t N>
bool read_text_field(Part& part, const text_field<Part> (&fields)[N], std::string_view key, std::string_view value) {
  for (const auto& f : fields)
    if (iequals(key, f.key)) {
      if (!value.empty()) part.*f.member = std::string(value);
      return true;
    }
  return false;
}

/// Derive as `class reader : public text::line_reader<reader>` and befriend the base, which calls
/// your hooks: `void read_line(std::string_view)` gets every non-blank line, trimmed; `void
/// blank_line()` the blank ones (a blank line ends a block in several tools) and `void finish()` runs
/// after the last line, both doing nothing unless you write them. A hook the base cannot call (no
/// friend, another signature) is a compile error, not a hook silently skipped. Set `recognised_` on a
/// line that shows the text is the tool's; read() fails without one, so text of another tool is an
/// error, not an empty inventory.
template <class Derived>
class line_reader {
 public:
  /// The inventory read from `text`, its source set to `source`; an error "<source>: <unrecognised>"
  /// when no line was recognised.
  expected<inventory> read(std::string_view text, std::string_view source, std::string_view unrecognised) {
    auto& self = static_cast<Derived&>(*this);
    inv_.source = source;
    read_output(text, inv_.warnings, [&](std::size_t number, std::string_view line) {
      number_ = number;
      if (!line.empty()) self.read_line(line);
      else self.blank_line();
    });
    self.finish();
    if (!recognised_) return fail(std::string(source) + ": " + std::string(unrecognised));
    return std::move(inv_);
  }

 protected:
  void blank_line() {}
  void finish() {}

  /// A warning at the line being read.
  void warn(std::string what) { inv_.warnings.push_back({number_, std::move(what)}); }

  /// `member` takes `parsed`, what was read from `value`; when nothing could be read it keeps what it
  /// had, and a warning says so: "<what> '<value>'" ("unreadable cache size '12 XB'").
  template <class T, class U>
  void keep_or_warn(T& member, const std::optional<U>& parsed, std::string_view what, std::string_view value) {
    if (parsed) member = parsed;
    else warn(std::string(what) + " '" + std::string(value) + "'");
  }

  inventory inv_;
  std::size_t number_ = 0;  ///< 1-based number of the line being read
  bool recognised_ = false;
};

}  // namespace raidbench::text
