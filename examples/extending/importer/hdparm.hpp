#pragma once
// An importer for `hdparm -t` / `-T` output, written as a user writes one: a tag and an
// importer_traits specialisation, with raidbench's text toolkit. Each timing line is a test; a
// log of repeated runs gives "buffered disk reads", "buffered disk reads #2", …
#include <map>
#include <string>
#include <string_view>

#include "raidbench/compare/import_text.hpp"
#include "raidbench/compare/importer_traits.hpp"
#include "raidbench/text/toolkit.hpp"

struct hdparm_output {};  // the tag

template <>
struct raidbench::importer_traits<hdparm_output> {
  static constexpr std::string_view name = "hdparm";
  static bool detect(std::string_view t) noexcept {
    return t.find("Timing buffered disk reads:") != t.npos || t.find("Timing cached reads:") != t.npos ||
           t.find("Timing buffer-cache reads:") != t.npos;
  }
  // " Timing buffered disk reads: 456 MB in  3.01 seconds = 151.45 MB/sec" (hdparm's MB are MiB).
  static expected<run_record> parse(std::string_view t) {
    run_record r{.tool = "hdparm", .format = "hdparm"};
    std::map<std::string, std::size_t> seen;
    std::string device;
    for (const auto& line : text::split_lines(t)) {
      const std::string_view l = text::trim(line.text);
      if (l.empty() || l.starts_with("~$") || l.starts_with("$ ") || l.starts_with("# ") || l.find("hdparm ") != l.npos) continue;
      if (l.starts_with("/dev/") && l.ends_with(':')) {
        device = std::string(l.substr(0, l.size() - 1));
        continue;
      }
      const auto kv = text::split_key_value(l);
      const auto fields = kv ? text::split_fields(kv->value) : std::vector<std::string_view>{};
      const auto mib = fields.size() >= 4 ? text::parse_decimal(fields[0]) : std::nullopt;
      const auto seconds = fields.size() >= 4 ? text::parse_decimal(fields[3]) : std::nullopt;
      if (!kv || !kv->key.starts_with("Timing ") || !mib || !seconds || *seconds <= 0) {
        r.notes.push_back(text::not_read(l));
        continue;
      }
      comparable_test test{text::unique_name(seen, std::string(kv->key.substr(7))), {{"device", device}}, {}};
      test.figures.push_back(text::make_figure("throughput", *mib * 1048576 / *seconds, "B/s", better::higher));
      test.figures.push_back(text::make_figure("total_time", *seconds, "s", better::neither));
      r.tests.push_back(std::move(test));
    }
    return r;  // a text with no timing line is "the text holds no result" (import_as)
  }
};
