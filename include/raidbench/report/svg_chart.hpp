#pragma once
/// Charts for the HTML report, drawn as inline SVG by our own small writer: horizontal bars (one
/// group per category), x-y lines on linear or log axes, and a matrix as a shaded table. Every value
/// is printed as text beside its mark and series differ by fill pattern or dash and marker as well as
/// by colour, so a chart reads in black-and-white print and without colour vision. Each mark carries
/// data-series / data-value attributes. A figure the caller doubts (a verdict's reason) is drawn as
/// doubtful: a grey hatched bar or a hollow grey point, its figure marked ⚠, the reason written in
/// the chart (and data-doubt on its mark). No value that is NaN, infinite or unplottable reaches the
/// output: a bar shows "–", a point is left out with a note, a chart with nothing to draw says so.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace raidbench::html {

/// A named row of values: one per category of a bar chart, one per x of a line chart.
struct series {
  std::string name;
  std::vector<double> values;
};

/// Horizontal bars: one group per category, one bar per series.
struct bar_chart {
  std::string title;
  std::string unit;  ///< on the axis and in each bar's label ("MB/s")
  std::vector<std::string> categories;
  // Qualified: a member named like its type would change what `series` means inside the class.
  std::vector<html::series> series;
  std::vector<std::string> annotations;           ///< optional, one per category, shown below its group
  std::vector<std::pair<double, double>> ranges;  ///< optional min–max whiskers, [s * categories.size() + c]
  /// Optional, [s * categories.size() + c]: why a figure is doubtful ("the page cache served it"), or
  /// empty. Such a bar is grey and hatched, its label marked ⚠, and the reason is printed below its group.
  std::vector<std::string> doubts;
};

/// Lines through (x, value) points; a log axis is base 2 when all its values are powers of two
/// (block sizes), base 10 otherwise.
struct line_chart {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = false;
  bool log_y = false;
  std::vector<double> x;                   ///< shared by all series
  std::vector<std::string> x_tick_labels;  ///< optional, one per x ("512 B", "4 KiB"); else numbers
  std::vector<html::series> series;
  /// Optional, [s * x.size() + i]: why a point's figure is doubtful ("the page cache served it"), or
  /// empty. Such a point's marker is hollow and grey, its label (or its cell in the table of values)
  /// marked ⚠, and each reason is written under the chart with the series it concerns.
  std::vector<std::string> doubts;
};

/// A matrix as a table, each cell shaded by its value and the number printed in it.
struct heat_table {
  std::string title;
  std::string unit;
  std::vector<std::string> row_labels;
  std::vector<std::string> column_labels;
  std::vector<std::vector<std::optional<double>>> cells;  ///< [row][column]; nullopt: not measured, shown as "–"
  std::vector<std::vector<std::string>> doubts;  ///< optional, [row][column]: why the cell's figure is doubtful, or empty
};

/// Whether the series' positive values span more than two decades: on a linear axis the small ones
/// would lie on the floor, so the charts draw such values on a log axis and say so.
inline bool spans_two_decades(const std::vector<series>& all) {
  double lo = std::numeric_limits<double>::max(), hi = 0;
  for (const auto& s : all)
    for (const double v : s.values)
      if (std::isfinite(v) && v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
  return hi > 0 && hi / lo > 100;
}

/// Text made safe for HTML or XML content and attribute values.
inline std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        // Control characters are not allowed in XML, not even as references: U+FFFD instead.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') out += "\xEF\xBF\xBD";
        else out += ch;
    }
  }
  return out;
}

namespace detail::chart {

inline constexpr double width = 760;  // every chart's width in px; CSS scales it down on narrow pages
// A bar chart's category names: 2 lines of 24 characters fit left of its bars even in wide letters (7 px).
inline constexpr std::size_t category_columns = 24;

// Beyond 1e±300, spans and logarithms overflow or lose all precision: such values are skipped like NaN.
inline bool plottable(double v, int log_base = 0) {
  return std::isfinite(v) && std::fabs(v) < 1e300 && (log_base == 0 || v >= 1e-300);
}

// Characters, counted as UTF-8 lead bytes: the width estimate labels are laid out with.
inline std::size_t length(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

// The first n characters of s.
inline std::string_view prefix(std::string_view s, std::size_t n) {
  std::size_t i = 0;
  for (; i < s.size(); ++i)
    if ((s[i] & 0xC0) != 0x80 && n-- == 0) break;
  return s.substr(0, i);
}

// Where to cut a word too long for a line of `columns`: after its last '/' past the line's first
// third, else after its last '_', '-', ',' or '.' there, else at the line's end.
inline std::size_t cut_of(std::string_view word, std::size_t columns) {
  const std::string_view line = prefix(word, columns);
  for (const std::string_view marks : {"/", "_-,."}) {
    const std::size_t mark = line.find_last_of(marks);
    if (mark != std::string_view::npos && length(line.substr(0, mark + 1)) * 3 >= columns && mark + 1 < word.size()) return mark + 1;
  }
  return line.size();
}

// The text in lines of at most `columns` characters (views into it), broken at spaces, and inside a
// word too long for a line (cut_of).
inline std::vector<std::string_view> wrap(std::string_view text, std::size_t columns) {
  std::vector<std::string_view> out;
  std::size_t start = std::string_view::npos, end = 0;  // the line being filled
  for (std::size_t at = text.find_first_not_of(' '); at != std::string_view::npos; at = text.find_first_not_of(' ', at)) {
    const std::size_t word_end = std::min(text.find(' ', at), text.size());
    if (start != std::string_view::npos && length(text.substr(start, word_end - start)) <= columns) {
      at = end = word_end;
      continue;
    }
    if (start != std::string_view::npos) out.push_back(text.substr(start, end - start));
    start = at;
    at = end = at + cut_of(text.substr(at, word_end - at), columns);
  }
  if (start != std::string_view::npos) out.push_back(text.substr(start, end - start));
  return out;
}

// Trailing zeros and point of a fixed-point number dropped.
inline std::string trimmed(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

// At most `digits` significant digits in fixed point (0.25, 12.5, 161.4); a > 0.
inline std::string significant(double a, int digits) {
  const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(a))));
  return trimmed(fmt::format("{:.{}f}", a, decimals));
}

