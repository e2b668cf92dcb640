// libFuzzer target for every parser family in one binary, so the parsers are compiled with clang's
// instrumentation once rather than once per family. The family comes from the environment
// (RAIDBENCH_FUZZ_PARSER=megacli|storcli|ssacli|arcconf|mdstat|mdadm|tw_cli|mpt-status|parse_any for the
// controller parsers, dd|pg_test_fsync|sysbench|bonnie|fio|import_any for the importers of classic
// outputs, durability for rb-durable's saved results and server answers), read once at start; parse_any and import_any read with the first member of the builtin
// list that recognises the text, as the library's parse_any and import_any choose.
// The parsers are called directly, not through parse_as: parse_as turns an exception into an error
// for users, which would hide it from the fuzzer. An exception here ends the run as a crash.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <type_traits>

#include "raidbench/compare/builtin_importers.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/durability/proof.hpp"
#include "raidbench/durability/verifier.hpp"

#include "../../examples/extending/parser/mpt_status.hpp"
#include "../../examples/extending/parser/tw_cli.hpp"
#include "fuzz_parser.hpp"

namespace {

// The parse function of the member of `list` whose traits are named `name`, or nullptr.
template <template <class> class Traits, class... Tags>
auto by_name(std::string_view name, raidbench::tag_list<Traits, Tags...>) {
  std::common_type_t<decltype(&Traits<Tags>::parse)...> found = nullptr;
  ((found = !found && Traits<Tags>::name == name ? &Traits<Tags>::parse : found), ...);
  return found;
}

// The first member of `list` that recognises the text reads it, as parse_any and import_any choose.
template <class Result, template <class> class Traits, class... Tags>
raidbench::expected<Result> first_reader(std::string_view text, raidbench::tag_list<Traits, Tags...>) {
  std::optional<raidbench::expected<Result>> read;
  (void)((Traits<Tags>::detect(text) ? (read.emplace(Traits<Tags>::parse(text)), true) : false) || ...);
  return read ? std::move(*read) : raidbench::fail("nothing in the list recognises this text");
}

raidbench::expected<raidbench::inventory> (*parse)(std::string_view) = nullptr;
raidbench::expected<raidbench::run_record> (*import_run)(std::string_view) = nullptr;
bool durability = false;

// rb-durable's readers of what another machine or a user hands it: a saved verify result
// (--durability FILE), judged as the tools judge with it; a server's answer to `expect`.
int durability_one(const std::uint8_t* data, std::size_t size) {
  using namespace raidbench;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const auto proof = parse_durability_proof(text, "fuzz"); proof) {
    storage_context c;
    block_node disk;
    disk.name = proof->device;
    c.devices.push_back(disk);
    const named_result fast{"fdatasync", {}};
    (void)nlohmann::json(judge(facts{&c, nullptr, {}, std::span(&fast, 1), {}, &*proof})).dump();
  } else if (proof.message().empty()) {
    std::abort();
  }
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const auto end = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  const auto run = durability::detail::parse_expectation(lines, "fuzz");
  if (!run && run.message().empty()) std::abort();
  if (run)
    for (const auto& b : run->blocks)
      if (b.offset + run->block_size > run->size || b.write.generation == 0) std::abort();
  return 0;
}

// The family `name`: one parser (the built-in ones, and tw_cli, the user parser of
// examples/extending/parser) or importer, or each kind's built-in list through its detection.
void choose(std::string_view name) {
  using namespace raidbench;
  if (name == "durability") durability = true;
  else if (name == "parse_any") parse = [](std::string_view t) { return first_reader<inventory>(t, builtin_parsers); };
  else if (name == "import_any") import_run = [](std::string_view t) { return first_reader<run_record>(t, builtin_importers); };
  else {
    parse = by_name(name, builtin_parsers + parsers<tw_cli, mpt_status>);
    import_run = by_name(name == "bonnie" ? "bonnie++" : name, builtin_importers);  // the family drops the pluses
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("RAIDBENCH_FUZZ_PARSER");
  choose(name ? name : "");
  if (!parse && !import_run && !durability) {
    std::fprintf(stderr, "fuzz_parsers: set RAIDBENCH_FUZZ_PARSER to megacli, storcli, ssacli, arcconf, mdstat, "
                         "mdadm, tw_cli, mpt-status, parse_any, dd, pg_test_fsync, sysbench, bonnie, fio, import_any or durability\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (durability) return durability_one(data, size);
  if (import_run) return raidbench::fuzz::import_one(data, size, import_run);
  return raidbench::fuzz::run_one(data, size, parse);
}
