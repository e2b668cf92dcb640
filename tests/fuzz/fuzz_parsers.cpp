// libFuzzer target for every parser family in one binary, so the parsers are compiled with clang's
// instrumentation once rather than once per family. The family comes from the environment
// (RAIDBENCH_FUZZ_PARSER=megacli|storcli|ssacli|arcconf|mdstat|mdadm|tw_cli|parse_any for the
// controller parsers, dd|pg_test_fsync|sysbench|bonnie|fio|import_any for the importers of classic
// outputs), read once at start; parse_any and import_any are detection through the builtin list,
// then the parser or importer it names.
// The parsers are called directly, not through parse_as: parse_as turns an exception into an error
// for users, which would hide it from the fuzzer. An exception here ends the run as a crash.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "raidbench/compare/builtin_importers.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "../../examples/custom-parser/tw_cli.hpp"
#include "fuzz_parser.hpp"

namespace {

// The parse function of the list member whose traits are named `name`, or nullptr: parsers and
// importers have traits of the same shape (name, detect, parse).
template <template <class> class Traits, class Result, class... Tags>
auto by_name(std::string_view name) {
  raidbench::expected<Result> (*found)(std::string_view) = nullptr;
  ((found = !found && Traits<Tags>::name == name ? +[](std::string_view t) { return Traits<Tags>::parse(t); } : found), ...);
  return found;
}

using parse_fn = raidbench::expected<raidbench::inventory> (*)(std::string_view);
using import_fn = raidbench::expected<raidbench::run_record> (*)(std::string_view);
parse_fn parse = nullptr;
import_fn import_run = nullptr;

parse_fn parser_named(std::string_view name) {
  using namespace raidbench;
  if (name == "parse_any")
    return +[](std::string_view text) -> expected<inventory> {
      const auto found = detect(text, builtin_parsers);
      return found ? parser_named(*found)(text) : fail("no parser recognises this text");
    };
  // tw_cli: the user parser of examples/custom-parser
  return by_name<parser_traits, inventory, megacli, storcli, ssacli, arcconf, mdstat, mdadm, tw_cli>(name);
}

import_fn importer_named(std::string_view name) {
  using namespace raidbench;
  if (name == "import_any")
    return +[](std::string_view text) -> expected<run_record> {
      const auto found = detect_output(text, builtin_importers);
      return found ? importer_named(*found)(text) : fail("no importer recognises this text");
    };
  if (name == "bonnie") name = "bonnie++";  // the fuzz family's name, without the pluses
  return by_name<importer_traits, run_record, dd_output, pg_test_fsync_output, sysbench_output, bonnie_output, fio_output>(name);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("RAIDBENCH_FUZZ_PARSER");
  parse = parser_named(name ? name : "");
  import_run = importer_named(name ? name : "");
  if (!parse && !import_run) {
    std::fprintf(stderr, "fuzz_parsers: set RAIDBENCH_FUZZ_PARSER to megacli, storcli, ssacli, arcconf, mdstat, "
                         "mdadm, tw_cli, parse_any, dd, pg_test_fsync, sysbench, bonnie, fio or import_any\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (import_run) return raidbench::fuzz::import_one(data, size, import_run);
  return raidbench::fuzz::run_one(data, size, parse);
}
