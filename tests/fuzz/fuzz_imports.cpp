// The importer families of the fuzz target: each built-in importer of classic outputs by its name,
// and import_any's choice over the built-in list. An importer's run must be usable as rb-compare
// uses it: written as JSON, read back equal, and compared with itself (every change 0).

#include <nlohmann/json.hpp>

#include "raidbench/compare/builtin_importers.hpp"
#include "raidbench/compare/comparable_json.hpp"
#include "raidbench/compare/comparison.hpp"

#include "fuzz_families.hpp"
#include "fuzz_parser.hpp"

namespace raidbench::fuzz {

namespace {

using import_function = expected<run_record> (*)(std::string_view);
import_function chosen = nullptr;

void check_run(std::string_view, const run_record& run) {
  for (const auto& t : run.tests)
    for (const auto& f : t.figures)
      if (f.value && !(*f.value == *f.value)) std::abort();  // NaN
  const auto json = nlohmann::json(run);
  (void)json.dump();
  if (nlohmann::json::parse(json.dump()).get<run_record>() != run) std::abort();
  if (run.tests.empty()) return;
  const auto c = compare_sides({{"A", {run}}, {"B", {run}}});
  if (c)
    for (const auto& row : c->rows)
      if (row.changes.size() > 1 && row.changes[1].percent && *row.changes[1].percent != 0) std::abort();
}

int one(const std::uint8_t* data, std::size_t size) { return read_one(data, size, chosen, check_run); }

}  // namespace

one_input import_family(std::string_view name) {
  if (name == "import_any") chosen = [](std::string_view t) { return first_reader<run_record>(t, builtin_importers); };
  else chosen = by_name<run_record>(name == "bonnie" ? "bonnie++" : name, builtin_importers);  // the family drops the pluses
  return chosen ? one : nullptr;
}

}  // namespace raidbench::fuzz
