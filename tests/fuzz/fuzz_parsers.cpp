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

using parse_fn = raidbench::expected<raidbench::inventory> (*)(std::string_view);
parse_fn parse = nullptr;

template <class Tool>
raidbench::expected<raidbench::inventory> parse_with(std::string_view text) {
  return raidbench::parser_traits<Tool>::parse(text);
}

parse_fn parser_named(std::string_view name);

raidbench::expected<raidbench::inventory> parse_with_any(std::string_view text) {
  const auto name = raidbench::detect(text, raidbench::builtin_parsers);
  if (!name) return raidbench::fail("no parser recognises this text");
  return parser_named(*name)(text);
}

parse_fn parser_named(std::string_view name) {
  using namespace raidbench;
  if (name == "megacli") return parse_with<megacli>;
  if (name == "storcli") return parse_with<storcli>;
  if (name == "ssacli") return parse_with<ssacli>;
  if (name == "arcconf") return parse_with<arcconf>;
  if (name == "mdstat") return parse_with<mdstat>;
  if (name == "mdadm") return parse_with<mdadm>;
  if (name == "tw_cli") return parse_with<tw_cli>;  // the user parser of examples/custom-parser
  if (name == "parse_any") return parse_with_any;
  return nullptr;
}

using import_fn = raidbench::expected<raidbench::run_record> (*)(std::string_view);
import_fn import_run = nullptr;

template <class Format>
raidbench::expected<raidbench::run_record> import_with(std::string_view text) {
  return raidbench::importer_traits<Format>::parse(text);
}

import_fn importer_named(std::string_view name);

raidbench::expected<raidbench::run_record> import_with_any(std::string_view text) {
  const auto name = raidbench::detect_output(text, raidbench::builtin_importers);
  if (!name) return raidbench::fail("no importer recognises this text");
  return importer_named(*name)(text);
}

import_fn importer_named(std::string_view name) {
  using namespace raidbench;
  if (name == "dd") return import_with<dd_output>;
  if (name == "pg_test_fsync") return import_with<pg_test_fsync_output>;
  if (name == "sysbench") return import_with<sysbench_output>;
  if (name == "bonnie" || name == "bonnie++") return import_with<bonnie_output>;
  if (name == "fio") return import_with<fio_output>;
  if (name == "import_any") return import_with_any;
  return nullptr;
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
