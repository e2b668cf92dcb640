// expect: Format is not an output importer: specialise raidbench::importer_traits<Format> with
// An importer whose traits have no detect(): rb-compare could never choose it.
#include <string_view>

#include "raidbench/compare/importer_list.hpp"

struct blind_importer {};
template <>
struct raidbench::importer_traits<blind_importer> {
  static constexpr std::string_view name = "blind";
  static raidbench::expected<raidbench::run_record> parse(std::string_view) { return raidbench::run_record{}; }
};

int main() { return raidbench::import_any("x", raidbench::importers<blind_importer>) ? 0 : 1; }
