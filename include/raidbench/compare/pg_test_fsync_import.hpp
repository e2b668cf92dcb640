#pragma once
/// Importer of pg_test_fsync's report, PostgreSQL 9.1 to 18: "2000 operations per test" (9.1) or
/// "5 seconds per test", figures in ops/sec with or without a usecs/op column, "n/a" (the method is
/// not available) and "n/a*" (no direct I/O on that file system). Sections are told apart by their
/// order, not their words, and a decimal comma is read, so a localized run imports as well.
/// Tests are "<section>/<label>", as rb-fsync's JSON names them: one_write/open_datasync,
/// open_sync_sizes/2x8kB, other_descriptor/write, close, fsync, non_sync/write.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench {

/// Tag of the pg_test_fsync importer.
struct pg_test_fsync_output {};

namespace detail::pg_test_fsync_import {

inline constexpr std::array<std::string_view, 5> sections{"one_write", "two_writes", "open_sync_sizes", "other_descriptor", "non_sync"};
inline constexpr std::array<std::string_view, 5> sync_methods{"open_datasync", "fdatasync", "fsync", "fsync_writethrough", "open_sync"};

// A figure line: a label, then a number or "n/a"/"n/a*", a rate unit, optionally "N usecs/op".
struct figure_line {
  std::string label;
  std::optional<double> ops_per_second;
  std::string mark;  // "n/a", "n/a*"
  std::optional<double> usecs_per_op;
};

inline std::optional<figure_line> parse_figure_line(std::string_view line) {
  const auto fields = split_fields(line);
  for (std::size_t i = 1; i < fields.size(); ++i) {
    const auto value = parse_decimal(fields[i]);
    const bool mark = fields[i] == "n/a" || fields[i] == "n/a*";
    if (!value && !mark) continue;
    // The first number after the label; it must be the line's rate (a unit follows it) or its mark.
    if (value && (i + 1 >= fields.size() || parse_decimal(fields[i + 1]))) return std::nullopt;
    figure_line f;
    const auto label_end = fields[i].data() - line.data();
    f.label = std::string(trim(line.substr(0, static_cast<std::size_t>(label_end))));
    if (mark) f.mark = std::string(fields[i]);
    else f.ops_per_second = value;
    if (value && i + 2 < fields.size()) f.usecs_per_op = parse_decimal(fields[i + 2]);
    return f;
  }
  return std::nullopt;
}

// "16kB open_sync write", " 2 *  8kB open_sync writes" → "1x16kB", "2x8kB" (16 kB written per op).
inline std::optional<std::string> write_size_label(std::string_view label) {
  const auto fields = split_fields(label);
  std::size_t i = 0;
  std::optional<std::uint64_t> count;
  if (fields.size() >= 3 && fields[1] == "*") {
    count = parse_unsigned(fields[0]);
    i = 2;
  }
  if (i >= fields.size() || !fields[i].ends_with("kB")) return std::nullopt;
  const auto size = parse_unsigned(fields[i].substr(0, fields[i].size() - 2));
  if (!size || *size == 0) return std::nullopt;
  return std::to_string(count ? *count : 16 / *size) + "x" + std::to_string(*size) + "kB";
}

// The label a line has within its section; nullopt when it does not belong there.
inline std::optional<std::string> canonical_label(std::string_view section, std::string_view label, std::size_t index) {
  if (section == "one_write" || section == "two_writes") {
    for (auto m : sync_methods)
      if (label == m) return std::string(m);
    return std::nullopt;
  }
  if (section == "open_sync_sizes") return write_size_label(label);
  if (section == "other_descriptor") {
    if (index > 1) return std::nullopt;
    return std::string(index == 0 ? "write, fsync, close" : "write, close, fsync");
  }
  if (index > 0) return std::nullopt;
  return std::string("write");
}

// "Compare file sync methods using one 8kB write:" → 8192.
inline std::optional<std::uint64_t> block_of_heading(std::string_view heading) {
  for (auto field : split_fields(heading))
    if (field.ends_with("kB"))
      if (auto n = parse_unsigned(field.substr(0, field.size() - 2))) return *n * 1024;
  return std::nullopt;
}

}  // namespace detail::pg_test_fsync_import

