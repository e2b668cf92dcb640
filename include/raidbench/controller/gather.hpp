#pragma once
/// The controller part of a benchmark report: the inventory from saved dumps the user names
/// (`--controller-file`) or, without any, from the vendor tools found on this machine. What it
/// means is the judgement's (verdict/), not this layer's.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/live.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench {

/// Where the inventory comes from.
struct controller_request {
  std::vector<std::filesystem::path> files;  ///< saved dumps; when empty, live mode (if `live`)
  bool live = true;
  live_options tools;  ///< live mode's search path, mdstat file and timeout
  /// The user asserts that the controllers read hold the device under test (--controller-owns-target):
  /// for a dump of this machine whose PCI address and target ids cannot be matched; reports say the
  /// link was asserted, not observed.
  bool owns_target = false;
};

/// An inventory and what it was read from.
struct controller_snapshot {
  std::string source;  ///< the files, or the tools live mode ran
  inventory inv;
  std::vector<std::string> notes;  ///< parse warnings, skipped outputs, tools that did not answer
};

/// Reads the named dumps (core/input_file.hpp; any unreadable one is an error: the user asked for
/// it), or runs live mode, with the parsers of `parsers` (the shipped ones, or a list with yours:
/// session/pipeline.hpp). nullopt when there are no files and live mode is off, finds no tool, or
/// reads nothing. A signal that stopped live mode is an error whose errnum is EINTR (the signal
/// itself has gone to the caller's handler, core/child_process.hpp).
RAIDBENCH_API expected<std::optional<controller_snapshot>> gather_controller(const controller_request& request,
                                                                             std::span<const parser_entry> parsers = shipped_parsers);

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/gather.hpp"
#endif