// A tick label: three significant digits and an SI prefix (1.5k, 2M, 500µ) or, on a log2 axis, an
// IEC one (4Ki, 1Mi).
inline std::string tick_text(double v, int log_base = 0) {
  static constexpr std::string_view si[] = {"", "k", "M", "G", "T", "P", "E"};
  static constexpr std::string_view iec[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  static constexpr std::string_view small[] = {"", "m", "µ", "n", "p", "f", "a"};
  if (v == 0) return "0";
  const std::string sign = v < 0 ? "-" : "";
  const double step = log_base == 2 ? 1024 : 1000;
  double a = std::fabs(v);
  std::size_t i = 0;
  for (; a >= step && i + 1 < std::size(si); ++i) a /= step;
  if (i > 0) return sign + significant(a, 3) + std::string(log_base == 2 ? iec[i] : si[i]);
  if (a >= 1e-3) return sign + significant(a, 3);
  for (; a < 1 && i + 1 < std::size(small); ++i) a *= 1000;
  return sign + significant(a, 3) + std::string(small[i]);
}

// A value as printed beside its bar or point: whole from 1000 up, else four significant digits.
inline std::string value_text(double v) {
  const double a = std::fabs(v);
  if (a >= 1000) return fmt::format("{:.0f}", v);
  if (a == 0) return "0";
  if (a < 1e-3) return fmt::format("{:.3g}", v);
  return fmt::format("{}{}", v < 0 ? "-" : "", significant(a, 4));
}

inline std::string value_text(double v, std::string_view unit) {
  return value_text(v) + (unit.empty() ? "" : " ") + std::string(unit);
}

// Ticks of a linear axis: multiples of a 1, 2 or 5 × 10ⁿ step giving about `count` steps, the first
// at or below lo and the last at or above hi. An empty span becomes 0..1 or lo ± lo/2.
inline std::vector<double> linear_ticks(double lo, double hi, int count = 5) {
  if (!(hi > lo)) {
    const double v = lo, half = std::fabs(v) / 2;
    lo = half == 0 ? 0 : v - half;
    hi = half == 0 ? 1 : v + half;
  }
  const double raw = (hi - lo) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / magnitude;
  const double step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
  // The epsilon keeps 0.3 / 0.1 = 2.9999… from adding a tick below 0.3.
  const double first = std::floor(lo / step + 1e-9);
  const double last = std::max(first + 1, std::ceil(hi / step - 1e-9));
  std::vector<double> ticks;
  for (double i = first; i <= last; ++i) ticks.push_back(i == 0 ? 0.0 : i * step);
  return ticks;
}

// Ticks of a log axis (0 < lo <= hi): the powers of `base` around [lo, hi], every k-th of them when
// there would be more than 12.
inline std::vector<double> log_ticks(double lo, double hi, int base = 10) {
  const auto exponent = [&](double v) { return base == 2 ? std::log2(v) : std::log10(v); };
  const double e0 = std::floor(exponent(lo) + 1e-9);
  const double e1 = std::max(e0 + 1, std::ceil(exponent(hi) - 1e-9));
  const double every = std::ceil((e1 - e0) / 12);
  std::vector<double> ticks;
  for (double e = e0; ticks.empty() || e - every < e1; e += every) ticks.push_back(std::pow(base, e));
  return ticks;
}

// Block sizes are powers of two and read best on a log2 axis; anything else on log10.
inline int log_base_of(const std::vector<double>& values) {
  bool any = false;
  for (const double v : values) {
    if (!plottable(v, 10)) continue;
    int e = 0;
    if (std::frexp(v, &e) != 0.5) return 10;
    any = true;
  }
  return any ? 2 : 10;
}

// An axis: its domain (the outer ticks), its ticks, and where a value falls on it.
struct scale {
  double lo = 0;
  double hi = 1;
  int log_base = 0;  // 0: linear
  std::vector<double> ticks;

  scale(double min, double max, int base, int count) : log_base(base), ticks(base ? log_ticks(min, max, base) : linear_ticks(min, max, count)) {
    lo = ticks.front();
    hi = ticks.back();
  }
  // 0 at lo, 1 at hi.
  double at(double v) const {
    return log_base ? (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) : (v - lo) / (hi - lo);
  }
};

// Okabe–Ito colours: told apart with the common colour-vision deficiencies.
inline std::string_view colour(std::size_t s) {
  static constexpr std::string_view colours[] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#555555"};
  return colours[s % std::size(colours)];
}

// Series s's bar fill: solid for the first, then stripes, dots, hatching… in its colour on white.
inline std::string pattern(std::string_view id, std::size_t s) {
  static constexpr std::string_view marks[] = {
      "", R"(<rect width="3" height="6"/>)", R"(<circle cx="3" cy="3" r="1.8"/>)",
      R"(<path d="M0 0H6V1.5H0ZM0 0H1.5V6H0Z"/>)", R"(<rect width="6" height="3"/>)", R"(<rect width="1.5" height="6"/>)"};
  const auto& mark = marks[s % std::size(marks)];
  if (mark.empty()) return "";
  const int turn = s % std::size(marks) == 1 ? 45 : s % std::size(marks) == 5 ? -45 : 0;
  return fmt::format(R"svg(<pattern id="{}-{}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate({})">)svg"
                     R"(<rect width="6" height="6" fill="#fff"/><g fill="{}">{}</g></pattern>)", id, s, turn, colour(s), mark);
}

inline std::string fill(std::string_view id, std::size_t s) {
  return s % 6 == 0 ? std::string(colour(s)) : fmt::format("url(#{}-{})", id, s);
}

// Series s's line dash and point marker at (x, y): circle, square, triangle, diamond, inverted triangle, cross.
inline std::string_view dash(std::size_t s) {
  static constexpr std::string_view dashes[] = {"none", "8 4", "2 3", "10 3 2 3", "5 5", "1 2"};
  return dashes[s % std::size(dashes)];
}

// A doubtful point's marker keeps its series' shape, hollow (white) and outlined in grey.
inline std::string marker(std::size_t s, double x, double y, bool doubtful = false) {
  const std::string paint = doubtful ? R"(fill="#fff" stroke="#666" stroke-width="1.5")" : fmt::format(R"(fill="{}")", colour(s));
  switch (s % 6) {
    case 0: return fmt::format(R"(<circle class="marker" cx="{:.1f}" cy="{:.1f}" r="4" {}/>)", x, y, paint);
    case 1: return fmt::format(R"(<rect class="marker" x="{:.1f}" y="{:.1f}" width="7" height="7" {}/>)", x - 3.5, y - 3.5, paint);
    case 2: return fmt::format(R"(<path class="marker" d="M{:.1f} {:.1f}l4.5 8h-9z" {}/>)", x, y - 5, paint);
    case 3: return fmt::format(R"(<path class="marker" d="M{:.1f} {:.1f}l5 5l-5 5l-5 -5z" {}/>)", x, y - 5, paint);
    case 4: return fmt::format(R"(<path class="marker" d="M{:.1f} {:.1f}l4.5 -8h-9z" {}/>)", x, y + 5, paint);
    default: return fmt::format(R"(<path class="marker" d="M{:.1f} {:.1f}l8 8m0 -8l-8 8" fill="none" stroke="{}" stroke-width="2"/>)", x - 4, y - 4,
                                doubtful ? std::string_view("#666") : colour(s));
  }
}

// A label of at most `lines` lines of `columns` characters centred on y, the full text in a tooltip
// when cut.
inline std::string label(std::string_view text, double x, double y, std::size_t columns, std::size_t lines, std::string_view attributes = "") {
  auto parts = wrap(text, columns);
  const bool cut = parts.size() > lines;
  std::string last;  // when cut: the last line, filled with what follows up to an ellipsis
  if (cut) {
    const auto rest = prefix(text.substr(static_cast<std::size_t>(parts[lines - 1].data() - text.data())), columns - 1);
    last = std::string(rest.substr(0, rest.find_last_not_of(' ') + 1)) + "…";
    parts.resize(lines);
    parts.back() = last;
  }
  const double first = y + 4 - 7.0 * static_cast<double>(std::max<std::size_t>(parts.size(), 1) - 1);
  // The tooltip beside the text, in a group: inside <text>, Chromium lays its characters out too.
  std::string out = cut ? "<g><title>" + escape(text) + "</title>" : "";
  out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}"{}{}>)", x, first, attributes.empty() ? "" : " ", attributes);
  for (std::size_t i = 0; i < parts.size(); ++i) out += fmt::format(R"(<tspan x="{:.1f}" dy="{}">{}</tspan>)", x, i ? 14 : 0, escape(parts[i]));
  return out + (cut ? "</text></g>" : "</text>");
}

