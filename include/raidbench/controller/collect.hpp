#pragma once
/// Reads several tool outputs (saved dumps, or what live mode captured) into one inventory.
#include <span>
#include <string>
#include <vector>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// What to do with a text no parser recognises: files the user named are an error; in live mode a
/// command that answered with an error (a storcli without a BBU asked for "/call/bbu") is skipped.
enum class on_unreadable { fail, skip };

/// Parses every text and combines them: dumps of one tool merge (AdpAllInfo + PDList + AdpBbuCmd,
/// one `mdadm --detail` per array); dumps of different tools are listed side by side, since they
/// describe different controllers (or the same one twice). `notes` receives one line per parse
/// warning ("warning: NAME:LINE: text") and per skipped text ("skipped NAME: why"). Each text is read
/// by the first parser of `parsers` that recognises it. A text that stops in the middle of a line its
/// parser cannot read was cut short and counts as unreadable.
RAIDBENCH_API expected<inventory> collect_inventory(std::vector<captured_output> texts, on_unreadable unreadable,
                                                    std::vector<std::string>& notes,
                                                    std::span<const parser_entry> parsers = shipped_parsers);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/collect.hpp"
#endif
