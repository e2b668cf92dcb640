#pragma once
/// Importer of fio's results: its JSON (--output-format=json and json+, fio 2.x with "clat" in usec
/// and "bw" in KiB/s, fio 3.x with "clat_ns" and "bw_bytes"; "jobs" or a client/server run's
/// "client_stats"), and its normal text output (fio 2.x "read : io=…, bw=…KB/s, iops=…, runt=…msec",
/// fio 2.18+ and 3.x "read: IOPS=24.5k, BW=95.7MiB/s (100MB/s)(957MiB/10001msec)", "clat (usec):",
/// "clat percentiles (usec):"). Text before or after the JSON (fio's warnings, "fio: terminating on
/// signal 2", the normal output of --output-format=json,normal) is allowed.
///
/// Tests are "<jobname>/<read|write|trim|mixed>" for every direction that moved data, " #2", " #3"
/// for later jobs of the same name, with ops_per_second, throughput (B/s), total_time (the
/// direction's runtime) and, where fio measured them, latency_mean, latency_p50, latency_p95 and
/// latency_p99 of the completion latency (clat), in seconds.
#include <array>
#include <cmath>
#include <cstddef>
#include <exception>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench {

/// Tag of the fio importer.
struct fio_output {};

namespace detail::fio_import {

inline constexpr std::array<std::string_view, 4> directions{"read", "write", "trim", "mixed"};

// What one direction of one job measured, in base units.
struct measured {
  std::optional<double> iops, bytes_per_second, seconds, mean, p50, p95, p99;
};

// The parameters the output gives for a job; "bs" holds one size per direction (read, write, trim).
struct job_parameters {
  std::map<std::string, std::string> common{};
  std::array<std::optional<std::string>, 3> bs{};
};

// "fio-3.33" → "3.33"; "fio-3.26-19-ge7e53" → "3.26-19-ge7e53".
inline std::optional<std::string> version_of(std::string_view s) {
  s = trim(s);
  if (s.starts_with("fio-") || s.starts_with("fio ")) s.remove_prefix(4);
  if (s.empty() || s.front() < '0' || s.front() > '9' || s.size() > 40) return std::nullopt;
  return std::string(s);
}

// A count with fio's decimal suffix: "24.5k", "1234", "1.2M" (IOPS are never binary).
inline std::optional<double> decimal_count(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  double factor = 1;
  if (const auto f = prefix_factor(s.back(), 1000)) {
    factor = *f;
    s.remove_suffix(1);
  }
  const auto v = parse_decimal(s);
  if (!v) return std::nullopt;
  return *v * factor;
}

// Bytes in a size or (without "/s") rate as fio prints it: "957MiB", "1967.4MB", "104857KB",
// "512 B", "638kB", "1.2Gbit". A unit with "i" is binary; other prefixes are powers of `base`
// (1024 in fio 2.x's "KB/s" line, 1000 in fio 3.x's, which writes "KiB" when it means 1024).
inline std::optional<double> fio_bytes(std::string_view s, double base) {
  std::string compact;
  for (char c : s)
    if (c != ' ') compact += c;
  std::string_view t = compact;
  std::size_t n = 0;
  while (n < t.size() && ((t[n] >= '0' && t[n] <= '9') || t[n] == '.')) ++n;
  const auto v = parse_decimal(t.substr(0, n));
  std::string_view unit = t.substr(n);
  if (!v) return std::nullopt;
  double factor = 1;
  if (unit.ends_with("bit")) unit.remove_suffix(3), factor = 1.0 / 8;
  else if (unit.ends_with("B") || unit.ends_with("b")) unit.remove_suffix(1);
  else if (!unit.empty()) return std::nullopt;
  if (unit.size() == 2 && unit[1] == 'i') {
    const auto f = prefix_factor(unit[0], 1024);
    if (!f) return std::nullopt;
    factor *= *f;
  } else if (unit.size() == 1) {
    // fio 2.17+ prints SI prefixes in lower case ("kB"): decimal whatever the line.
    const auto f = prefix_factor(unit[0], unit[0] == 'k' ? 1000 : base);
    if (!f) return std::nullopt;
    factor *= *f;
  } else if (!unit.empty()) {
    return std::nullopt;
  }
  return *v * factor;
}

// "95.7MiB/s", "67147KB/s", "623KiB/s" → bytes per second.
inline std::optional<double> fio_rate(std::string_view s, double base) {
  s = trim(s);
  if (!s.ends_with("/s")) return std::nullopt;
  return fio_bytes(s.substr(0, s.size() - 2), base);
}

// "10001msec", "30003msec", "5s" → seconds.
inline std::optional<double> fio_time(std::string_view s) {
  s = trim(s);
  std::size_t n = 0;
  while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || s[n] == '.')) ++n;
  const auto v = parse_decimal(s.substr(0, n));
  const auto unit = seconds_per_unit(trim(s.substr(n)));
  if (!v || !unit) return std::nullopt;
  return *v * *unit;
}

