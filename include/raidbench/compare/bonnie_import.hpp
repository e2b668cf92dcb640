#pragma once
/// Importer of bonnie++'s report: the human tables of 1.03 (one Version line, "Machine Size K/sec %CP"),
/// 1.9x ("Concurrency" line, a Version line per table, "Latency" rows) and 2.0x ("Name:Size etc",
/// "/sec" columns whose byte rates carry a k/m/g suffix), bon_csv2txt's tables, and the CSV lines
/// of 1.03 ("machine,size,putc,…", 27 fields), 1.96/1.97 ("1.97,1.97,machine,…", 48 fields) and
/// 1.98/2.0x ("1.98,2.00a,machine,…", 50 fields: seek count and seeker processes after the chunk size).
///
/// Tests: seq_output_char, seq_output_block, seq_output_rewrite, seq_input_char, seq_input_block,
/// random_seeks, seq_create, seq_read, seq_delete, random_create, random_read, random_delete, each
/// with throughput (B/s; bonnie++'s K is 1024) or ops_per_second, cpu_percent and, from 1.9x on,
/// latency. "+++++" and "+++" (the test ran too fast to time) give a figure without a value; a
/// blank cell or empty CSV field (the test did not run) gives none. A run's table keeps the plain
/// names and its CSV line's tests get "csv:"; later runs get " #2", " #3".
#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench {

/// Tag of the bonnie++ importer.
struct bonnie_output {};

namespace detail::bonnie_import {

inline constexpr std::array<std::string_view, 6> io_tests{"seq_output_char", "seq_output_block", "seq_output_rewrite",
                                                          "seq_input_char",  "seq_input_block",  "random_seeks"};
inline constexpr std::array<std::string_view, 6> file_tests{"seq_create",    "seq_read",    "seq_delete",
                                                            "random_create", "random_read", "random_delete"};

// One test's cells as printed; nullopt where bonnie++ left the cell blank (the test did not run).
struct cell {
  std::optional<std::string> rate, cpu, latency;
};

// Half of a run, from a table row or a CSV line: its six I/O tests or its six file tests.
struct part {
  bool files = false;
  std::map<std::string, std::string> parameters{};
  std::array<cell, 6> cells{};
  std::array<double, 6> rate_unit{1024, 1024, 1024, 1024, 1024, 1024};  // bytes per unsuffixed byte rate; 0: none
  std::optional<std::string> version{};
  bool suffix_layout = false;  // a 2.0x "/sec" table, whose byte rates carry their own suffix
  bool converted = false;      // a table bon_csv2txt made from a CSV line
};

// "1.97", "2.00a", "1.03e" → 197, 200, 103; nullopt for anything else.
inline std::optional<int> version_number(std::string_view v) {
  const auto dot = v.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 2 || v.size() < dot + 3) return std::nullopt;
  const auto major = parse_unsigned(v.substr(0, dot));
  const auto minor = parse_unsigned(v.substr(dot + 1, 2));
  if (!major || !minor) return std::nullopt;
  for (char c : v.substr(dot + 3))
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.')) return std::nullopt;
  return static_cast<int>(*major * 100 + *minor);
}

inline bool too_fast(std::string_view s) { return !s.empty() && s.find_first_not_of('+') == std::string_view::npos; }

// "540k", "50.6m", "1.1g": a number and one of bonnie++'s binary suffixes.
inline std::optional<double> suffixed_rate(std::string_view s) {
  if (s.size() < 2) return std::nullopt;
  const char last = to_lower(s.back());
  if (last != 'k' && last != 'm' && last != 'g' && last != 't') return std::nullopt;
  const auto v = parse_decimal(s.substr(0, s.size() - 1));
  const auto f = prefix_factor(last, 1024);
  if (!v || !f) return std::nullopt;
  return *v * *f;
}

// A cell a table row may hold: a number, a suffixed rate or a "+" mark.
inline bool value_like(std::string_view s) { return too_fast(s) || parse_decimal(s) || suffixed_rate(s); }

// "21103us", "801ms", "3s" → seconds.
inline std::optional<double> latency_seconds(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && ((s[n] >= '0' && s[n] <= '9') || s[n] == '.')) ++n;
  const auto v = parse_decimal(s.substr(0, n));
  const auto unit = seconds_per_unit(s.substr(n));
  if (!v || !unit) return std::nullopt;
  return *v * *unit;
}

