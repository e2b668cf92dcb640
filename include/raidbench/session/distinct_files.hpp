#pragma once
// Outputs never replace inputs, nor each other: before the run, every file a tool will write is
// compared with every file it reads and with the other outputs, by device and inode where the file
// exists (a link or another spelling of the same file is caught), by the resolved path otherwise.
#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"

namespace raidbench::tools {

/// A file named on the command line, as the user wrote it with its option ("--report r.json", "of=copy").
struct named_file {
  std::string shown;
  std::filesystem::path path;
};

namespace detail {
struct file_identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string resolved;
};

inline file_identity identity_of(const std::filesystem::path& p) {
  file_identity id;
  std::error_code ec;
  id.resolved = std::filesystem::weakly_canonical(std::filesystem::absolute(p, ec), ec).string();
  struct stat st {};
  if (::stat(p.c_str(), &st) == 0) id = {true, st.st_dev, st.st_ino, id.resolved};
  return id;
}

inline bool same_file(const file_identity& a, const file_identity& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return a.resolved == b.resolved;
}
}  // namespace detail

/// An error naming the first output that is another output or one of `others` (the inputs, and any
/// file the output must not replace); none when all differ.
inline expected<void> check_distinct(const std::vector<named_file>& outputs, const std::vector<named_file>& others) {
  std::vector<detail::file_identity> written, read;
  for (const auto& o : outputs) written.push_back(detail::identity_of(o.path));
  for (const auto& i : others) read.push_back(detail::identity_of(i.path));
  const auto clash = [](const named_file& a, const named_file& b) {
    return fail(fmt::format("{} and {} name the same file: one would replace the other", a.shown, b.shown));
  };
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    for (std::size_t p = 0; p < o; ++p)
      if (detail::same_file(written[o], written[p])) return clash(outputs[p], outputs[o]);
    for (std::size_t i = 0; i < others.size(); ++i)
      if (detail::same_file(written[o], read[i])) return clash(outputs[o], others[i]);
  }
  return {};
}

/// The files `prefix`0 … `prefix`(count - 1) in `dir` a tool writes whose names one of `inputs` has:
/// the outputs check_distinct must compare, without listing every file of a large set.
inline std::vector<named_file> numbered_outputs(const std::filesystem::path& dir, std::string_view prefix, std::uint64_t count,
                                                const std::vector<named_file>& inputs) {
  std::vector<named_file> out;
  for (const auto& i : inputs) {
    const std::string name = i.path.filename().string();
    if (!name.starts_with(prefix) || name.size() == prefix.size() || name.size() > prefix.size() + 19) continue;
    const std::string_view digits = std::string_view(name).substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string_view::npos || std::stoull(std::string(digits)) >= count) continue;
    out.push_back({(dir / name).string(), dir / name});
  }
  return out;
}

}  // namespace raidbench::tools
