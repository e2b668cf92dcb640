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

template <class... Tags>
struct tags {};
// tw_cli: the user parser of examples/custom-parser.
using parser_tags = tags<raidbench::megacli, raidbench::storcli, raidbench::ssacli, raidbench::arcconf, raidbench::mdstat,
                         raidbench::mdadm, tw_cli>;
using importer_tags = tags<raidbench::dd_output, raidbench::pg_test_fsync_output, raidbench::sysbench_output,
                           raidbench::bonnie_output, raidbench::fio_output>;

// The parse function of the member whose traits are named `name`, or nullptr: parsers and importers
// have traits of the same shape (name, detect, parse).
template <template <class> class Traits, class Result, class... Tags>
auto by_name(std::string_view name, tags<Tags...>) {
  raidbench::expected<Result> (*found)(std::string_view) = nullptr;
  ((found = !found && Traits<Tags>::name == name ? +[](std::string_view t) { return Traits<Tags>::parse(t); } : found), ...);
  return found;
}

raidbench::expected<raidbench::inventory> (*parse)(std::string_view) = nullptr;
raidbench::expected<raidbench::run_record> (*import_run)(std::string_view) = nullptr;

// The family `name`: one parser or importer, or each kind's whole list through its detection.
void choose(std::string_view name) {
  using namespace raidbench;
  if (name == "parse_any") {
    parse = +[](std::string_view text) -> expected<inventory> {
      const auto found = detect(text, builtin_parsers);
      return found ? by_name<parser_traits, inventory>(*found, parser_tags{})(text) : fail("no parser recognises this text");
    };
  } else if (name == "import_any") {
    import_run = +[](std::string_view text) -> expected<run_record> {
      const auto found = detect_output(text, builtin_importers);
      return found ? by_name<importer_traits, run_record>(*found, importer_tags{})(text) : fail("no importer recognises this text");
    };
  } else {
    parse = by_name<parser_traits, inventory>(name, parser_tags{});
    import_run = by_name<importer_traits, run_record>(name == "bonnie" ? "bonnie++" : name, importer_tags{});  // the family drops the pluses
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("RAIDBENCH_FUZZ_PARSER");
  choose(name ? name : "");
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