// A size as bonnie++ prints it: "2G", "7423M", "300M", "16G:4k", "64G:4k::65536".
inline bool size_like(std::string_view s) {
  const auto colon = s.find(':');
  const auto head = s.substr(0, colon);
  return head.size() >= 2 && (head.back() == 'M' || head.back() == 'G' || head.back() == 'K') &&
         parse_unsigned(head.substr(0, head.size() - 1)).has_value();
}

// The size field of an I/O row or CSV line, "size[:chunk[:concurrency[:seeks[:seekers]]]]" (2.0x
// leaves out the defaults; its bon_csv2txt writes "size:chunk:seeks:seekers"), into parameters.
inline void read_size_field(std::string_view field, std::map<std::string, std::string>& p, bool csv2txt = false) {
  static constexpr std::array<std::string_view, 5> bonnie{"size", "chunk_size", "concurrency", "seeks", "seek_processes"};
  static constexpr std::array<std::string_view, 5> converted{"size", "chunk_size", "seeks", "seek_processes", ""};
  const auto& keys = csv2txt ? converted : bonnie;
  std::size_t k = 0;
  while (k < keys.size()) {
    const auto colon = field.find(':');
    const auto piece = trim(field.substr(0, colon));
    if (!piece.empty() && !keys[k].empty()) p[std::string(keys[k])] = std::string(piece);
    ++k;
    if (colon == std::string_view::npos) break;
    field = field.substr(colon + 1);
  }
}

// ---- the human tables ----

struct token {
  std::string_view text;
  std::size_t begin = 0, end = 0;
};

inline std::vector<token> tokens_of(std::string_view line) {
  std::vector<token> out;
  for (const auto f : split_fields(line)) {
    const auto begin = static_cast<std::size_t>(f.data() - line.data());
    out.push_back({f, begin, begin + f.size()});
  }
  return out;
}

// A table's column header ("Machine        Size K/sec %CP …", "Name:Size etc        /sec %CP …",
// "              files  /sec %CP …"): where its twelve columns end, and the unit of its byte rates.
struct header {
  bool files = false;
  std::array<std::size_t, 12> ends{};
  std::array<double, 6> rate_unit{};
};

inline std::optional<header> parse_header(std::string_view line) {
  const auto toks = tokens_of(line);
  std::size_t first = 0;
  while (first < toks.size() && toks[first].text != "%CP" && !toks[first].text.ends_with("/sec")) ++first;
  if (first == 0 || toks.size() != first + 12) return std::nullopt;
  header h;
  for (std::size_t j = 0; j < first; ++j)
    if (toks[j].text.starts_with("files")) h.files = true;
  for (std::size_t j = 0; j < 12; ++j) {
    const auto t = toks[first + j].text;
    if (j % 2 == 1 ? t != "%CP" : !t.ends_with("/sec")) return std::nullopt;
    h.ends[j] = toks[first + j].end;
    if (j % 2 == 1) continue;
    const auto prefix = t.substr(0, t.size() - 4);
    if (prefix.empty()) h.rate_unit[j / 2] = 0;
    else if (prefix.size() == 1 && prefix_factor(prefix[0], 1024)) h.rate_unit[j / 2] = *prefix_factor(prefix[0], 1024);
    else return std::nullopt;
  }
  return h;
}

// Whether a cell printed as `s` can stand in column j (odd: %CP, printed " %3d" or " +++").
inline bool fits_column(std::string_view s, std::size_t j) {
  if (j % 2 == 1) return s.size() <= 4 && (s == "+++" || parse_unsigned(s));
  return s != "+++";
}

struct table_row {
  std::vector<std::string> label;  // machine and size, or files
  std::array<std::optional<std::string>, 12> columns{};
  std::array<std::optional<std::string>, 6> latency{};
  bool has_latency = false;
};

