#pragma once
// Reading a saved durability result (see core/linkage.hpp): included by proof.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "raidbench/core/input_file.hpp"
#include "raidbench/durability/proof.hpp"

namespace raidbench {

RAIDBENCH_API expected<durability_proof> read_durability_proof(const std::string& path) {
  auto text = read_input_file(path);
  if (!text) return text.err();
  return parse_durability_proof(*text, path);
}

RAIDBENCH_API expected<durability_proof> parse_durability_proof(std::string_view text, const std::string& path) {
  const auto bad = [&](std::string_view why) {
    return fail(fmt::format("{} is not a result of rb-durable verify --json: {}", path, why));
  };
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("not a JSON object");
  if (j.value("tool", "") != "rb-durable" || j.value("kind", "") != "durability") return bad("no \"tool\": \"rb-durable\", \"kind\": \"durability\"");
  durability_proof p;
  p.file = path;
  const auto text_of = [&](const char* key, std::string& out) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string() || it->get_ref<const std::string&>().size() > 4096) return false;
    out = it->get<std::string>();
    return true;
  };
  if (!text_of("target", p.target) || !text_of("device", p.device) || !text_of("verified_at", p.verified_at))
    return bad("\"target\", \"device\" and \"verified_at\" must be texts");
  const auto cuts = j.find("cuts");
  if (cuts == j.end() || !cuts->is_object()) return bad("no \"cuts\" object");
  const auto count = [&](const char* key, std::uint64_t& out) {
    const auto it = cuts->find(key);
    if (it == cuts->end() || !it->is_number_unsigned()) return false;
    out = it->get<std::uint64_t>();
    return true;
  };
  if (!count("count", p.cuts) || !count("rebooted", p.rebooted_cuts) || !count("acknowledged", p.acknowledged) ||
      !count("checked", p.checked) || !count("lost", p.lost))
    return bad("\"cuts\" needs whole numbers count, rebooted, acknowledged, checked and lost");
  if (p.rebooted_cuts > p.cuts || p.lost > p.checked) return bad("\"cuts\" counts that contradict each other");
  const auto methods = j.find("methods");
  if (methods == j.end() || !methods->is_object() || methods->size() > 16) return bad("no \"methods\" object");
  for (const auto& [name, tally] : methods->items()) p.methods.push_back(name);
  return p;
}

}  // namespace raidbench
