#pragma once
/// The parsers raidbench ships: their tags, the traits base they share and their two functions,
/// declared together because that is cheap. A tool's own header (`controller/megacli.hpp`, …) makes
/// it a parser (its `parser_traits`) and brings its definitions (`controller/impl/<tag>.hpp`), so a
/// header-only user compiles only the parsers it includes, and naming one it did not include is a
/// compile error ("not a controller parser"), not a link error.
#include <string_view>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/parser_traits.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/fixed_name.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// StorCLI / PercCLI: detected by its "Status = Success|Failure" header or its JSON envelope.
struct storcli {};
/// MegaCLI: detected by its adapter, VD, PD, BBU, enclosure or summary headings.
struct megacli {};
/// Reads HP/HPE Smart Array CLI output; one controller per "… in Slot N" header. Detected when a
/// line is a Smart Array header, a physicaldrive/logicaldrive line or an ssacli prompt.
struct ssacli {};
/// Reads `arcconf GETCONFIG` output; each "Controllers found:" starts a new controller. Detected by
/// arcconf's "Controllers found:" banner, or its closing line under one of its headings.
struct arcconf {};
/// Reads `mdadm --detail`; arrays are virtual drives of one controller, devices its physical
/// drives. Detected by a "/dev/mdX:" header followed by mdadm's "Raid Level :" line.
struct mdadm {};
/// Reads /proc/mdstat; arrays are virtual drives of one controller, members its physical drives.
/// Detected when a line starts with "Personalities :" or is an "mdN : active|inactive …" array
/// line.
struct mdstat {};

/// The traits of a shipped parser: its name, and the two functions below for its tag.
template <class Tag, detail::fixed_name Name>
struct shipped_parser {
  static constexpr std::string_view name = Name.view();
  static bool detect(std::string_view text) noexcept { return detect_tool_text(Tag{}, text); }
  static expected<inventory> parse(std::string_view text) { return parse_tool_text(Tag{}, text); }
};

// True when the text is this tool's output (its banner, headings or layout).
RAIDBENCH_API bool detect_tool_text(storcli, std::string_view text) noexcept;
RAIDBENCH_API bool detect_tool_text(megacli, std::string_view text) noexcept;
RAIDBENCH_API bool detect_tool_text(ssacli, std::string_view text) noexcept;
RAIDBENCH_API bool detect_tool_text(arcconf, std::string_view text) noexcept;
RAIDBENCH_API bool detect_tool_text(mdadm, std::string_view text) noexcept;
RAIDBENCH_API bool detect_tool_text(mdstat, std::string_view text) noexcept;

// Reads the text; what cannot be read becomes a warning.
RAIDBENCH_API expected<inventory> parse_tool_text(storcli, std::string_view text);
RAIDBENCH_API expected<inventory> parse_tool_text(megacli, std::string_view text);
RAIDBENCH_API expected<inventory> parse_tool_text(ssacli, std::string_view text);
RAIDBENCH_API expected<inventory> parse_tool_text(arcconf, std::string_view text);
RAIDBENCH_API expected<inventory> parse_tool_text(mdadm, std::string_view text);
RAIDBENCH_API expected<inventory> parse_tool_text(mdstat, std::string_view text);

}  // namespace raidbench