// The cells of a data row. Blank cells (tests not run) are told by where the others stand, as
// bonnie++ right-aligns each under its header; a number too wide for its column pushes the rest right.
inline bool read_row(const header& h, const std::vector<token>& toks, table_row& row, std::vector<std::string>& notes,
                     std::string_view line) {
  const std::size_t label_limit = h.ends[0] >= 5 ? h.ends[0] - 5 : 0;
  std::size_t i = 0;
  while (i < toks.size() && (toks[i].end <= label_limit || !value_like(toks[i].text))) row.label.emplace_back(toks[i++].text);
  const std::size_t count = toks.size() - i;
  if (count == 0) return true;
  if (count > 12) {
    notes.push_back(not_read(line) + ": more cells than bonnie++'s twelve");
    return false;
  }
  if (count == 12) {
    for (std::size_t j = 0; j < 12; ++j) row.columns[j] = std::string(toks[i + j].text);
    return true;
  }
  std::size_t next = 0, shift = 0;
  for (; i < toks.size(); ++i) {
    const auto& t = toks[i];
    const std::size_t end = t.end >= shift ? t.end - shift : 0;
    std::optional<std::size_t> best;
    std::size_t best_distance = 0;
    for (std::size_t j = next; j < 12; ++j) {
      if (!fits_column(t.text, j)) continue;
      const std::size_t d = end > h.ends[j] ? end - h.ends[j] : h.ends[j] - end;
      if (!best || d < best_distance) best = j, best_distance = d;
    }
    if (!best) {
      notes.push_back(not_read(line) + ": its cells do not line up with the header");
      row.columns = {};
      return false;
    }
    if (end > h.ends[*best]) shift += end - h.ends[*best];
    row.columns[*best] = std::string(t.text);
    next = *best + 1;
  }
  return true;
}

// "Latency  21103us  801ms …": six cells printed "%9s" after a 17-character label.
inline bool read_latency(const std::vector<token>& toks, table_row& row, std::vector<std::string>& notes, std::string_view line) {
  if (toks.size() > 7) {
    notes.push_back(not_read(line) + ": more than six latencies");
    return false;
  }
  std::array<std::optional<std::string>, 6> cells{};
  if (toks.size() == 7) {
    for (std::size_t k = 0; k < 6; ++k) cells[k] = std::string(toks[k + 1].text);
  } else {
    const std::size_t origin = toks[0].begin;
    std::size_t next = 0;
    for (std::size_t i = 1; i < toks.size(); ++i) {
      const std::size_t end = toks[i].end - origin;
      std::size_t slot = end <= 27 ? 0 : (end - 27 + 5) / 10;
      if (slot < next) slot = next;
      if (slot >= 6) {
        notes.push_back(not_read(line) + ": its cells do not line up with the table");
        return false;
      }
      cells[slot] = std::string(toks[i].text);
      next = slot + 1;
    }
  }
  row.latency = cells;
  row.has_latency = true;
  return true;
}

// A line that ends a table's data rows.
inline bool ends_rows(std::string_view line, const std::vector<token>& toks) {
  return toks.empty() || toks[0].text == "Version" || line.find("Sequential") != std::string_view::npos ||
         line.find("-Per Chr-") != std::string_view::npos || line.find("%CP") != std::string_view::npos ||
         line.find("-Create--") != std::string_view::npos || std::count(line.begin(), line.end(), ',') >= 10;
}

// ---- the CSV line ----

struct csv_line {
  std::optional<part> io, files;
  std::string machine;
  std::optional<std::string> version;
};

inline std::vector<std::string_view> split_commas(std::string_view line) {
  auto cells = split_at(line, ',');
  for (auto& cell : cells) cell = trim(cell);
  return cells;
}

inline bool csv_cell_like(std::string_view s) { return s.empty() || too_fast(s) || parse_decimal(s) || latency_seconds(s); }

// Which CSV layout a line is in: the index of its first rate (7: 1.96/1.97, 9: 1.98+, 2: 1.03) and its
// field count; nullopt for a line that is not a bonnie++ CSV line.
struct csv_layout {
  std::size_t first_rate = 0, fields = 0;
};

inline std::optional<csv_layout> layout_of(const std::vector<std::string_view>& f) {
  if (f.size() >= 20) {
    const auto format = version_number(f[0]);
    if (format && *format >= 196 && version_number(f[1])) {
      const std::size_t b = f.size() == 50 ? 9 : f.size() == 48 ? 7 : *format >= 198 ? 9 : 7;
      for (std::size_t i = b; i < std::min(f.size(), b + 12); ++i)
        if (!csv_cell_like(f[i])) return std::nullopt;
      return csv_layout{b, b + 41};
    }
  }
  // 1.03: machine,size,12 I/O cells,files,12 file cells.
  if (f.size() < 14 || f.size() > 27 || f[0].empty() || (!f[1].empty() && !size_like(f[1]))) return std::nullopt;
  bool any = !f[1].empty();
  for (std::size_t i = 2; i < f.size(); ++i) {
    if (i != 14 && (!csv_cell_like(f[i]) || latency_seconds(f[i]))) return std::nullopt;
    any = any || !f[i].empty();
  }
  if (!any) return std::nullopt;  // a row of empty fields is anybody's CSV
  return csv_layout{2, 27};
}