template <>
struct importer_traits<pg_test_fsync_output> {
  static constexpr std::string_view name = "pg_test_fsync";

  static bool detect(std::string_view text) noexcept {
    // Its own words, in English: the method names alone appear in other tools' texts too.
    return text.find("Compare file sync methods") != std::string_view::npos ||
           (text.find("open_datasync") != std::string_view::npos && text.find("ops/sec") != std::string_view::npos &&
            text.find("open_sync") != std::string_view::npos);
  }

  static expected<run_record> parse(std::string_view text) {
    using namespace detail::pg_test_fsync_import;
    run_record r;
    r.tool = "pg_test_fsync";
    r.format = "pg_test_fsync";
    std::optional<std::size_t> section;  // index into sections
    std::size_t index_in_section = 0;
    bool in_parenthesis = false, footnote_seen = false;
    std::optional<std::uint64_t> block;
    for (const auto& line : text::split_lines(text)) {
      std::string_view l = text::trim(line.text);
      if (line.kind != text::line_kind::output || l.empty()) continue;
      // "(in wal_sync_method preference order, except fdatasync\nis Linux's default)": explanations.
      if (in_parenthesis || l.starts_with("(")) {
        in_parenthesis = !l.ends_with(")");
        continue;
      }
      if (l.starts_with("*")) { footnote_seen = true; continue; }
      const auto fields = text::split_fields(l);
      if (!section && fields.size() >= 3 && fields.back() == "test" && text::parse_unsigned(fields[0])) {
        // "2000 operations per test" (9.1, -o) or "5 seconds per test" (-s).
        r.tests.reserve(18);
        const bool operations = fields[1].starts_with("operation");
        (operations ? r.facts["operations_per_test"] : r.facts["seconds_per_test"]) = std::string(fields[0]);
        continue;
      }
      if (l.ends_with(":")) {
        section = section ? *section + 1 : 0;
        index_in_section = 0;
        if (*section >= sections.size()) return fail("pg_test_fsync: more sections than pg_test_fsync prints");
        if (auto b = block_of_heading(l)) block = b;
        continue;
      }
      if (!section) continue;  // "O_DIRECT supported on this platform …", prompts
      const auto f = parse_figure_line(l);
      if (!f) {
        r.notes.push_back(text::not_read(l));
        continue;
      }
      const std::string_view sec = sections[*section];
      const auto label = canonical_label(sec, f->label, index_in_section++);
      if (!label) {
        r.notes.push_back(text::not_read(l));
        continue;
      }
      comparable_test t;
      t.name = std::string(sec) + "/" + *label;
      if (block && (sec == "one_write" || sec == "two_writes" || sec == "non_sync")) t.parameters["block_size"] = std::to_string(*block);
      if (sec == "one_write" || sec == "two_writes") t.parameters["writes_per_op"] = sec == "one_write" ? "1" : "2";
      if (f->ops_per_second) {
        t.figures.push_back(text::make_figure("ops_per_second", *f->ops_per_second, "ops/s", better::higher));
        if (f->usecs_per_op) t.figures.push_back(text::make_figure("latency_mean", *f->usecs_per_op / 1e6, "s", better::lower));
      } else {
        t.figures.push_back({"ops_per_second", std::nullopt, "ops/s", better::higher,
                             f->mark == "n/a*" ? "n/a*: the file system does not support direct I/O" : "n/a: not available on this platform"});
      }
      if (r.find(t.name)) return fail("pg_test_fsync: '" + t.name + "' appears twice: more than one run in the text");
      r.tests.push_back(std::move(t));
    }
    if (footnote_seen) r.notes.push_back("the footnote says direct I/O is not supported on this file system");
    if (r.tests.empty()) return fail(text::with_first_unread("pg_test_fsync: no 'ops/sec' figure under a section heading", r.notes));
    return r;
  }
};

}  // namespace raidbench