// The root element, its accessible name and its description (every value as text).
// Lines of a chart's title (at most 2 of title_columns): its height above the legend is 18 px more per extra line.
inline constexpr std::size_t title_columns = 78;
inline double title_extra(std::string_view title) {
  return wrap(title, title_columns).size() > 1 ? 18 : 0;
}

inline std::string svg_open(std::string_view kind, std::string_view title, std::string_view description, double height, std::string_view extra = "") {
  return fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-chart="{0}" width="{1:.0f}" height="{2:.0f}" )"
                     R"(viewBox="0 0 {1:.0f} {2:.0f}" role="img" aria-label="{3} chart: {4}" font-family="sans-serif" font-size="12" fill="#222"{5}>)"
                     R"(<title>{4}</title><desc>{6}</desc>)",
                     kind, width, height, kind == "bar" ? "Bar" : "Line", escape(title), extra, escape(description)) +
         label(title, 8, 16 + title_extra(title) / 2, title_columns, 2, R"(font-size="15" font-weight="bold")");
}

inline std::string no_data(std::string_view kind, std::string_view title, std::string_view note) {
  const std::string text = note.empty() ? "no data" : fmt::format("no data ({})", note);
  return svg_open(kind, title, text, 64) + fmt::format(R"(<text x="8" y="48" class="no-data">{}</text></svg>)", escape(text));
}