inline std::optional<csv_line> read_csv(std::string_view line, std::vector<std::string>& notes) {
  auto f = split_commas(trim(line));
  const auto layout = layout_of(f);
  if (!layout) return std::nullopt;
  if (f.size() < layout->fields) {
    // The last field of a cut line may itself be cut: only fields a comma ended are read.
    notes.push_back("a CSV line has " + std::to_string(f.size()) + " of bonnie++'s " + std::to_string(layout->fields) +
                    " fields: it is cut short, its last field is not read");
    f.pop_back();
  } else if (f.size() > layout->fields) {
    notes.push_back("a CSV line has " + std::to_string(f.size()) + " fields, more than bonnie++'s " +
                    std::to_string(layout->fields) + ": the extra ones are not read");
  }
  f.resize(layout->fields);
  const std::size_t b = layout->first_rate;
  csv_line c;
  part io, files;
  files.files = true;
  std::size_t latency_at = 0;
  if (b == 2) {
    c.machine = std::string(f[0]);
    read_size_field(f[1], io.parameters);
    if (!f[14].empty()) files.parameters["files"] = std::string(f[14]);
  } else {
    c.machine = std::string(f[2]);
    c.version = std::string(f[1]);
    if (!f[3].empty()) io.parameters["concurrency"] = files.parameters["concurrency"] = std::string(f[3]);
    if (!f[5].empty()) io.parameters["size"] = std::string(f[5]);
    if (!f[6].empty()) io.parameters["chunk_size"] = std::string(f[6]);
    if (b == 9 && !f[7].empty()) io.parameters["seeks"] = std::string(f[7]);
    if (b == 9 && !f[8].empty()) io.parameters["seek_processes"] = std::string(f[8]);
    // num_files, max_size, min_size, num_dirs, file_chunk_size as the header names them; but bonnie++
    // 1.96-2.00a print an empty field where num_dirs belongs and the directory count in the chunk
    // size's place ("2,4096,1024,,4" for -n 2:4096:1024:4), and never the chunk size. Both fields
    // filled would be the layout the header promises.
    const bool shifted = f[b + 15].empty();
    const std::string_view dirs = shifted ? f[b + 16] : f[b + 15];
    if (!f[b + 12].empty()) {
      // "2:4096:1024/4", as the table prints it.
      std::string n(f[b + 12]);
      if (!f[b + 13].empty()) n += ":" + std::string(f[b + 13]);
      if (!f[b + 14].empty()) n += ":" + std::string(f[b + 14]);
      if (!dirs.empty()) n += "/" + std::string(dirs);
      files.parameters["files"] = n;
    }
    if (!shifted && !f[b + 16].empty()) files.parameters["chunk_size"] = std::string(f[b + 16]);
    latency_at = b + 29;
  }
  if (!c.machine.empty()) io.parameters["machine"] = files.parameters["machine"] = c.machine;
  io.version = files.version = c.version;
  const std::size_t files_at = b == 2 ? 15 : b + 17;
  bool io_ran = false, files_ran = false;
  auto optional_field = [&](std::size_t i) -> std::optional<std::string> {
    if (i >= f.size() || f[i].empty()) return std::nullopt;
    return std::string(f[i]);
  };
  for (std::size_t k = 0; k < 6; ++k) {
    io.cells[k] = {optional_field(b + 2 * k), optional_field(b + 2 * k + 1), latency_at ? optional_field(latency_at + k) : std::nullopt};
    files.cells[k] = {optional_field(files_at + 2 * k), optional_field(files_at + 2 * k + 1),
                      latency_at ? optional_field(latency_at + 6 + k) : std::nullopt};
    io_ran = io_ran || io.cells[k].rate || io.cells[k].cpu || io.cells[k].latency;
    files_ran = files_ran || files.cells[k].rate || files.cells[k].cpu || files.cells[k].latency;
  }
  if (io_ran) c.io = std::move(io);
  if (files_ran) c.files = std::move(files);
  return c;
}

// ---- runs ----