// A block size in bytes when it is one plain size ("4k", "4096", "4KiB", "4096B", "64.0KiB"); the text
// as given otherwise ("4k,64k", "4k:8k", "12.1KiB", which fio rounded). `base` is what a prefix
// without "i" means.
inline std::string block_size(std::string_view s, double base) {
  s = trim(s);
  std::size_t n = 0;
  while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || s[n] == '.')) ++n;
  const auto number = n <= 16 ? parse_decimal(s.substr(0, n)) : std::nullopt;
  std::string_view unit = s.substr(n);
  if (unit.ends_with("B") || unit.ends_with("b")) unit.remove_suffix(1);
  double factor = 1;
  if (unit.size() == 2 && (unit[1] == 'i' || unit[1] == 'I')) {
    const auto f = prefix_factor(unit[0], 1024);
    factor = f ? *f : 0;
  } else if (unit.size() == 1) {
    const auto f = prefix_factor(unit[0], base);
    factor = f ? *f : 0;
  } else if (!unit.empty()) {
    factor = 0;
  }
  if (!number || factor <= 0) return std::string(s);
  const double bytes = *number * factor;
  if (!(bytes < 9e15) || std::fabs(bytes - std::round(bytes)) > 1e-6) return std::string(s);
  return std::to_string(static_cast<unsigned long long>(std::llround(bytes)));
}

// "4096B-4096B" → "4096" (in `base` for a prefix without "i"); "4k-16k" stays a range, as printed.
inline std::string block_range(std::string_view range, double base) {
  range = trim(range);
  const auto dash = range.find('-');
  if (dash != std::string_view::npos && trim(range.substr(0, dash)) == trim(range.substr(dash + 1)))
    return block_size(range.substr(0, dash), base);
  return std::string(range);
}

// The figures of one test, in a fixed order.
inline comparable_test make_test(std::string name, std::map<std::string, std::string> parameters, const measured& m) {
  comparable_test t;
  t.name = std::move(name);
  t.parameters = std::move(parameters);
  if (m.iops) t.figures.push_back(make_figure("ops_per_second", *m.iops, "ops/s", better::higher));
  if (m.bytes_per_second) t.figures.push_back(make_figure("throughput", *m.bytes_per_second, "B/s", better::higher));
  if (m.seconds) t.figures.push_back(make_figure("total_time", *m.seconds, "s", better::lower));
  if (m.mean) t.figures.push_back(make_figure("latency_mean", *m.mean, "s", better::lower));
  if (m.p50) t.figures.push_back(make_figure("latency_p50", *m.p50, "s", better::lower));
  if (m.p95) t.figures.push_back(make_figure("latency_p95", *m.p95, "s", better::lower));
  if (m.p99) t.figures.push_back(make_figure("latency_p99", *m.p99, "s", better::lower));
  return t;
}

// Records a percentile (key "50.000000" or "50.00") when it is one of the three kept.
inline void keep_percentile(measured& m, std::string_view key, double seconds) {
  const auto p = parse_decimal(key);
  if (!p) return;
  if (std::fabs(*p - 50) < 1e-6) m.p50 = seconds;
  else if (std::fabs(*p - 95) < 1e-6) m.p95 = seconds;
  else if (std::fabs(*p - 99) < 1e-6) m.p99 = seconds;
}

inline std::map<std::string, std::string> parameters_for(const job_parameters& p, std::size_t direction) {
  auto out = p.common;
  if (direction < 3 && p.bs[direction]) out["bs"] = *p.bs[direction];
  else if (direction == 3 && p.bs[0] && p.bs[0] == p.bs[1]) out["bs"] = *p.bs[0];  // mixed: one size for both
  return out;
}

// ---- JSON ----

using json = nlohmann::json;

