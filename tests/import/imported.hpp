#pragma once
// What the importers' own tests share: an importer's captures and imports, the lookups of a run's
// tests and figures, and the checks they make on them.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench::test::imported {

/// The run's test named `name`; the test fails without it.
inline const comparable_test& test_of(const run_record& r, std::string_view name) {
  const auto* t = r.find(name);
  BOOST_TEST_REQUIRE(t != nullptr, "no test " << name);
  return *t;
}

/// The figure's value, NaN when the figure is missing or has none.
inline double value(const run_record& r, std::string_view test, std::string_view metric) {
  const auto* f = test_of(r, test).find(metric);
  return f && f->value ? *f->value : std::numeric_limits<double>::quiet_NaN();
}

/// The run's test names, in order.
inline std::vector<std::string> names(const run_record& r) {
  std::vector<std::string> out;
  for (const auto& t : r.tests) out.push_back(t.name);
  return out;
}

/// A figure a test must have: its value, equal within a relative tolerance (0: exactly).
struct figure_is {
  figure_is(std::string_view metric, double value, double tolerance = 0) : metric(metric), value(value), tolerance(tolerance) {}
  std::string_view metric;
  double value;
  double tolerance;
};

/// The figures of the run's test `test` have the values given.
inline void expect_figures(const run_record& r, std::string_view test, std::initializer_list<figure_is> expected) {
  for (const auto& e : expected)
    BOOST_TEST_CONTEXT(test << " " << e.metric)
      BOOST_TEST(value(r, test, e.metric) == e.value, boost::test_tools::tolerance(e.tolerance));
}

/// The test's parameters named in `expected` have the values given.
inline void expect_parameters(const comparable_test& t, std::initializer_list<std::pair<std::string, std::string>> expected) {
  for (const auto& [key, want] : expected) BOOST_TEST_CONTEXT(t.name << " " << key) BOOST_TEST(t.parameters.at(key) == want);
}

/// One importer as its tests use it: the captures in tests/fixtures/imports/<folder>/, whose runs
/// are runs of `tool`, and whose error messages start with "<tool>: ".
template <class Format>
struct importer {
  std::string_view folder;
  std::string_view tool;

  /// The bytes of the capture `name`.
  std::string capture(std::string_view name) const {
    const std::string path = std::string(RAIDBENCH_FIXTURES_DIR) + "/imports/" + std::string(folder) + "/" + std::string(name);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open fixture " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  /// The text, which the importer must detect and read as a run of `tool`.
  run_record import_text(std::string_view text) const {
    BOOST_TEST_REQUIRE(importer_traits<Format>::detect(text));
    auto r = import_as<Format>(text);
    BOOST_TEST_REQUIRE(r.has_value(), (r ? std::string() : r.message()));
    BOOST_TEST(r->tool == tool);
    return std::move(r).value();
  }

  run_record import_capture(std::string_view name) const { return import_text(capture(name)); }

  /// Each text is not the tool's output: not detected, and refused with one line naming the tool.
  void expect_refused(std::initializer_list<std::string_view> texts) const {
    for (const auto text : texts) {
      BOOST_TEST(!importer_traits<Format>::detect(text));
      const auto r = import_as<Format>(text);
      BOOST_TEST_REQUIRE(!r.has_value());
      BOOST_TEST(r.message().starts_with(std::string(tool) + ": "));
      BOOST_TEST(r.message().find('\n') == std::string::npos);
    }
  }

  /// Every `step`-th prefix of the text gives a run of finite, non-negative figures or a one-line error.
  void expect_prefixes_read_or_refused(std::string_view text, std::size_t step) const {
    for (std::size_t n = 0; n <= text.size(); n += step) {
      const auto p = import_as<Format>(text.substr(0, n));
      if (!p) BOOST_TEST(p.message().find('\n') == std::string::npos);
      else
        for (const auto& t : p->tests)
          for (const auto& f : t.figures)
            if (f.value) BOOST_TEST((std::isfinite(*f.value) && *f.value >= 0));
    }
  }
};

}  // namespace raidbench::test::imported
