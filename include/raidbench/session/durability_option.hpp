#pragma once
/// --durability FILE, the one way raidbench, rb-fsync and rb-compare take a power-cut test's result
/// (`rb-durable verify --json=FILE`, docs/durability.md) into their judgement: the file is read and
/// checked when the command line is, so a bad one is one line before anything runs, and the flush
/// rule then says what the test proved, for which device and when.
#include <optional>
#include <stdexcept>
#include <string>

#include "raidbench/durability/proof.hpp"
#include "raidbench/session/command_line.hpp"

namespace raidbench::tools {

/// What --durability's help says, in every tool.
inline constexpr const char* durability_help =
    "the saved result of a power-cut test of the device (rb-durable verify --json=FILE): the flush verdict says what it "
    "proved instead of inferring it from the commit rate";

/// Reads the proof `file` names; throws std::invalid_argument with the one-line reason.
inline durability_proof durability_option_value(const std::string& file, bool asserted = false) {
  auto proof = read_durability_proof(file);
  if (!proof) {
    // The option's error quotes the file first: said once.
    const std::string& m = proof.message();
    throw std::invalid_argument(m.starts_with(file + " ") ? m.substr(file.size() + 1) : m);
  }
  proof->asserted = asserted;
  return std::move(*proof);
}

/// Declares --durability FILE on `cl`, read into `proof`.
inline void add_durability_option(command_line& cl, std::optional<durability_proof>& proof) {
  cl.custom("--durability FILE", [&proof](const std::string& file) { proof = durability_option_value(file); }, durability_help);
}

}  // namespace raidbench::tools