inline const json* member(const json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

inline std::optional<double> number(const json* j) {
  if (!j || !j->is_number()) return std::nullopt;
  const double d = j->get<double>();
  if (!std::isfinite(d) || d < 0) return std::nullopt;
  return d;
}

// An option's value: fio writes strings; a number is kept as printed.
inline std::optional<std::string> option_text(const json* j) {
  if (!j) return std::nullopt;
  if (j->is_string()) return j->get<std::string>();
  if (j->is_number_integer() || j->is_number_unsigned()) return j->dump();
  return std::nullopt;
}

// The text's first JSON object: from a '{' that opens a line to its matching brace, strings and
// escapes respected. Errors are one line; nesting deeper than fio's output is refused up front.
struct json_span {
  std::size_t begin = 0, end = 0;
};

inline std::optional<json_span> find_json(std::string_view text, std::string& error) {
  std::size_t begin = std::string_view::npos;
  for (std::size_t i = 0, line_start = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      line_start = i + 1;
      continue;
    }
    if (text[i] != '{') continue;
    const auto before = trim(text.substr(line_start, i - line_start));
    if (before.empty() || (line_start == 0 && before == "\xEF\xBB\xBF")) {  // a UTF-8 BOM may open the file
      begin = i;
      break;
    }
  }
  if (begin == std::string_view::npos) return std::nullopt;
  std::size_t depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') {
      if (++depth > 64) {
        error = "fio: the JSON nests deeper than fio's output does";
        return std::nullopt;
      }
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return json_span{begin, i + 1};
    }
  }
  error = "fio: the JSON is cut short (its closing brace is missing)";
  return std::nullopt;
}

