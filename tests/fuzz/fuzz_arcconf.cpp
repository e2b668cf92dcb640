// libFuzzer target: the arcconf parser on arbitrary text.
#include "raidbench/controller/arcconf.hpp"

#include "fuzz_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return raidbench::fuzz::run_one(data, size, [](std::string_view t) { return raidbench::parse_as<raidbench::arcconf>(t); });
}
