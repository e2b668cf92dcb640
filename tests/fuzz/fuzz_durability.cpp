// rb-durable's readers of what another machine or a user hands it, for the fuzz target: a saved
// verify result (--durability FILE), judged as the tools judge with it; a server's answer to `expect`.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "raidbench/durability/proof.hpp"
#include "raidbench/durability/verifier.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/verdict_json.hpp"

#include "fuzz_families.hpp"

namespace raidbench::fuzz {

int durability_one(const std::uint8_t* data, std::size_t size) {
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

}  // namespace raidbench::fuzz
