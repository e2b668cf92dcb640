// libFuzzer target for every reader family in one binary, so the parsers are compiled with clang's
// instrumentation once rather than once per family. The family comes from the environment
// (RAIDBENCH_FUZZ_PARSER=megacli|storcli|ssacli|arcconf|mdstat|mdadm|tw_cli|mpt-status|parse_any for the
// controller parsers, dd|pg_test_fsync|sysbench|bonnie|fio|import_any for the importers of classic
// outputs, durability for rb-durable's saved results and server answers), read once at start; parse_any
// and import_any read with the first member of the builtin list that recognises the text, as the
// library's parse_any and import_any choose. Each kind of family is a unit of its own (fuzz_families.hpp).
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz_families.hpp"

namespace {

raidbench::fuzz::one_input chosen = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  using namespace raidbench::fuzz;
  const char* env = std::getenv("RAIDBENCH_FUZZ_PARSER");
  const std::string_view name = env ? env : "";
  if (name == "durability") chosen = durability_one;
  else if (!(chosen = controller_family(name))) chosen = import_family(name);
  if (!chosen) {
    std::fprintf(stderr, "fuzz_parsers: set RAIDBENCH_FUZZ_PARSER to megacli, storcli, ssacli, arcconf, mdstat, "
                         "mdadm, tw_cli, mpt-status, parse_any, dd, pg_test_fsync, sysbench, bonnie, fio, import_any or durability\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { return chosen(data, size); }