struct bonnie_run {
  std::optional<part> table_io, table_files, csv_io, csv_files;
  std::string table_machine, csv_machine;
  bool csv_seen = false;
  bool has_table() const { return table_io || table_files; }
};

inline bool same_machine(std::string_view table, std::string_view csv) {
  return table.empty() || csv.empty() || csv.starts_with(table) || table.starts_with(csv);
}

inline void add_tests(const part& p, const std::string& prefix, const std::string& suffix, bool rates_not_measured,
                      run_record& r) {
  const auto& names = p.files ? file_tests : io_tests;
  for (std::size_t k = 0; k < 6; ++k) {
    const cell& c = p.cells[k];
    comparable_test t;
    t.name = prefix + std::string(names[k]) + suffix;
    t.parameters = p.parameters;
    const bool ops = p.files || k == 5;
    const std::string metric = ops ? "ops_per_second" : "throughput";
    const std::string unit = ops ? "ops/s" : "B/s";
    if (c.rate) {
      const std::string& s = *c.rate;
      std::optional<double> v;
      // bonnie++ marks %CP "+++" exactly when it marks the rate "+++++"; bon_csv2txt 2.0x turns that
      // rate into "0k".
      const bool zero = parse_decimal(s) == 0.0 || suffixed_rate(s) == 0.0;
      if (too_fast(s)) {
        t.figures.push_back({metric, std::nullopt, unit, better::higher, "too fast to measure (" + s + ")"});
      } else if (zero && c.cpu && too_fast(*c.cpu)) {
        t.figures.push_back({metric, std::nullopt, unit, better::higher,
                             "too fast to measure (+++ in %CP; the rate is printed as " + s + ")"});
      } else if (ops && rates_not_measured && parse_decimal(s)) {
        t.figures.push_back({metric, std::nullopt, unit, better::higher,
                             "not a rate: bonnie++ 2.0x's table prints a wrong number here (" + s + "); its CSV line has the rate"});
      } else {
        // Plain numbers are in the column's unit (K/sec); 2.0x's "/sec" columns put the unit on the number.
        if (ops) v = parse_decimal(s);
        else if (const auto n = parse_decimal(s)) v = p.rate_unit[k] > 0 ? std::optional<double>(*n * p.rate_unit[k]) : std::nullopt;
        else v = suffixed_rate(s);
        if (v) t.figures.push_back(make_figure(metric, *v, unit, better::higher));
        else r.notes.push_back(t.name + ": rate '" + s + "' not read");
      }
    }
    if (c.cpu) {
      const std::string& s = *c.cpu;
      if (too_fast(s)) t.figures.push_back({"cpu_percent", std::nullopt, "%", better::lower, "too fast to measure (" + s + ")"});
      else if (const auto v = parse_decimal(s)) t.figures.push_back(make_figure("cpu_percent", *v, "%", better::lower));
      else r.notes.push_back(t.name + ": %CP '" + s + "' not read");
    }
    if (c.latency) {
      if (const auto v = latency_seconds(*c.latency)) t.figures.push_back(make_figure("latency", *v, "s", better::lower));
      else r.notes.push_back(t.name + ": latency '" + *c.latency + "' not read");
    }
    if (!t.figures.empty()) r.tests.push_back(std::move(t));
  }
}

// Blanks out the "> " marks of a quoted mail, keeping the columns where they are.
inline std::string unquoted(std::string line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == '>' || line[i] == ' ')) ++i;
  if (i > 0 && line.find('>') < i)
    for (std::size_t k = 0; k < i; ++k) line[k] = ' ';
  return line;
}

inline bool mentions_bonnie(std::string_view text) {
  return (text.find("Sequential Output") != std::string_view::npos || text.find("Sequential Create") != std::string_view::npos) &&
         text.find("%CP") != std::string_view::npos;
}

}  // namespace detail::bonnie_import

template <>
struct importer_traits<bonnie_output> {
  static constexpr std::string_view name = "bonnie++";

  static bool detect(std::string_view text) noexcept {
    using namespace detail::bonnie_import;
    return detail::recognises_without_throwing([&] {
      if (mentions_bonnie(text)) return true;
      // A CSV line alone (bonnie++ -q, or the line kept from a log).
      std::vector<std::string> ignored;
      while (!text.empty()) {
        const auto end = text.find('\n');
        const auto line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        if (std::count(line.begin(), line.end(), ',') >= 13 && line.size() < 4096 && read_csv(line, ignored)) return true;
      }
      return false;
    });
  }