// The legend: one swatch and name per series, left to right, wrapping; returns the y below it.
template <class Swatch>
double legend(std::string& out, const std::vector<series>& all, double y, Swatch swatch) {
  double x = 8;
  for (std::size_t s = 0; s < all.size(); ++s) {
    const double w = 36 + 7.0 * static_cast<double>(std::min<std::size_t>(length(all[s].name), 40));
    if (x > 8 && x + w > width) {
      x = 8;
      y += 20;
    }
    out += fmt::format(R"(<g class="legend" data-series="{}">{})", escape(all[s].name), swatch(s, x, y)) +
           label(all[s].name, x + 30, y + 6, 40, 1) + "</g>";
    x += w + 12;
  }
  return y + 28;
}

// Vertical grid lines and labels of a horizontal axis spanning [left, right] at y_axis.
inline std::string x_axis(const scale& sc, double left, double right, double top, double y_axis) {
  std::string out;
  for (const double t : sc.ticks) {
    const double x = left + sc.at(t) * (right - left);
    out += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}" stroke="{3}"/>)", x, top, y_axis + 4, t == 0 && sc.lo < 0 ? "#444" : "#ddd") +
           fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" class="tick">{}</text>)", x, y_axis + 17, tick_text(t, sc.log_base));
  }
  return out + fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{2:.1f}" y2="{1:.1f}" stroke="#444"/>)", left, y_axis, right);
}

// An id unique to the chart's content, for its patterns and its table of values: identical charts
// alone share one.
inline std::string id_of(std::string_view title, std::string_view unit, const std::vector<std::string>& keys, const std::vector<series>& all) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a
  const auto mix = [&](std::string_view s) {
    for (const char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    h = (h ^ 0xFF) * 1099511628211ull;
  };
  mix(title);
  mix(unit);
  for (const auto& k : keys) mix(k);
  for (const auto& s : all) {
    mix(s.name);
    for (const double v : s.values) mix(std::string_view(reinterpret_cast<const char*>(&v), sizeof v));
  }
  return fmt::format("rb{:016x}", h);
}
inline std::string id_of(const bar_chart& c) { return id_of(c.title, c.unit, c.categories, c.series); }
inline std::string id_of(const line_chart& c) { return id_of(c.title, c.y_label, c.x_tick_labels, c.series); }

// Why point i of series s is doubtful, or empty.
inline std::string_view doubt_of(const line_chart& c, std::size_t s, std::size_t i) {
  const std::size_t at = s * c.x.size() + i;
  return at < c.doubts.size() ? std::string_view(c.doubts[at]) : std::string_view();
}

// A box on the chart, in its coordinates.
struct box {
  double left, top, right, bottom;
  bool overlaps(const box& b, double margin = 1) const {
    return left < b.right + margin && b.left < right + margin && top < b.bottom + margin && b.top < bottom + margin;
  }
  double centre_x() const { return (left + right) / 2; }
  double centre_y() const { return (top + bottom) / 2; }
};

// Where each point's value label goes (x, baseline y, anchor), or nullopt where no place is free: a
// label may not leave the plot, cover another label or any point, or sit nearer another point than
// its own (so that it cannot be read as another series' figure). Tried in order: above, below,
// right, left, and the four diagonals. Labels are 10 px: about 5.8 px a character.
struct placed_label {
  double x, y;
  std::string_view anchor;
};
struct point_at {
  double x, y;
  std::string text;
};
inline std::vector<std::optional<placed_label>> place_labels(const std::vector<point_at>& points, const box& plot) {
  std::vector<box> taken;
  for (const auto& p : points) taken.push_back({p.x - 5.5, p.y - 5.5, p.x + 5.5, p.y + 5.5});
  const std::size_t markers = taken.size();
  std::vector<std::optional<placed_label>> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    const double w = 5.8 * static_cast<double>(length(p.text)) + 4, half = w / 2;
    const struct { double dx, dy; std::string_view anchor; } tries[] = {
        {0, -9, "middle"}, {0, 17, "middle"}, {8, 4, "start"}, {-8, 4, "end"},
        {6, -8, "start"}, {6, 16, "start"}, {-6, -8, "end"}, {-6, 16, "end"}};
    for (const auto& t : tries) {
      const double x = p.x + t.dx, y = p.y + t.dy;
      const double l = t.anchor == "middle" ? x - half : t.anchor == "start" ? x : x - w;
      const box b{l, y - 10, l + w, y + 3};
      if (b.left < plot.left || b.right > plot.right || b.top < plot.top || b.bottom > plot.bottom) continue;
      bool free = true;
      for (std::size_t j = 0; j < taken.size() && free; ++j) free = !b.overlaps(taken[j]);
      const double own = std::hypot(b.centre_x() - p.x, b.centre_y() - p.y);
      for (std::size_t j = 0; j < markers && free; ++j)
        free = j == i || std::hypot(b.centre_x() - points[j].x, b.centre_y() - points[j].y) > own + 2;
      if (!free) continue;
      out[i] = placed_label{x, y, t.anchor};
      taken.push_back(b);
      break;
    }
  }
  return out;
}

}  // namespace detail::chart

