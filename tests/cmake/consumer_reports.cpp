// The rest of a user's tool, header-only as well: reads a controller dump, gathers the storage
// context, judges both with the shipped rules and writes the JSON and text reports, so every
// function that raidbench's own build compiles once (core/linkage.hpp) must link from the headers here.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <raidbench/context/context_json.hpp>
#include <raidbench/context/device_use.hpp>
#include <raidbench/context/storage_context.hpp>
#include <raidbench/controller/builtin_parsers.hpp>
#include <raidbench/controller/model_json.hpp>
#include <raidbench/report/context.hpp>
#include <raidbench/report/controller_summary.hpp>
#include <raidbench/report/prometheus.hpp>
#include <raidbench/report/verdicts.hpp>
#include <raidbench/result/result_json.hpp>
#include <raidbench/verdict/builtin_rules.hpp>
#include <raidbench/verdict/device_owner.hpp>
#include <raidbench/verdict/verdict_json.hpp>

namespace {

// A minimal /proc/mdstat: one RAID1 with a member missing.
constexpr const char* mdstat_text =
    "Personalities : [raid1]\n"
    "md0 : active raid1 sdb1[1] sda1[0](F)\n"
    "      1048512 blocks [2/1] [_U]\n"
    "\n"
    "unused devices: <none>\n";

int complain(const std::string& what) {
  std::fprintf(stderr, "consumer: %s\n", what.c_str());
  return 1;
}

}  // namespace

int check_reports(const std::filesystem::path& dir) {
  using namespace raidbench;
  auto context = gather_storage_context(dir);
  if (!context) return complain(context.message());
  if (const auto used = device_in_use(0, read_block_links())) return complain("device 0:0 in use: " + *used);
  auto inv = parse_any(mdstat_text);
  if (!inv) return complain(inv.message());
  // The inventory judged on its own, as rb-ctrl judges it; then beside this directory's storage.
  const auto verdicts = judge(facts{nullptr, &*inv, {}, {}, {}});
  const auto owner = tie_to_device(*context, &*inv);
  const auto beside_run = judge(facts{&*context, &*inv, owner, {}, {}});
  const nlohmann::json json = {{"context", *context}, {"controller", *inv}, {"device_under_test", owner},
                               {"verdicts", verdicts}, {"result", result{}}};
  const std::string text = format_context(*context) + format_controller_summary(*inv) + format_verdicts(beside_run) +
                           format_prometheus(*inv, verdicts);
  const auto fired = std::count_if(verdicts.begin(), verdicts.end(), [](const verdict& v) { return v.fired; });
  std::printf("consumer: %td verdicts fired, %zu bytes of JSON, %zu of text\n", fired, json.dump().size(), text.size());
  const bool degraded = std::any_of(verdicts.begin(), verdicts.end(), [](const verdict& v) {
    return v.fired && v.rule == "degraded_array" && v.level == severity::critical;
  });
  return degraded ? 0 : complain("no critical degraded_array verdict on a degraded RAID1");
}
