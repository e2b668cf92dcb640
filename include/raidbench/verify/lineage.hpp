#pragma once
/// Where a verified run starts from: a new lineage with a new journal, or the lineage the journal
/// beside the files records, checked first (what a crash left is judged, and the run goes on from
/// the generations found).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/verify/check_files.hpp"
#include "raidbench/verify/session.hpp"

namespace raidbench::verify {

struct lineage_request {
  std::filesystem::path journal;
  std::vector<std::string> files;  ///< absolute paths, as the journal records them
  std::uint64_t file_size = 0;
  std::uint64_t block_size = 0;
  payload data = payload::random;
  std::uint32_t batch = 1;      ///< acknowledgements per journal commit
  std::size_t cap = 20;         ///< error messages kept
  bool reads_existing = false;  ///< the run reads data it did not write
  bool files_exist = false;     ///< the files are already there at full size
};

/// A session and, when it goes on from a journal, the check of what was there.
struct lineage {
  std::unique_ptr<session> verified;
  bool resumed = false;
  check_report found;
};

/// Opens the journal at `r.journal` and checks the files against it (refused when it records other
/// files, sizes or blocks), or, with none there, creates one for a new lineage (refused when the
/// run would read files no verified run wrote: nothing says what they should hold).
RAIDBENCH_API expected<lineage> open_lineage(const lineage_request& r);

}  // namespace raidbench::verify

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/verify/impl/lineage.hpp"
#endif
