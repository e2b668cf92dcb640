#pragma once
/// What to say of a text no importer reads, and a second reading for a mail quote: a database
/// benchmark is named as one (raidbench compares storage benchmarks), a known tool's banner in a
/// layout no importer knows is named with the line after it, and "> "-quoted lines are unquoted.
#include <optional>
#include <string>
#include <string_view>

#include "raidbench/text/toolkit.hpp"

namespace raidbench {

/// The quoted lines of a mail or forum post, without their quoting: each line that starts with '>'
/// loses its '>' marks (and the space after each); the lines around the quote ("… wrote:") are left
/// out. nullopt when no line is quoted.
inline std::optional<std::string> unquoted_mail(std::string_view text) {
  std::string out;
  bool quoted = false;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (!line.starts_with('>')) continue;
    quoted = true;
    while (line.starts_with('>')) {
      line.remove_prefix(1);
      if (line.starts_with(' ')) line.remove_prefix(1);
    }
    out.append(line);
    out += '\n';
  }
  if (!quoted) return std::nullopt;
  return out;
}

namespace detail::unknown_output {

// A line as a message quotes it: trimmed, and cut after 120 characters.
inline std::string quoted_line(const text::text_line& line) {
  std::string_view t = text::trim(line.text);
  const bool cut = t.size() > 120;
  return "line " + std::to_string(line.number) + ": '" + std::string(t.substr(0, 120)) + (cut ? "…'" : "'");
}

}  // namespace detail::unknown_output

/// Why no importer reads `text`, when the text says what it is: a database benchmark, or a known
/// tool in a layout no importer reads (naming the tool's line and the line after it); nullopt otherwise.
inline std::optional<std::string> why_not_imported(std::string_view text) {
  using text::icontains;
  if (text.find("SQL statistics:") != std::string_view::npos || text.find("OLTP test statistics") != std::string_view::npos ||
      (text.find("sysbench") != std::string_view::npos && icontains(text, "oltp")))
    return "a sysbench OLTP run: a database benchmark, which raidbench does not import (it reads sysbench fileio and cpu runs)";
  if (text.find("pgbench") != std::string_view::npos && text.find("tps = ") != std::string_view::npos)
    return "a pgbench run: a database benchmark, which raidbench does not import";
  // A tool's own first words, then the first line after them that says something.
  struct banner {
    std::string_view tool, words;
  };
  constexpr banner banners[] = {{"sysbench", "sysbench "}, {"fio", "fio-"}, {"fio", "(groupid="}, {"bonnie++", "Bonnie"},
                                {"bonnie++", "Version  "}, {"pg_test_fsync", "pg_test_fsync"}, {"pg_test_fsync", "per test"},
                                {"dd", " records out"}, {"dd", " records in"}};
  const auto lines = text::split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i)
    for (const auto& b : banners) {
      if (lines[i].text.find(b.words) == std::string::npos) continue;
      std::string out = "looks like " + std::string(b.tool) + "'s output (" + detail::unknown_output::quoted_line(lines[i]) +
                        ") in a layout raidbench does not read";
      for (std::size_t k = i + 1; k < lines.size(); ++k)
        if (!text::trim(lines[k].text).empty()) return out + "; the first line it could not read: " + detail::unknown_output::quoted_line(lines[k]);
      return out + "; nothing follows it";
    }
  return std::nullopt;
}

}  // namespace raidbench
