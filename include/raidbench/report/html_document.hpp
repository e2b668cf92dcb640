#pragma once
/// A report as ONE self-contained HTML5 file: inline CSS, inline SVG charts, no script, no font or
/// other file fetched from anywhere, so that it can be mailed, attached to a ticket or archived and
/// still read the same in a browser or on paper. The markup is also well-formed XML, which lets the
/// tests check it with an XML parser.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "raidbench/report/svg_chart.hpp"

namespace raidbench::html {

namespace detail::document {

// System fonts only. Print: black on white, no tinted boxes, no chart or table cut across pages.
inline constexpr std::string_view style = R"(
body{font-family:system-ui,sans-serif;line-height:1.4;color:#1a1a1a;background:#fff;max-width:62rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ccc}
figure{margin:1rem 0}svg{max-width:100%;height:auto}
pre{background:#f4f4f4;padding:.75rem;overflow-x:auto;font-size:.85rem}
dl{display:grid;grid-template-columns:max-content auto;gap:.2rem 1rem}dt{font-weight:bold}dd{margin:0}
table.heat{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums}
table.heat caption{font-weight:bold;text-align:left;padding-bottom:.3rem}
table.heat th,table.heat td{border:1px solid #bbb;padding:.25rem .6rem;text-align:right}
table.heat th[scope=row]{text-align:left}table.heat td.missing{color:#666;text-align:center}
@media print{body{color:#000;background:#fff;max-width:none;margin:0}
pre{background:none;border:1px solid #888;white-space:pre-wrap}
figure,table,pre{break-inside:avoid}h2{break-after:avoid}}
)";

}  // namespace detail::document

/// Builds the file part by part, in reading order.
class document {
 public:
  explicit document(std::string title) : title_(std::move(title)) {}

  /// A section heading (<h2>).
  void heading(std::string text) { body_ += "<h2>" + escape(text) + "</h2>\n"; }
  void paragraph(std::string text) { body_ += "<p>" + escape(text) + "</p>\n"; }
  /// Text kept as it is laid out, such as the text report.
  void preformatted(std::string text) { body_ += "<pre>" + escape(text) + "</pre>\n"; }
  /// Name–value pairs: the workload, the storage context.
  void definition_list(std::vector<std::pair<std::string, std::string>> items) {
    body_ += "<dl>";
    for (const auto& [name, value] : items) body_ += "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>";
    body_ += "</dl>\n";
  }
  void add(const bar_chart& c) { body_ += "<figure>" + render_svg(c) + "</figure>\n"; }
  void add(const line_chart& c) { body_ += "<figure>" + render_svg(c) + "</figure>\n"; }
  void add(const heat_table& t) { body_ += render_table(t) + "\n"; }

  /// The whole HTML5 file.
  std::string str() const {
    return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                       "<title>{0}</title>\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n{2}</body>\n</html>\n",
                       escape(title_), detail::document::style, body_);
  }

 private:
  std::string title_;
  std::string body_;  // the parts so far, as HTML
};

}  // namespace raidbench::html