  static expected<run_record> parse(std::string_view text) {
    using namespace detail::bonnie_import;
    run_record r;
    r.tool = "bonnie++";
    std::vector<bonnie_run> runs;
    std::size_t group_start = 0, csv_floor = 0;
    bool group_open = false, any_table = false, any_csv = false;
    std::optional<std::string> version, concurrency, file_machine;
    bool csv2txt = false;  // the tables are bon_csv2txt's ("Version %9s"), not bonnie++'s ("Version %5s")
    std::set<std::string> versions;
    auto note_version = [&](const std::string& v) {
      if (!versions.insert(v).second) return;
      if (!r.version) r.version = v;
      else r.notes.push_back("runs of bonnie++ " + v + " too");
    };

    std::vector<std::string> lines;
    for (auto& l : text::split_lines(text)) lines.push_back(unquoted(std::move(l.text)));
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view l = lines[i];
      const auto toks = tokens_of(l);
      if (toks.empty()) continue;
      if (toks[0].text == "Version" && l.find("Sequential") != std::string_view::npos) {
        if (toks.size() > 1 && version_number(toks[1].text)) version = std::string(toks[1].text);
        csv2txt = toks.size() > 1 && toks[1].begin >= toks[0].begin + 11;
        continue;
      }
      if (toks[0].text == "Concurrency" && toks.size() > 1 && text::parse_unsigned(toks[1].text)) {
        concurrency = std::string(toks[1].text);
        continue;
      }
      if (const auto create = l.find("-Create--"); create != std::string_view::npos) {
        const auto m = text::trim(l.substr(0, create));
        file_machine = m.empty() ? std::nullopt : std::optional<std::string>(std::string(m));
        continue;
      }
      if (auto h = parse_header(l)) {
        // The data rows under the header, each with the Latency row 1.9x prints under it.
        std::vector<table_row> rows;
        std::size_t j = i + 1;
        for (; j < lines.size(); ++j) {
          const std::string_view row_line = lines[j];
          const auto row_toks = tokens_of(row_line);
          if (!row_toks.empty() && row_toks[0].text == "Latency") {
            if (rows.empty() || rows.back().has_latency) r.notes.push_back(text::not_read(row_line) + ": no data row above it");
            else read_latency(row_toks, rows.back(), r.notes, row_line);
            continue;
          }
          if (ends_rows(row_line, row_toks)) break;
          table_row row;
          if (!read_row(*h, row_toks, row, r.notes, row_line)) continue;
          if (std::all_of(row.columns.begin(), row.columns.end(), [](const auto& c) { return !c; })) {
            // A label alone: the row wrapped after a long machine name; its cells are on the next line.
            const auto next_toks = j + 1 < lines.size() ? tokens_of(lines[j + 1]) : std::vector<token>{};
            if (ends_rows(j + 1 < lines.size() ? std::string_view(lines[j + 1]) : std::string_view{}, next_toks) ||
                next_toks[0].text == "Latency") {
              r.notes.push_back(text::not_read(row_line) + ": no cells under the table header");
              break;
            }
            table_row rest;
            if (!read_row(*h, next_toks, rest, r.notes, lines[j + 1])) break;
            rest.label.insert(rest.label.begin(), row.label.begin(), row.label.end());
            row = std::move(rest);
            ++j;
          }
          rows.push_back(std::move(row));
        }
        i = j - 1;
        if (rows.empty()) {
          r.notes.push_back("a bonnie++ table header without a data row under it");
          continue;
        }
        any_table = true;
        for (std::size_t k = 0; k < rows.size(); ++k) {
          const auto& row = rows[k];
          part p;
          p.files = h->files;
          p.version = version;
          p.rate_unit = h->rate_unit;
          p.suffix_layout = !h->files && h->rate_unit[1] == 0;
          p.converted = csv2txt;
          for (std::size_t c = 0; c < 6; ++c) {
            p.cells[c].rate = row.columns[2 * c];
            p.cells[c].cpu = row.columns[2 * c + 1];
            p.cells[c].latency = row.latency[c];
          }
          std::string machine;
          if (!row.label.empty()) {
            const bool last_is_field = row.label.size() >= 2 || h->files || size_like(row.label.back());
            for (std::size_t n = 0; n + (last_is_field ? 1 : 0) < row.label.size(); ++n) machine += (machine.empty() ? "" : " ") + row.label[n];
            if (last_is_field && h->files) p.parameters["files"] = row.label.back();
            else if (last_is_field) {
              const auto v = version ? version_number(*version) : std::nullopt;
              read_size_field(row.label.back(), p.parameters, csv2txt && v && *v >= 198);
            }
          }
          if (machine.empty() && h->files && file_machine) machine = *file_machine;
          if (!machine.empty()) p.parameters["machine"] = machine;
          if (!h->files && concurrency && !p.parameters.count("concurrency")) p.parameters["concurrency"] = *concurrency;
          if (version) note_version(*version);
          if (!h->files) {
            if (k == 0) group_start = runs.size();
            bonnie_run ru;
            ru.table_machine = machine;
            ru.table_io = std::move(p);
            runs.push_back(std::move(ru));
            group_open = true;
          } else {
            const std::size_t at = group_start + k;
            if (group_open && at < runs.size() && !runs[at].table_files && !runs[at].csv_seen) {
              if (runs[at].table_machine.empty()) runs[at].table_machine = machine;
              runs[at].table_files = std::move(p);
            } else {
              bonnie_run ru;
              ru.table_machine = machine;
              ru.table_files = std::move(p);
              runs.push_back(std::move(ru));
            }
          }
        }
        if (h->files) {
          group_open = false;
          file_machine.reset();
        } else {
          concurrency.reset();
        }
        continue;
      }
      if (std::count(l.begin(), l.end(), ',') >= 13) {
        auto c = read_csv(l, r.notes);
        if (!c) continue;
        any_csv = true;
        if (c->version) note_version(*c->version);
        std::size_t at = csv_floor;
        while (at < runs.size() && (runs[at].csv_seen || !runs[at].has_table() || !same_machine(runs[at].table_machine, c->machine))) ++at;
        if (at == runs.size()) runs.emplace_back();
        runs[at].csv_seen = true;
        runs[at].csv_machine = c->machine;
        runs[at].csv_io = std::move(c->io);
        runs[at].csv_files = std::move(c->files);
        csv_floor = at + 1;
        group_open = false;
      }
    }

