#pragma once
// A verified run's start (see core/linkage.hpp).
#include <sys/stat.h>

#include <random>

#include <fmt/format.h>

#include "raidbench/core/units.hpp"
#include "raidbench/verify/lineage.hpp"

namespace raidbench::verify {

RAIDBENCH_API expected<lineage> open_lineage(const lineage_request& r) {
  const std::string name = r.journal.string();
  lineage out;
  if (struct stat st {}; ::lstat(name.c_str(), &st) == 0) {
    auto j = journal::open(r.journal);
    if (!j) return j.err();
    const journal_layout& l = j->layout();
    if (l.files != r.files || l.file_size != r.file_size || l.block_size != r.block_size)
      return fail(fmt::format("journal {} is of another file set ({} file(s) of {} in blocks of {}, the first {}); this run's is {} "
                              "file(s) of {} in blocks of {}: give another --journal, or remove it",
                              name, l.files.size(), format_iec(l.file_size), format_iec(l.block_size),
                              l.files.empty() ? std::string("none") : l.files.front(), r.files.size(), format_iec(r.file_size),
                              format_iec(r.block_size)));
    j->set_batch(r.batch);
    out.verified = session_from(std::move(*j), r.cap);
    auto found = check_files(*out.verified, {.after_crash = true, .adopt = true});
    if (!found) return found.err();
    out.found = *found;
    out.resumed = true;
    return out;
  }
  if (r.reads_existing && r.files_exist)
    return fail(fmt::format("--verify: the files hold data no verified run wrote (there is no journal {}), so what their reads "
                            "should find is unknown: remove them, or let a write pattern lay them down with --verify first",
                            name));
  std::random_device entropy;
  std::uint64_t run = 0;
  while (run == 0) run = (std::uint64_t{entropy()} << 32) ^ entropy();
  auto j = journal::create(r.journal, {run, r.block_size, r.file_size, r.data, r.files});
  if (!j) return j.err();
  j->set_batch(r.batch);
  journal_layout layout = j->layout();
  out.verified = std::make_unique<session>(std::move(layout), std::move(*j), r.cap);
  return out;
}

}  // namespace raidbench::verify