/// The bar chart as an <svg> element. Figures that span more than two decades are drawn on a log
/// axis, and the axis says so.
inline std::string render_svg(const bar_chart& c) {
  using namespace detail::chart;
  const std::size_t categories = c.categories.size();
  const auto value = [&](std::size_t s, std::size_t k) -> std::optional<double> {
    const auto& v = c.series[s].values;
    return k < v.size() && plottable(v[k]) ? std::optional(v[k]) : std::nullopt;
  };
  const auto range = [&](std::size_t s, std::size_t k) -> std::optional<std::pair<double, double>> {
    const std::size_t i = s * categories + k;
    if (i >= c.ranges.size() || !plottable(c.ranges[i].first) || !plottable(c.ranges[i].second)) return std::nullopt;
    return std::pair(std::min(c.ranges[i].first, c.ranges[i].second), std::max(c.ranges[i].first, c.ranges[i].second));
  };
  const auto doubt = [&](std::size_t s, std::size_t k) -> std::string_view {
    const std::size_t i = s * categories + k;
    return i < c.doubts.size() ? std::string_view(c.doubts[i]) : std::string_view();
  };
  double lo = 0, hi = 0, smallest = std::numeric_limits<double>::max();
  bool any = false, doubtful = false;
  std::string description;
  for (std::size_t k = 0; k < categories; ++k) {
    description += (k ? "; " : "") + c.categories[k] + ":";
    for (std::size_t s = 0; s < c.series.size(); ++s) {
      const auto v = value(s, k);
      description += fmt::format("{} {} {}", s ? "," : "", c.series[s].name, v ? value_text(*v, c.unit) : "not measured");
      if (!doubt(s, k).empty()) description += fmt::format(" (doubtful: {})", doubt(s, k)), doubtful = true;
      if (v) lo = std::min(lo, *v), hi = std::max(hi, *v), any = true;
      if (v && *v > 0) smallest = std::min(smallest, *v);
      if (const auto r = range(s, k)) lo = std::min(lo, r->first), hi = std::max(hi, r->second);
    }
    if (k < c.annotations.size() && !c.annotations[k].empty()) description += " (" + c.annotations[k] + ")";
  }
  if (!any) return no_data("bar", c.title, "");

  // More than two decades between the smallest and the largest positive figure: a log axis, or the
  // small bars would be a pixel wide.
  const bool log = lo >= 0 && smallest < std::numeric_limits<double>::max() && hi / smallest > 100;
  constexpr double plot_left = 196, plot_right = 636, bar = 18, gap = 4;
  const scale sc = log ? scale(smallest, hi, 10, 0) : scale(lo, hi, 0, 5);
  const auto px = [&](double v) {
    if (log) v = std::clamp(v, sc.lo, sc.hi);
    return plot_left + sc.at(v) * (plot_right - plot_left);
  };
  const double origin = log ? plot_left : px(0);
  const std::string id = id_of(c);
  std::string defs;
  for (std::size_t s = 0; s < c.series.size(); ++s) defs += pattern(id, s);
  if (doubtful)
    defs += fmt::format(R"svg(<pattern id="{}-doubt" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">)svg"
                        R"(<rect width="6" height="6" fill="#e4e4e4"/><rect width="2" height="6" fill="#9a9a9a"/></pattern>)", id);
  std::string body;
  auto keyed = c.series;
  if (doubtful) keyed.push_back({"⚠ doubtful: the reason is below its bar", {}});
  double y = legend(body, keyed, 34 + title_extra(c.title), [&](std::size_t s, double x, double ly) {
    return s < c.series.size() ? fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="24" height="12" fill="{}" stroke="{}"/>)", x, ly, fill(id, s), colour(s))
                               : fmt::format(R"svg(<rect x="{:.1f}" y="{:.1f}" width="24" height="12" fill="url(#{}-doubt)" stroke="#666" stroke-dasharray="3 2"/>)svg", x, ly, id);
  });
  const double top = y;
  std::string groups;
  for (std::size_t k = 0; k < categories; ++k) {
    const double height = std::max(static_cast<double>(c.series.size()) * (bar + gap) - gap, 28.0);
    groups += label(c.categories[k], plot_left - 8, y + height / 2, category_columns, 2, R"(text-anchor="end" class="category")");
    std::vector<std::string> reasons;
    for (std::size_t s = 0; s < c.series.size(); ++s) {
      const double by = y + static_cast<double>(s) * (bar + gap);
      const auto v = value(s, k);
      const auto r = range(s, k);
      const auto why = doubt(s, k);
      const std::string shown = v ? (why.empty() ? "" : "⚠ ") + value_text(*v, c.unit) : "–";
      // The reason first in its note, so that a long series name cannot push it out of the note.
      if (!why.empty()) reasons.push_back(fmt::format("⚠ {}{}", why, c.series.size() > 1 ? " (" + c.series[s].name + ")" : ""));
      groups += fmt::format(R"(<g class="bar{}" data-series="{}" data-category="{}" data-value="{}" data-label="{}"{}><title>{}, {}: {}{}</title>)",
                            why.empty() ? "" : " doubtful", escape(c.series[s].name), escape(c.categories[k]), v ? fmt::format("{}", *v) : "",
                            escape(shown), why.empty() ? "" : R"( data-doubt=")" + escape(why) + '"', escape(c.series[s].name),
                            escape(c.categories[k]), escape(v ? value_text(*v, c.unit) : "not measured"),
                            why.empty() ? "" : " (doubtful: " + escape(why) + ")");
      double end = v ? px(std::max(*v, 0.0)) : origin;
      const double start = v && !log ? px(std::min(*v, 0.0)) : origin;
      if (v)
        groups += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{}" fill="{}" stroke="{}"{}/>)", start, by, std::max(end - start, 0.0), bar,
                              why.empty() ? fill(id, s) : fmt::format("url(#{}-doubt)", id), why.empty() ? colour(s) : "#666",
                              why.empty() ? "" : R"( stroke-dasharray="3 2")");
      if (r) {
        const double a = px(r->first), b = px(r->second), m = by + bar / 2;
        groups += fmt::format(R"(<path class="range" data-min="{}" data-max="{}" d="M{:.1f} {:.1f}V{:.1f}M{:.1f} {:.1f}H{:.1f}M{:.1f} {:.1f}V{:.1f}" stroke="#222" stroke-width="1.5" fill="none"/>)",
                              r->first, r->second, a, m - 5, m + 5, a, m, b, b, m - 5, m + 5);
        end = std::max(end, b);
      }
      groups += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" class="value">{}</text></g>)", end + 5, by + 13, escape(shown));
    }
    y += height;
    // A note under the group: up to two lines of 80 characters, the rest cut with the whole in a tooltip.
    const auto note = [&](std::string_view text, std::string_view attributes) {
      const double extra = wrap(text, 80).size() > 1 ? 14 : 0;
      groups += label(text, plot_left, y + 10 + extra / 2, 80, 2, attributes);
      y += 18 + extra;
    };
    if (k < c.annotations.size() && !c.annotations[k].empty()) note(c.annotations[k], R"(font-style="italic" class="annotation")");
    for (const auto& reason : reasons) note(reason, R"(class="doubt" fill="#555")");
    y += 14;
  }
  body += x_axis(sc, plot_left, plot_right, top - 6, y) + groups;
  const std::string unit = log ? fmt::format("{}{}log scale: the figures span {:.1f} decades", c.unit, c.unit.empty() ? "" : ", ", std::log10(hi / smallest))
                               : c.unit;
  body += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" class="unit">{}</text>)", (plot_left + plot_right) / 2, y + 35, escape(unit));
  return svg_open("bar", c.title, description, y + 46, log ? R"( data-scale="log")" : "") + (defs.empty() ? "" : "<defs>" + defs + "</defs>") + body + "</svg>";
}

