// The controller parser families of the fuzz target: each built-in parser by its name, the user
// parsers of examples/extending/parser (tw_cli, mpt-status), and parse_any's choice over the
// built-in list. The parsers are called directly, not through parse_as: parse_as turns an exception
// into an error for users, which would hide it from the fuzzer. An exception here ends the run as a crash.

#include "raidbench/controller/builtin_parsers.hpp"

#include "../../examples/extending/parser/mpt_status.hpp"
#include "../../examples/extending/parser/tw_cli.hpp"
#include "fuzz_families.hpp"
#include "fuzz_parser.hpp"

namespace raidbench::fuzz {

namespace {

using parse_function = expected<inventory> (*)(std::string_view);
parse_function chosen = nullptr;

int one(const std::uint8_t* data, std::size_t size) { return read_one(data, size, chosen, check_inventory); }

}  // namespace

one_input controller_family(std::string_view name) {
  if (name == "parse_any") chosen = [](std::string_view t) { return first_reader<inventory>(t, builtin_parsers); };
  else chosen = by_name<inventory>(name, builtin_parsers + parsers<tw_cli, mpt_status>);
  return chosen ? one : nullptr;
}

}  // namespace raidbench::fuzz