    for (std::size_t k = 0; k < runs.size(); ++k) {
      auto& ru = runs[k];
      const std::string suffix = k == 0 ? "" : " #" + std::to_string(k + 1);
      // The file table's rows share the run's machine and concurrency with its I/O row. Each table
      // cuts a long machine name to its own width: both get the longer cut.
      if (ru.table_io && ru.table_files && ru.table_io->parameters.count("machine") && ru.table_files->parameters.count("machine")) {
        auto& a = ru.table_io->parameters["machine"];
        auto& b = ru.table_files->parameters["machine"];
        if (b.starts_with(a)) a = b;
        else if (a.starts_with(b)) b = a;
      }
      if (ru.table_io && ru.table_files)
        for (const char* key : {"machine", "concurrency"})
          if (ru.table_io->parameters.count(key) && !ru.table_files->parameters.count(key))
            ru.table_files->parameters[key] = ru.table_io->parameters.at(key);
      if (ru.table_io) add_tests(*ru.table_io, "", suffix, false, r);
      if (ru.table_files) {
        // bonnie++ 2.0x prints each file test's rate with "%d" of a double: its table shows the file
        // count (16384), 0 or another number, never the rate, which only its CSV line holds (and so
        // bon_csv2txt's tables).
        const auto v = ru.table_files->version ? version_number(*ru.table_files->version) : std::nullopt;
        const bool wrong = !ru.table_files->converted &&
                           ((v && *v >= 200) || (ru.table_io && ru.table_io->suffix_layout && !ru.table_io->converted));
        add_tests(*ru.table_files, "", suffix, wrong, r);
      }
      const std::string prefix = ru.has_table() ? "csv:" : "";
      if (ru.csv_io) add_tests(*ru.csv_io, prefix, suffix, false, r);
      if (ru.csv_files) add_tests(*ru.csv_files, prefix, suffix, false, r);
    }
    r.format = any_table && any_csv ? "bonnie++ table and csv" : any_table ? "bonnie++ table" : "bonnie++ csv";
    if (r.tests.empty()) return fail(text::with_first_unread("bonnie++: no table row or CSV line with a result", r.notes));
    return r;
  }
};

}  // namespace raidbench