namespace detail::chart {

// The line chart; `labelled` tells whether every point's value found a place beside it (else the
// chart names its table of values, render_figure's).
inline std::string draw(const line_chart& c, bool& labelled_all) {
  labelled_all = true;
  std::vector<double> values;
  for (const auto& s : c.series) values.insert(values.end(), s.values.begin(), s.values.end());
  const int xb = c.log_x ? log_base_of(c.x) : 0, yb = c.log_y ? log_base_of(values) : 0;
  const bool labelled = c.x_tick_labels.size() == c.x.size();
  const auto shown = [&](std::size_t s, std::size_t i) {
    return i < c.x.size() && plottable(c.x[i], xb) && plottable(c.series[s].values[i], yb);
  };
  const auto x_text = [&](std::size_t i) { return labelled ? c.x_tick_labels[i] : value_text(c.x[i]); };
  const auto doubt = [&](std::size_t s, std::size_t i) { return doubt_of(c, s, i); };
  // The text beside a point, and in the table of values: a doubtful figure marked.
  const auto shown_text = [&](std::size_t s, std::size_t i) { return (doubt(s, i).empty() ? "" : "⚠ ") + value_text(c.series[s].values[i]); };
  double x_lo = std::numeric_limits<double>::max(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
  for (const double x : c.x)
    if (plottable(x, xb)) x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
  std::size_t skipped = 0;
  std::string description;
  for (std::size_t s = 0; s < c.series.size(); ++s) {
    description += (s ? "; " : "") + c.series[s].name + ":";
    for (std::size_t i = 0, n = 0; i < c.series[s].values.size(); ++i) {
      const double v = c.series[s].values[i];
      if (!shown(s, i)) {
        ++skipped;
        continue;
      }
      description += fmt::format("{} {} {}", n++ ? "," : "", x_text(i), value_text(v));
      if (!doubt(s, i).empty()) description += fmt::format(" (doubtful: {})", doubt(s, i));
      y_lo = std::min(y_lo, v), y_hi = std::max(y_hi, v);
    }
  }
  const std::string note = skipped == 0 ? "" : fmt::format("{} point{} not shown: not a finite number, or not above 0 on a log axis", skipped, skipped == 1 ? "" : "s");
  if (y_lo > y_hi) return no_data("line", c.title, note);
  if (yb == 0) y_lo = std::min(y_lo, 0.0), y_hi = std::max(y_hi, 0.0);  // a linear value axis starts at 0

  constexpr double left = 76, right = 720, plot_height = 300;
  const scale xs(x_lo, x_hi, xb, 6), ys(y_lo, y_hi, yb, 5);
  const auto px = [&](double v) { return left + xs.at(v) * (right - left); };
  // The doubts' reasons, each once with the series (and, when not all of its points, the points) it concerns.
  std::vector<std::pair<std::string, std::string>> reasons;  // reason, whom it concerns
  for (std::size_t s = 0; s < c.series.size(); ++s) {
    struct concern {
      std::string_view why;
      std::string xs;
      std::size_t points = 0;
    };
    std::vector<concern> own;
    std::size_t points = 0;
    for (std::size_t i = 0; i < c.series[s].values.size(); ++i) {
      if (!shown(s, i)) continue;
      ++points;
      if (doubt(s, i).empty()) continue;
      auto it = std::find_if(own.begin(), own.end(), [&](const concern& x) { return x.why == doubt(s, i); });
      if (it == own.end()) it = own.insert(own.end(), concern{doubt(s, i), "", 0});
      it->xs += (it->points++ ? ", " : "") + x_text(i);
    }
    for (const auto& x : own) {
      const std::string who = c.series[s].name + (x.points == points ? "" : " at " + x.xs);
      auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == x.why; });
      if (it == reasons.end()) reasons.emplace_back(std::string(x.why), who);
      else it->second += "; " + who;
    }
  }
  auto keyed = c.series;
  if (!reasons.empty()) keyed.push_back({"⚠ doubtful: the reasons are below", {}});
  std::string body;
  const double top = legend(body, keyed, 34 + title_extra(c.title), [&](std::size_t s, double x, double y) {
    if (s == c.series.size()) return marker(0, x + 12, y + 6, true);
    return fmt::format(R"(<line x1="{0:.1f}" y1="{2:.1f}" x2="{1:.1f}" y2="{2:.1f}" stroke="{3}" stroke-width="2" stroke-dasharray="{4}"/>)", x, x + 24, y + 6,
                       colour(s), dash(s)) + marker(s, x + 12, y + 6);
  });
  const double bottom = top + plot_height;
  const auto py = [&](double v) { return bottom - ys.at(v) * plot_height; };
  for (const double t : ys.ticks)
    body += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{2:.1f}" y2="{1:.1f}" stroke="{3}"/><text x="{4:.1f}" y="{5:.1f}" text-anchor="end" class="tick">{6}</text>)",
                        left, py(t), right, t == 0 ? "#444" : "#ddd", left - 6, py(t) + 4, tick_text(t, yb));
  if (labelled) {
    // The caller's labels at its x values, thinned to about 12 so that they do not overlap.
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < c.x.size(); ++i)
      if (plottable(c.x[i], xb)) at.push_back(i);
    const std::size_t every = (at.size() + 11) / 12;
    for (std::size_t j = 0; j < at.size(); j += every)
      body += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}" stroke="#ddd"/><text x="{0:.1f}" y="{3:.1f}" text-anchor="middle" class="tick">{4}</text>)",
                          px(c.x[at[j]]), top, bottom + 4, bottom + 17, escape(c.x_tick_labels[at[j]]));
    body += fmt::format(R"(<line x1="{0:.1f}" y1="{1:.1f}" x2="{2:.1f}" y2="{1:.1f}" stroke="#444"/>)", left, bottom, right);
  } else {
    body += x_axis(xs, left, right, top, bottom);
  }
  body += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" class="x-label">{}</text>)", (left + right) / 2, bottom + 36, escape(c.x_label)) +
          fmt::format(R"svg(<text transform="translate(16 {:.1f}) rotate(-90)" text-anchor="middle" class="y-label">{}</text>)svg", (top + bottom) / 2, escape(c.y_label));
  std::vector<point_at> at;
  for (std::size_t s = 0; s < c.series.size(); ++s)
    for (std::size_t i = 0; i < c.series[s].values.size(); ++i)
      if (shown(s, i)) at.push_back({px(c.x[i]), py(c.series[s].values[i]), shown_text(s, i)});
  const auto labels = place_labels(at, {left + 2, top + 2, width - 4, bottom - 2});
  std::size_t n = 0;
  for (std::size_t s = 0; s < c.series.size(); ++s) {
    std::string path, points;
    bool pen_down = false;
    for (std::size_t i = 0; i < c.series[s].values.size(); ++i) {
      if (!shown(s, i)) {
        pen_down = false;  // a gap in the line where a point is missing
        continue;
      }
      const double v = c.series[s].values[i], x = px(c.x[i]), y = py(v);
      path += fmt::format("{}{:.1f} {:.1f}", pen_down ? "L" : "M", x, y);
      pen_down = true;
      const auto& l = labels[n++];
      if (!l) labelled_all = false;
      const auto why = doubt(s, i);
      points += fmt::format(R"(<g class="point{}" data-series="{}" data-x="{}" data-value="{}" data-label="{}"{}><title>{}, {}: {}{}</title>{})",
                            why.empty() ? "" : " doubtful", escape(c.series[s].name), c.x[i], v, shown_text(s, i),
                            why.empty() ? "" : R"( data-doubt=")" + escape(why) + '"', escape(c.series[s].name), escape(x_text(i)), value_text(v),
                            why.empty() ? "" : " (doubtful: " + escape(why) + ")", marker(s, x, y, !why.empty())) +
                (l ? fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="{}" font-size="10" stroke="#fff" stroke-width="3" paint-order="stroke" class="value">{}</text>)",
                                 l->x, l->y, l->anchor, shown_text(s, i))
                   : "") +
                "</g>";
    }
    body += fmt::format(R"(<g class="series" data-series="{}"><path d="{}" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="{}"/>{}</g>)",
                        escape(c.series[s].name), path, colour(s), dash(s), points);
  }
  double height = bottom + 50;
  // Each reason beside the chart, first in its line: up to two lines, the rest cut with the whole in a tooltip.
  for (const auto& [why, who] : reasons) {
    const std::string text = "⚠ " + why + " (" + who + ")";
    const double extra = wrap(text, 100).size() > 1 ? 14 : 0;
    body += label(text, 8, height + 2 + extra / 2, 100, 2, R"(class="doubt" fill="#555")");
    height += 18 + extra;
  }
  if (!note.empty()) {
    body += fmt::format(R"(<text x="8" y="{:.1f}" class="note">{}</text>)", height + 6, note);
    height += 18;
  }
  if (!labelled_all) {
    body += fmt::format(R"(<text x="8" y="{:.1f}" class="note">Figures without room beside their point are in the table below.</text>)", height + 6);
    height += 18;
  }
  const std::string extra = fmt::format(R"( data-skipped="{}"{})", skipped, labelled_all ? "" : fmt::format(R"( data-values-table="{}-values")", id_of(c)));
  return svg_open("line", c.title, description, height, extra) + body + "</svg>";
}

}  // namespace detail::chart