// An exception's message as one printable line.
inline std::string one_line(std::string_view what) {
  std::string out;
  for (char c : what.substr(0, 200)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  return out;
}

inline void read_options(const json* options, job_parameters& p) {
  if (!options || !options->is_object()) return;
  static constexpr std::array<std::array<const char*, 2>, 7> keys{{{"rw", "rw"},
                                                                   {"readwrite", "rw"},
                                                                   {"iodepth", "iodepth"},
                                                                   {"ioengine", "ioengine"},
                                                                   {"numjobs", "numjobs"},
                                                                   {"direct", "direct"},
                                                                   {"buffered", ""}}};
  for (const auto& [key, as] : keys) {
    const auto v = option_text(member(*options, key));
    if (!v) continue;
    if (std::string_view(as).empty()) {
      // buffered=0 is direct=1 said the other way round.
      if (!p.common.count("direct") && (*v == "0" || *v == "1")) p.common["direct"] = *v == "0" ? "1" : "0";
    } else {
      p.common[as] = *v;
    }
  }
  const double base = option_text(member(*options, "kb_base")).value_or("") == "1000" ? 1000 : 1024;
  for (const char* key : {"bs", "blocksize"}) {
    const auto v = option_text(member(*options, key));
    if (!v) continue;
    // Read, write and trim sizes; a last value not ended by a comma also applies to the directions
    // after it ("8k,32k": 32k for trims too), an empty one means fio's default, which it does not print.
    std::vector<std::string_view> per;
    std::string_view rest = *v;
    while (true) {
      const auto comma = rest.find(',');
      per.push_back(trim(rest.substr(0, comma)));
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
    if (per.size() > 3) continue;
    for (std::size_t d = 0; d < 3; ++d) {
      const std::string_view s = d < per.size() ? per[d] : per.back();
      if (!s.empty()) p.bs[d] = block_size(s, base);
      else p.bs[d].reset();
    }
  }
}

inline std::optional<measured> read_direction(const json& d) {
  const double io_bytes = number(member(d, "io_bytes")).value_or(0);
  const double io_kbytes = number(member(d, "io_kbytes")).value_or(0);
  const double total_ios = number(member(d, "total_ios")).value_or(0);
  if (io_bytes <= 0 && io_kbytes <= 0 && total_ios <= 0) return std::nullopt;
  measured m;
  m.iops = number(member(d, "iops"));
  if (const auto b = number(member(d, "bw_bytes"))) m.bytes_per_second = b;
  else if (const auto kib = number(member(d, "bw"))) m.bytes_per_second = *kib * 1024;
  if (const auto ms = number(member(d, "runtime")); ms && *ms > 0) m.seconds = *ms / 1000;
  // fio 3.x: clat_ns in nanoseconds; fio 2.x: clat in microseconds. Zero means no samples.
  double unit = 1e-9;
  const json* clat = member(d, "clat_ns");
  if (!clat) clat = member(d, "clat"), unit = 1e-6;
  if (clat && clat->is_object()) {
    const auto samples = number(member(*clat, "N"));
    if (const auto mean = number(member(*clat, "mean")); mean && *mean > 0 && (!samples || *samples > 0)) m.mean = *mean * unit;
    if (const json* pct = member(*clat, "percentile"); pct && pct->is_object())
      for (const auto& [key, value] : pct->items())
        if (const auto v = number(&value); v && *v > 0) keep_percentile(m, key, *v * unit);
  }
  return m;
}

inline bool read_json(const json& root, run_record& r, std::string& error) {
  const json* jobs = member(root, "jobs");
  if (!jobs || !jobs->is_array()) jobs = member(root, "client_stats");
  if (!jobs || !jobs->is_array()) {
    error = "fio: the JSON has no \"jobs\" list: not fio's output";
    return false;
  }
  if (const auto v = option_text(member(root, "fio version"))) r.version = version_of(*v);
  job_parameters global;
  read_options(member(root, "global options"), global);
  std::map<std::string, std::size_t> seen;
  bool bins = false;
  for (const auto& job : *jobs) {
    const auto name = option_text(member(job, "jobname"));
    if (!name) {
      r.notes.push_back("a job without a \"jobname\" is not read");
      continue;
    }
    job_parameters p = global;
    read_options(member(job, "job options"), p);
    if (const auto err = number(member(job, "error")); err && *err != 0)
      r.notes.push_back("job " + *name + " ended with error " + member(job, "error")->dump());
    for (std::size_t d = 0; d < directions.size(); ++d) {
      const json* dir = member(job, std::string(directions[d]).c_str());
      if (!dir || !dir->is_object()) continue;
      const auto m = read_direction(*dir);
      if (!m) continue;
      if (const json* clat = member(*dir, "clat_ns"); clat && member(*clat, "bins")) bins = true;
      auto t = make_test(unique_name(seen, *name + "/" + std::string(directions[d])), parameters_for(p, d), *m);
      if (t.figures.empty()) r.notes.push_back(t.name + ": no figure fio's JSON gives could be read");
      else r.tests.push_back(std::move(t));
    }
  }
  r.format = bins ? "fio json+" : "fio json";
  return true;
}

// ---- normal text output ----

// The value of `key=` in a fio line, up to the next ',' (or `stop`), without spaces.
inline std::optional<std::string_view> value_after(std::string_view line, std::string_view key) {
  std::size_t at = 0;
  while ((at = line.find(key, at)) != std::string_view::npos) {
    if (at == 0 || line[at - 1] == ' ' || line[at - 1] == ',' || line[at - 1] == '(') break;
    at += key.size();
  }
  if (at == std::string_view::npos) return std::nullopt;
  auto rest = line.substr(at + key.size());
  return trim(rest.substr(0, rest.find(',')));
}

// "job1: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio,
// iodepth=32" (fio 2.18+), "job1: (g=0): rw=read, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=32".
inline job_parameters header_parameters(std::string_view rest) {
  job_parameters p;
  if (const auto rw = value_after(rest, "rw=")) p.common["rw"] = std::string(*rw);
  if (const auto e = value_after(rest, "ioengine=")) p.common["ioengine"] = std::string(*e);
  if (const auto q = value_after(rest, "iodepth=")) p.common["iodepth"] = std::string(*q);
  if (const auto bs_at = rest.find("bs="); bs_at != std::string_view::npos) {
    const auto bs = rest.substr(bs_at + 3);
    if (bs.starts_with("(R)")) {
      static constexpr std::array<std::string_view, 3> marks{"(R)", "(W)", "(T)"};
      for (std::size_t d = 0; d < 3; ++d) {
        const auto at = bs.find(marks[d]);
        if (at == std::string_view::npos) continue;
        const auto range = bs.substr(at + 3);
        p.bs[d] = block_range(range.substr(0, range.find(',')), 1000);
      }
    } else {
      std::string_view all = trim(bs.substr(0, bs.find(',')));
      for (std::size_t d = 0; d < 3 && !all.empty(); ++d) {
        const auto slash = all.find('/');
        p.bs[d] = block_range(all.substr(0, slash), 1024);
        all = slash == std::string_view::npos ? std::string_view{} : all.substr(slash + 1);
      }
    }
  }
  return p;
}

// A direction line: "read: IOPS=24.5k, BW=95.7MiB/s (100MB/s)(957MiB/10001msec)" (fio 2.18+) or
// "read : io=1024.0MB, bw=104857KB/s, iops=26214 , runt= 10000msec". nullopt for other lines;
// `moved` is false when the line says no data moved.
struct direction_line {
  std::size_t direction = 0;
  measured m{};
  bool moved = true;
};

inline std::optional<direction_line> parse_direction(std::string_view l) {
  const auto colon = l.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto word = trim(l.substr(0, colon));
  std::optional<std::size_t> d;
  for (std::size_t i = 0; i < directions.size(); ++i)
    if (word == directions[i]) d = i;
  if (!d) return std::nullopt;
  const auto rest = trim(l.substr(colon + 1));
  direction_line out;
  out.direction = *d;
  if (rest.starts_with("IOPS=")) {
    const auto iops = rest.substr(5);
    out.m.iops = decimal_count(iops.substr(0, iops.find(',')));
    if (const auto bw = value_after(rest, "BW=")) out.m.bytes_per_second = fio_rate(bw->substr(0, bw->find('(')), 1000);
    // "(957MiB/10001msec)": the data moved and the runtime.
    const auto open = rest.find(")(");
    if (open != std::string_view::npos) {
      auto group = rest.substr(open + 2);
      group = group.substr(0, group.find(')'));
      const auto slash = group.find('/');
      if (slash != std::string_view::npos) {
        if (const auto io = fio_bytes(group.substr(0, slash), 1000); io && *io == 0) out.moved = false;
        out.m.seconds = fio_time(group.substr(slash + 1));
      }
    }
    return out;
  }
  if (rest.starts_with("io=")) {
    if (const auto io = value_after(rest, "io="); io)
      if (const auto bytes = fio_bytes(*io, 1024); bytes && *bytes == 0) out.moved = false;
    if (const auto bw = value_after(rest, "bw=")) out.m.bytes_per_second = fio_rate(*bw, 1024);
    if (const auto iops = value_after(rest, "iops=")) out.m.iops = decimal_count(*iops);
    if (const auto runt = value_after(rest, "runt=")) out.m.seconds = fio_time(*runt);
    if (out.m.seconds && *out.m.seconds <= 0) out.m.seconds.reset();
    return out;
  }
  return std::nullopt;
}

// "(usec)" at the start of `s` → 1e-6.
inline std::optional<double> unit_in_parentheses(std::string_view s) {
  s = trim(s);
  if (!s.starts_with("(")) return std::nullopt;
  const auto close = s.find(')');
  if (close == std::string_view::npos) return std::nullopt;
  return seconds_per_unit(s.substr(1, close - 1));
}

// "|  1.00th=[  302],  5.00th=[  326], …" into the kept percentiles.
inline void read_percentile_row(std::string_view row, double unit, measured& m) {
  std::size_t at = 0;
  while ((at = row.find("th=[", at)) != std::string_view::npos) {
    std::size_t key_begin = row.find_last_of(",|", at);
    key_begin = key_begin == std::string_view::npos ? 0 : key_begin + 1;
    const auto key = trim(row.substr(key_begin, at - key_begin));
    const auto close = row.find(']', at);
    if (close == std::string_view::npos) return;
    if (const auto v = decimal_count(row.substr(at + 4, close - at - 4)); v && *v > 0) keep_percentile(m, key, *v * unit);
    at = close;
  }
}

inline bool read_text(std::string_view text, run_record& r) {
  struct entry {
    std::string job;
    std::size_t direction = 0;
    measured m{};
  };
  std::vector<entry> entries;
  std::map<std::string, job_parameters> headers;
  std::optional<std::string> job;               // the job section being read
  // Plain values, not std::optional: GCC 12 at -O3 takes an optional's payload here for uninitialised.
  constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  std::size_t current = none;                   // its direction being read, an index into entries
  double percentile_unit = 0;                   // inside "clat percentiles (usec):", else 0
  bool any_section = false;
  for (const auto& line : text::split_lines(text)) {
    const std::string_view l = text::trim(line.text);
    if (l.empty()) continue;
    if (l.starts_with("|")) {
      if (percentile_unit > 0 && current != none) read_percentile_row(l, percentile_unit, entries[current].m);
      continue;
    }
    percentile_unit = 0;
    if (l.starts_with("fio: terminating on signal")) {
      r.interrupted = true;
      continue;
    }
    // "fio-3.33"; fio 2.0's release tarballs print the bare "2.0.8" under the job lines.
    if (text::split_fields(l).size() == 1 &&
        (l.starts_with("fio-") || (!headers.empty() && !any_section && l.front() >= '0' && l.front() <= '9' && l.find('.') != std::string_view::npos))) {
      if (auto v = version_of(l)) r.version = std::move(v);
      continue;
    }
    if (const auto g = l.find(": (g="); g != std::string_view::npos && g > 0) {
      const auto close = l.find("):", g);
      if (close != std::string_view::npos) headers.emplace(std::string(l.substr(0, g)), header_parameters(l.substr(close + 2)));
      continue;
    }
    if (const auto g = l.find(": (groupid="); g != std::string_view::npos && g > 0) {
      job = std::string(l.substr(0, g));
      current = none;
      any_section = true;
      if (const auto err = value_after(l, "err="); err && !err->empty() && !err->starts_with("0"))
        r.notes.push_back("job " + *job + " ended with error " + std::string(err->substr(0, err->find(' '))));
      continue;
    }
    if (l.starts_with("Run status group") || l.starts_with("Disk stats")) {
      job.reset();
      current = none;
      continue;
    }
    if (!job) continue;
    if (auto d = parse_direction(l)) {
      current = none;
      if (!d->moved) continue;
      entries.push_back({*job, d->direction, d->m});
      current = entries.size() - 1;
      continue;
    }
    if (current == none) continue;
    if (l.starts_with("clat (")) {
      const auto unit = unit_in_parentheses(l.substr(5));
      const auto avg = value_after(l, "avg=");
      const auto mean = avg ? parse_decimal(*avg) : std::nullopt;
      if (unit && mean && *mean > 0) entries[current].m.mean = *mean * *unit;
      continue;
    }
    if (l.starts_with("clat percentiles (")) {
      percentile_unit = unit_in_parentheses(l.substr(17)).value_or(0);
      continue;
    }
    // "lat (usec)   : 250=0.04%": the job's latency spread, printed after its directions.
    if (l.starts_with("lat (") && l.find('%') != std::string_view::npos) current = none;
    else if (l.starts_with("cpu ") || l.starts_with("IO depths")) current = none;
  }
  std::map<std::string, std::size_t> seen;
  for (const auto& e : entries) {
    const auto h = headers.find(e.job);
    const job_parameters p = h == headers.end() ? job_parameters{} : h->second;
    auto t = make_test(unique_name(seen, e.job + "/" + std::string(directions[e.direction])), parameters_for(p, e.direction), e.m);
    if (t.figures.empty()) r.notes.push_back(t.name + ": no figure on its line could be read");
    else r.tests.push_back(std::move(t));
  }
  r.format = "fio normal";
  return any_section;
}

inline bool looks_like_json(std::string_view text) {
  return text.find("\"fio version\"") != std::string_view::npos ||
         (text.find("\"jobname\"") != std::string_view::npos && text.find("\"jobs\"") != std::string_view::npos);
}

inline bool looks_like_text(std::string_view text) {
  return text.find(": (groupid=") != std::string_view::npos &&
         (text.find("IOPS=") != std::string_view::npos || text.find("iops=") != std::string_view::npos);
}

}  // namespace detail::fio_import

template <>
struct importer_traits<fio_output> {
  static constexpr std::string_view name = "fio";

  static bool detect(std::string_view text) noexcept {
    return detail::fio_import::looks_like_json(text) || detail::fio_import::looks_like_text(text);
  }

  static expected<run_record> parse(std::string_view text) {
    using namespace detail::fio_import;
    run_record r;
    r.tool = "fio";
    std::string json_error;
    if (const auto span = find_json(text, json_error)) {
      try {
        const auto root = json::parse(text.substr(span->begin, span->end - span->begin));
        if (read_json(root, r, json_error)) {
          if (text.find("fio: terminating on signal") != std::string_view::npos) r.interrupted = true;
          if (looks_like_text(text.substr(0, span->begin)) || looks_like_text(text.substr(span->end)))
            r.notes.push_back("the normal output beside the JSON is not read");
          if (r.tests.empty()) return fail("fio: no job in the JSON moved any data");
          return r;
        }
      } catch (const std::exception& e) {
        json_error = "fio: the JSON does not parse: " + one_line(e.what());
      }
      r = run_record{};
      r.tool = "fio";
    }
    if (read_text(text, r)) {
      if (!json_error.empty()) r.notes.push_back(json_error);
      if (r.tests.empty()) return fail("fio: no job section with a read, write or trim line that moved data");
      return r;
    }
    if (!json_error.empty()) return fail(json_error);
    return fail("fio: neither fio's JSON nor a job section ('name: (groupid=0, jobs=1): err= 0') in the text");
  }
};

}  // namespace raidbench
