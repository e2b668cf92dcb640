#pragma once
// The verification options of raidbench and rb-run (docs/verify.md), declared once: --verify,
// --journal, --journal-batch, --verify-payload, --verify-errors.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "raidbench/session/command_line.hpp"
#include "raidbench/verify/stamp.hpp"

namespace raidbench::tools {

struct verify_options {
  bool verify = false;
  std::filesystem::path journal;  ///< empty: the tool's own name beside the files
  std::uint32_t journal_batch = 1;
  verify::payload payload = verify::payload::random;
  std::uint32_t errors = 20;  ///< error messages shown; all are counted
};

/// Declares the options into `v`; `verify_help` says what --verify checks in this tool,
/// `journal_default` where the journal goes without --journal.
inline void add_verify_options(command_line& cl, verify_options& v, const std::string& verify_help,
                               const std::string& journal_default) {
  cl.flag("--verify", v.verify, verify_help);
  cl.path("--journal FILE", v.journal, "the journal of acknowledged writes (default " + journal_default + ")");
  cl.whole("--journal-batch N", v.journal_batch, 1, 1'000'000,
           "acknowledgements per journal commit, 1 to 1000000 (default 1: each flush's writes are durable in the "
           "journal before the run goes on)");
  cl.custom(
      "--verify-payload random|compressible|zero",
      [&v](const std::string& kind) {
        if (kind == "random") v.payload = verify::payload::random;
        else if (kind == "compressible") v.payload = verify::payload::compressible;
        else if (kind == "zero") v.payload = verify::payload::zero;
        else throw std::invalid_argument("is not one of random, compressible, zero");
      },
      "what fills the stamped sectors besides their stamp (default random; compressible is about 2:1)");
  cl.whole("--verify-errors N", v.errors, 0, 1'000'000, "error messages shown, 0 to 1000000 (default 20; all are counted)");
}

}  // namespace raidbench::tools