/// The line chart as an <svg> element.
inline std::string render_svg(const line_chart& c) {
  bool labelled_all = true;
  return detail::chart::draw(c, labelled_all);
}

/// The line chart, and below it the table of its figures when some had no room beside their point.
inline std::string render_figure(const line_chart& c) {
  using namespace detail::chart;
  bool labelled_all = true;
  std::string out = draw(c, labelled_all);
  if (labelled_all) return out;
  const bool labelled = c.x_tick_labels.size() == c.x.size();
  const auto x_text = [&](std::size_t i) { return escape(labelled ? c.x_tick_labels[i] : value_text(c.x[i])); };
  const auto cell = [&](std::size_t s, std::size_t i) {
    const auto& v = c.series[s].values;
    if (i >= v.size() || !plottable(v[i])) return std::string("<td>–</td>");
    const auto why = doubt_of(c, s, i);
    if (why.empty()) return "<td>" + value_text(v[i]) + "</td>";
    return fmt::format(R"(<td class="doubtful" title="doubtful: {}">⚠ {}</td>)", escape(why), value_text(v[i]));
  };
  // A column per x, or per series when there are fewer series: the table stays narrow.
  const bool by_series = c.series.size() > c.x.size();
  out += fmt::format(R"(<div class="scroll"><table class="values" id="{}-values"><caption>{}: the figures, {}</caption><thead><tr><th scope="col">{}</th>)",
                     id_of(c), escape(c.title), escape(c.y_label), by_series ? "" : escape(c.x_label));
  for (std::size_t k = 0; k < (by_series ? c.x.size() : c.series.size()); ++k)
    out += R"(<th scope="col">)" + (by_series ? x_text(k) : escape(c.series[k].name)) + "</th>";
  out += "</tr></thead><tbody>";
  for (std::size_t r = 0; r < (by_series ? c.series.size() : c.x.size()); ++r) {
    out += R"(<tr><th scope="row">)" + (by_series ? escape(c.series[r].name) : x_text(r)) + "</th>";
    for (std::size_t k = 0; k < (by_series ? c.x.size() : c.series.size()); ++k) out += by_series ? cell(r, k) : cell(k, r);
    out += "</tr>";
  }
  return out + "</tbody></table></div>";
}

