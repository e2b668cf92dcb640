#pragma once
/// --durability FILE, the one way raidbench, rb-fsync and rb-compare take a power-cut test's result
/// (`rb-durable verify --json=FILE`, docs/durability.md) into their judgement: declared alike, read
/// and checked as every input file is, before anything runs, and the flush rule then says what the
/// test proved, for which device and when.
#include <optional>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/durability/proof.hpp"
#include "raidbench/session/command_line.hpp"

namespace raidbench::tools {

/// What --durability's help says, in every tool.
inline constexpr const char* durability_help =
    "the saved result of a power-cut test of the device (rb-durable verify --json=FILE): the flush verdict says what it "
    "proved instead of inferring it from the commit rate";

/// Declares --durability FILE on `cl`; read_durability_option reads it once the options are parsed.
inline void add_durability_option(command_line& cl, std::optional<std::string>& file) {
  cl.text("--durability FILE", file, durability_help);
}

/// The power-cut test `file` names (nothing without one), `asserted` to be of the device judged when
/// no device can be matched; an error "--durability: why" (the file named) otherwise.
inline expected<std::optional<durability_proof>> read_durability_option(const std::optional<std::string>& file,
                                                                         bool asserted = false) {
  if (!file) return std::optional<durability_proof>();
  auto proof = read_durability_proof(*file);
  if (!proof) return fail("--durability: " + proof.message());
  proof->asserted = asserted;
  return std::optional<durability_proof>(std::move(*proof));
}

}  // namespace raidbench::tools
