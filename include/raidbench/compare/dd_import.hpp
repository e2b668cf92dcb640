#pragma once
/// Importer of dd's statistics: GNU coreutils 4–5.2 ("bytes transferred in T seconds"), 5.3–8.x
/// ("bytes (1.1 GB) copied, T s, R MB/s"), 8.24–9.x ("(1.1 GB, 1.0 GiB) copied", status=progress
/// lines), BSD and macOS ("bytes transferred in T secs (R bytes/sec)") and busybox ("copied, T
/// seconds, 174.7MB/s", binary prefixes). Each "records out" line with the statistics line after
/// it is one test, "copy #N" in the order of the text; progress lines and other text are skipped.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench {

/// Tag of the dd importer.
struct dd_output {};

namespace detail::dd_import {

struct records {
  std::uint64_t full = 0, partial = 0;
};

// "52398080+0 records in" → {52398080, 0}; `which` is "in" or "out".
inline std::optional<records> parse_records(std::string_view line, std::string_view which) {
  const auto fields = split_fields(line);
  if (fields.size() != 3 || fields[1] != "records" || fields[2] != which) return std::nullopt;
  const auto plus = fields[0].find('+');
  if (plus == std::string_view::npos) return std::nullopt;
  const auto full = parse_unsigned(fields[0].substr(0, plus));
  const auto partial = parse_unsigned(fields[0].substr(plus + 1));
  if (!full || !partial) return std::nullopt;
  return records{*full, *partial};
}

struct statistics {
  std::uint64_t bytes = 0;
  double seconds = 0;
  std::optional<double> printed_rate;  // bytes per second as printed (rounded)
  std::string flavour;                 // "gnu dd 6+", "bsd dd", …
};

// The rate token of a GNU or busybox line: "221 MB/s", "174.7MB/s", "Infinity B/s".
inline std::optional<double> parse_rate(std::string_view rate, bool binary) {
  rate = trim(rate);
  if (!rate.ends_with("/s")) return std::nullopt;
  rate.remove_suffix(2);
  std::size_t unit_at = rate.size();
  while (unit_at > 0 && (rate[unit_at - 1] < '0' || rate[unit_at - 1] > '9')) --unit_at;
  const auto value = parse_decimal(rate.substr(0, unit_at));
  const auto unit = bytes_per_unit(trim(rate.substr(unit_at)), binary ? 1024 : 1000);
  if (!value || !unit) return std::nullopt;
  return *value * *unit;
}

// One statistics line, in any of the layouts above.
inline std::optional<statistics> parse_statistics(std::string_view line) {
  const auto fields = split_fields(line);
  if (fields.size() < 4 || (fields[1] != "bytes" && fields[1] != "byte")) return std::nullopt;
  const auto bytes = parse_unsigned(fields[0]);
  if (!bytes) return std::nullopt;
  statistics s;
  s.bytes = *bytes;
  // "N bytes transferred in T secs (R bytes/sec)": BSD ("secs") and GNU before 5.3 ("seconds").
  if (fields.size() == 8 && fields[2] == "transferred" && fields[3] == "in" && fields[6].starts_with("(")) {
    const auto seconds = parse_decimal(fields[4]);
    const auto rate = parse_decimal(fields[6].substr(1));
    if (!seconds || !rate || fields[7] != "bytes/sec)") return std::nullopt;
    s.seconds = *seconds;
    s.printed_rate = *rate;
    s.flavour = fields[5] == "secs" ? "bsd dd" : fields[5] == "seconds" ? "gnu dd 4-5.2" : "";
    if (s.flavour.empty()) return std::nullopt;
    return s;
  }
  // "N bytes (1.1 GB, 1.0 GiB) copied, T s, R MB/s" and its older and busybox relatives.
  const auto copied = line.find(" copied, ");
  if (copied == std::string_view::npos) return std::nullopt;
  const std::string_view size_text = trim(line.substr(0, copied));
  const auto after = line.substr(copied + 9);
  const auto comma = after.find(", ");
  if (comma == std::string_view::npos) return std::nullopt;
  const auto time_fields = split_fields(after.substr(0, comma));
  if (time_fields.size() != 2) return std::nullopt;
  const auto seconds = parse_decimal(time_fields[0]);
  if (!seconds) return std::nullopt;
  s.seconds = *seconds;
  // busybox writes "(10.0MB)" and "174.7MB/s" without a space and means binary prefixes.
  const auto open = size_text.find('(');
  const bool busybox = open != std::string_view::npos && size_text.find(' ', open) == std::string_view::npos &&
                       size_text.size() > open + 2 && (size_text[size_text.size() - 2] == 'B');
  if (time_fields[1] == "s") s.flavour = size_text.find(", ") != std::string_view::npos ? "gnu dd 8.24+" : "gnu dd 6-8.23";
  else if (time_fields[1] == "seconds") s.flavour = busybox ? "busybox dd" : "gnu dd 5.3-5.97";
  else return std::nullopt;
  const auto rate_text = after.substr(comma + 2);
  if (rate_text.find("Infinity") == std::string_view::npos) {
    s.printed_rate = parse_rate(rate_text, busybox);
    if (!s.printed_rate) return std::nullopt;
  }
  return s;
}

inline comparable_test make_test(std::size_t number, const records& in, const records& out, const statistics& s) {
  comparable_test t;
  t.name = "copy #" + std::to_string(number);
  t.parameters["records_in"] = std::to_string(in.full) + "+" + std::to_string(in.partial);
  t.parameters["records_out"] = std::to_string(out.full) + "+" + std::to_string(out.partial);
  t.figures.push_back(make_figure("bytes", static_cast<double>(s.bytes), "B", better::neither));
  // The time of a copy compares only with the same bytes: the throughput is the figure to compare.
  t.figures.push_back(make_figure("total_time", s.seconds, "s", better::neither));
  // The exact bytes over the printed time is finer than the rounded rate the tool prints beside it.
  if (s.seconds > 0) t.figures.push_back(make_figure("throughput", static_cast<double>(s.bytes) / s.seconds, "B/s", better::higher));
  else if (s.printed_rate) t.figures.push_back(make_figure("throughput", *s.printed_rate, "B/s", better::higher));
  else t.figures.push_back({"throughput", std::nullopt, "B/s", better::higher, "too fast to time (0 s)"});
  return t;
}

// GNU dd's status=progress rewrites its line with CR: each rewrite becomes a line of its own.
inline std::string lines_from_carriage_returns(std::string_view text) {
  std::string out(text);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i] == '\r' && (i + 1 == out.size() || out[i + 1] != '\n')) out[i] = '\n';
  return out;
}

}  // namespace detail::dd_import

