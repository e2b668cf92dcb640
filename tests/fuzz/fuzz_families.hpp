#pragma once
// What the fuzz target's translation units give each other. The families are compiled apart
// (controller parsers, their judgement, importers, rb-durable's readers) so that the build compiles
// them in parallel rather than as one long unit; fuzz_parsers.cpp only picks one at start.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace raidbench::fuzz {

/// Fuzzes one input; 0 when it is done with it (a failed check aborts).
using one_input = int (*)(const std::uint8_t* data, std::size_t size);

/// The controller parser family `name` (a built-in parser, tw_cli or mpt-status of
/// examples/extending/parser, or parse_any), or nullptr (fuzz_controllers.cpp).
one_input controller_family(std::string_view name);

/// The importer family `name` (dd, pg_test_fsync, sysbench, bonnie, fio or import_any), or nullptr
/// (fuzz_imports.cpp).
one_input import_family(std::string_view name);

/// rb-durable's readers: a saved verify result and a server's answer to `expect` (fuzz_durability.cpp).
int durability_one(const std::uint8_t* data, std::size_t size);

}  // namespace raidbench::fuzz