/// The matrix as an HTML <table>: light to mid blue by value, so black text stays readable.
inline std::string render_table(const heat_table& t) {
  using namespace detail::chart;
  const auto cell = [&](std::size_t r, std::size_t k) -> std::optional<double> {
    if (r >= t.cells.size() || k >= t.cells[r].size() || !t.cells[r][k] || !plottable(*t.cells[r][k])) return std::nullopt;
    return t.cells[r][k];
  };
  double lo = std::numeric_limits<double>::max(), hi = -lo;
  for (std::size_t r = 0; r < t.row_labels.size(); ++r)
    for (std::size_t k = 0; k < t.column_labels.size(); ++k)
      if (const auto v = cell(r, k)) lo = std::min(lo, *v), hi = std::max(hi, *v);
  std::string reasons;  // each doubt once, under the caption
  for (const auto& row : t.doubts)
    for (const auto& why : row)
      if (!why.empty() && reasons.find(escape(why)) == std::string::npos) reasons += (reasons.empty() ? "" : "; ") + escape(why);
  std::string out = fmt::format(R"(<div class="scroll"><table class="heat" data-title="{0}"><caption>{0}{1}{2}</caption>)", escape(t.title),
                                t.unit.empty() ? "" : " (" + escape(t.unit) + ")",
                                reasons.empty() ? "" : R"(<br/><span class="doubt">⚠ doubtful: )" + reasons + "</span>");
  if (lo > hi) return out + R"(<tbody><tr><td class="no-data">no data</td></tr></tbody></table></div>)";
  out += "<thead><tr><td></td>";
  for (const auto& k : t.column_labels) out += R"(<th scope="col">)" + escape(k) + "</th>";
  out += "</tr></thead><tbody>";
  for (std::size_t r = 0; r < t.row_labels.size(); ++r) {
    out += R"(<tr><th scope="row">)" + escape(t.row_labels[r]) + "</th>";
    for (std::size_t k = 0; k < t.column_labels.size(); ++k) {
      const std::string where = fmt::format(R"(data-row="{}" data-column="{}")", escape(t.row_labels[r]), escape(t.column_labels[k]));
      const auto v = cell(r, k);
      if (!v) {
        out += fmt::format(R"(<td class="missing" {} title="not measured">–</td>)", where);
        continue;
      }
      const std::string_view why = r < t.doubts.size() && k < t.doubts[r].size() ? std::string_view(t.doubts[r][k]) : std::string_view();
      if (!why.empty()) {  // grey, marked, the reason in its tooltip and in the caption's note
        out += fmt::format(R"(<td class="doubtful" {} data-value="{}" data-doubt="{}" title="doubtful: {}">⚠ {}</td>)", where, *v, escape(why), escape(why),
                           value_text(*v));
        continue;
      }
      const double f = hi > lo ? (*v - lo) / (hi - lo) : 0.5;
      const auto mix = [&](int from, int to) { return static_cast<int>(std::lround(from + f * (to - from))); };
      out += fmt::format(R"(<td {} data-value="{}" style="background:#{:02x}{:02x}{:02x}">{}</td>)", where, *v, mix(0xf7, 0x6b), mix(0xfb, 0xae),
                         mix(0xff, 0xd6), value_text(*v));
    }
    out += "</tr>";
  }
  return out + "</tbody></table></div>";
}

}  // namespace raidbench::html