template <>
struct importer_traits<dd_output> {
  static constexpr std::string_view name = "dd";

  static bool detect(std::string_view text) noexcept {
    return detail::recognises_without_throwing([&] {
      const auto lines = text::split_lines(detail::dd_import::lines_from_carriage_returns(text));
      for (std::size_t i = 0; i + 1 < lines.size(); ++i)
        if (detail::dd_import::parse_records(lines[i].text, "out") && detail::dd_import::parse_statistics(lines[i + 1].text))
          return true;
      return false;
    });
  }

  static expected<run_record> parse(std::string_view text) {
    using namespace detail::dd_import;
    run_record r;
    r.tool = "dd";
    const auto lines = text::split_lines(lines_from_carriage_returns(text));
    std::optional<records> in, out;
    bool interrupted_mark = false;
    for (const auto& line : lines) {
      const std::string_view l = line.text;
      if (auto rec = parse_records(l, "in")) { in = rec; out.reset(); continue; }
      if (auto rec = parse_records(l, "out")) { out = rec; continue; }
      if (l == "^C" || l.ends_with("^C")) { interrupted_mark = true; continue; }
      auto stats = out ? parse_statistics(l) : std::nullopt;
      if (!stats) continue;  // progress lines, pv's and time's lines, prompts
      if (!in) in = records{};
      r.tests.push_back(make_test(r.tests.size() + 1, *in, *out, *stats));
      if (r.format.empty()) r.format = stats->flavour;
      else if (r.format != stats->flavour) r.notes.push_back("copy #" + std::to_string(r.tests.size()) + " is in " + stats->flavour + "'s layout");
      if (interrupted_mark) {
        r.tests.back().parameters["interrupted"] = "yes";
        r.interrupted = true;
      }
      in.reset();
      out.reset();
      interrupted_mark = false;
    }
    if (r.tests.empty()) return fail("dd: no statistics line after a 'records out' line");
    return r;
  }
};

}  // namespace raidbench
