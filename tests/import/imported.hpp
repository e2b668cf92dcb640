#pragma once
// What the importers' own tests share: a capture's text, an import that must succeed, and the
// lookups of its tests and figures.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/compare/comparable.hpp"
#include "raidbench/compare/importer_traits.hpp"

namespace raidbench::test::imported {

/// The bytes of tests/fixtures/imports/<folder>/<name>.
inline std::string capture(const std::string& folder, const std::string& name) {
  const std::string path = std::string(RAIDBENCH_FIXTURES_DIR) + "/imports/" + folder + "/" + name;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open fixture " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The text imported with `Format`, which must detect it and read it as a run of `tool`.
template <class Format>
run_record import_text(std::string_view text, std::string_view tool) {
  BOOST_TEST_REQUIRE(importer_traits<Format>::detect(text));
  auto r = import_as<Format>(text);
  BOOST_TEST_REQUIRE(r.has_value(), (r ? std::string() : r.message()));
  BOOST_TEST(r->tool == tool);
  return std::move(r).value();
}

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

}  // namespace raidbench::test::imported
