#pragma once
/// A report as ONE self-contained HTML5 file: inline CSS, inline SVG charts, no script, no font or
/// other file fetched from anywhere, so that it can be mailed, attached to a ticket or archived and
/// still read the same in a browser or on paper. The markup is also well-formed XML, which lets the
/// tests check it with an XML parser.
#include <algorithm>
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
body{font-family:system-ui,sans-serif;line-height:1.4;color:#1a1a1a;background:#fff;max-width:62rem;margin:1.5rem auto;padding:0 1rem;overflow-wrap:anywhere}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ccc}
figure{margin:1rem 0}svg{max-width:100%;height:auto}
pre{background:#f4f4f4;padding:.75rem;white-space:pre-wrap;font-size:.85rem}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) auto;gap:.2rem 1rem}dt{font-weight:bold}dd{margin:0}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums}
caption{font-weight:bold;text-align:left;padding-bottom:.3rem}
th,td{border:1px solid #bbb;padding:.25rem .6rem;text-align:right;vertical-align:top}td{overflow-wrap:normal}
th[scope=row],td.text{text-align:left}td.missing{color:#666;text-align:center}
td.doubtful,tr.doubtful td{background:repeating-linear-gradient(45deg,#eee 0 4px,#ddd 4px 8px);color:#444}
.doubt{color:#555;font-weight:normal}
.summary{border:2px solid #888;border-radius:.4rem;padding:.5rem 1rem;margin:1rem 0}
.summary dl{margin:.5rem 0}
.badges{display:flex;flex-wrap:wrap;gap:.4rem;margin:.5rem 0;padding:0;list-style:none}
.badge{display:inline-block;border-radius:1rem;padding:.15rem .7rem;text-decoration:none;font-size:.9rem;border:2px solid}
.badge.critical{background:#b00020;border-color:#b00020;color:#fff;font-weight:bold}
.badge.warning{background:#fff3cd;border-color:#b58100;color:#5c4100}
.badge.info{background:#eef4fb;border-color:#5b8bc5;color:#1d3d66}
.badge.ok{background:#e8f5e9;border-color:#3c8d40;color:#1b4d1e}
li.critical{border-left:6px solid #b00020;padding-left:.5rem}li.warning{border-left:6px solid #b58100;padding-left:.5rem}
li.info{border-left:6px solid #5b8bc5;padding-left:.5rem}li.ok{border-left:6px solid #3c8d40;padding-left:.5rem}
ul.verdicts{list-style:none;padding:0}ul.verdicts li{margin:.5rem 0}ul.verdicts ul{font-size:.9rem;color:#333}
:target{outline:3px solid #5b8bc5}
@media print{body{color:#000;background:#fff;max-width:none;margin:0}
pre{background:none;border:1px solid #888}.scroll{overflow:visible}
figure,table,pre,.summary{break-inside:avoid}h2{break-after:avoid}}
)";

// A name escaped, with a line break allowed after each '/' and '_' ("one_write/fdatasync"): a narrow
// column breaks it there rather than inside a word.
inline std::string breakable(std::string_view name) {
  std::string out;
  for (const char ch : escape(name)) out += ch == '/' || ch == '_' ? std::string(1, ch) + "<wbr/>" : std::string(1, ch);
  return out;
}

}  // namespace detail::document

/// `name` cut to its first `columns` columns with "…" after, or whole when it fits.
inline std::string shortened(std::string_view name, std::size_t columns) {
  const auto shown = detail::chart::prefix(name, columns);
  return shown.size() == name.size() ? std::string(name) : std::string(shown) + "…";
}

/// Builds the file part by part, in reading order.
class document {
 public:
  explicit document(std::string title) : title_(std::move(title)) {}

  /// A section heading (<h2>), with an id to link to when given.
  void heading(std::string text, std::string id = "") {
    body_ += (id.empty() ? std::string("<h2>") : "<h2 id=\"" + escape(id) + "\">") + escape(text) + "</h2>\n";
  }
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
  /// The chart, and the table of its figures when some had no room beside their point.
  void add(const line_chart& c) { body_ += "<figure>" + render_figure(c) + "</figure>\n"; }
  void add(const heat_table& t) { body_ += render_table(t) + "\n"; }

  /// A table of text: its cells wrap, and a table wider than the page scrolls inside its box. The
  /// first column is the row's name; `doubts` (optional, one per row) greys and marks a row and says why.
  void table(std::string caption, const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows,
             const std::vector<std::string>& doubts = {}) {
    body_ += R"(<div class="scroll"><table class="data">)";
    if (!caption.empty()) body_ += "<caption>" + escape(caption) + "</caption>";
    body_ += "<thead><tr>";
    for (const auto& h : head) body_ += R"(<th scope="col">)" + escape(h) + "</th>";
    body_ += "</tr></thead><tbody>";
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const bool doubtful = r < doubts.size() && !doubts[r].empty();
      body_ += doubtful ? R"(<tr class="doubtful" title="doubtful: )" + escape(doubts[r]) + R"(">)" : std::string("<tr>");
      for (std::size_t k = 0; k < rows[r].size(); ++k)
        body_ += k == 0 ? R"(<th scope="row">)" + (doubtful ? "⚠ " : std::string()) + detail::document::breakable(rows[r][k]) +
                              (doubtful ? R"(<br/><span class="doubt">)" + escape(doubts[r]) + "</span>" : std::string()) + "</th>"
                        : "<td>" + escape(rows[r][k]) + "</td>";
      body_ += "</tr>";
    }
    body_ += "</tbody></table></div>\n";
  }

  /// A verdict, a finding or a state as a badge coloured by its level (critical, warning, info,
  /// ok) that links to its evidence further down (`target`, an id on the page).
  struct badge {
    std::string level;
    std::string text;
    std::string target;
  };
  /// The most key figures a summary shows, and the most characters of a figure's name there: it
  /// stays one screen; the rest are further down. Each badge past the second takes a figure's
  /// place, down to summary_figures_least.
  static constexpr std::size_t summary_figures = 10, summary_figures_least = 4;
  static constexpr std::size_t summary_name_columns = 60;
  /// The answer first, in one box: the headline sentences, the badges (the critical ones first) and
  /// the key figures.
  void summary(const std::vector<std::string>& headline, const std::vector<std::pair<std::string, std::string>>& figures,
               std::vector<badge> badges) {
    // Whatever order the page gathered them in, the critical ones are seen first.
    std::stable_partition(badges.begin(), badges.end(), [](const badge& b) { return b.level == "critical"; });
    body_ += R"(<section class="summary" id="summary">)";
    for (const auto& line : headline) body_ += "<p>" + escape(line) + "</p>";
    if (!badges.empty()) {
      body_ += R"(<ul class="badges">)";
      for (const auto& b : badges)
        body_ += fmt::format(R"(<li><a class="badge {}" href="#{}">{}</a></li>)", escape(b.level), escape(b.target), escape(b.text));
      body_ += "</ul>";
    }
    const std::size_t most = std::max(summary_figures_least, summary_figures - std::min(summary_figures, std::max<std::size_t>(badges.size(), 2) - 2));
    if (!figures.empty()) {
      body_ += R"(<dl class="figures">)";
      for (std::size_t i = 0; i < figures.size() && i < most; ++i) {
        const auto& [name, value] = figures[i];
        const auto shown = shortened(name, summary_name_columns);
        body_ += shown == name ? "<dt>" + escape(name) + "</dt>" : R"(<dt title=")" + escape(name) + R"(">)" + escape(shown) + "</dt>";
        body_ += "<dd>" + escape(value) + "</dd>";
      }
      if (figures.size() > most) body_ += fmt::format("<dt>…</dt><dd>{} more further down</dd>", figures.size() - most);
      body_ += "</dl>";
    }
    body_ += "</section>\n";
  }
  /// An item a badge links to: its level, a line, and its evidence as a list.
  void finding(const std::string& id, const std::string& level, const std::string& text, const std::vector<std::string>& evidence) {
    body_ += fmt::format(R"(<ul class="verdicts"><li class="{}" id="{}"><strong>{}</strong> {})", escape(level), escape(id), escape(level), escape(text));
    if (!evidence.empty()) {
      body_ += "<ul>";
      for (const auto& e : evidence) body_ += "<li>" + escape(e) + "</li>";
      body_ += "</ul>";
    }
    body_ += "</li></ul>\n";
  }

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
