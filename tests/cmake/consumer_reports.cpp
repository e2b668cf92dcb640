// The rest of a user's tool, header-only as well: reads a controller dump, gathers the storage
// context and writes the JSON and text reports, so every function that raidbench's own build
// compiles once (core/linkage.hpp) must link from the headers here.
#include <cstdio>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include <raidbench/context/context_json.hpp>
#include <raidbench/context/device_use.hpp>
#include <raidbench/context/storage_context.hpp>
#include <raidbench/controller/builtin_parsers.hpp>
#include <raidbench/verdict/inventory_checks.hpp>
#include <raidbench/controller/model_json.hpp>
#include <raidbench/report/context.hpp>
#include <raidbench/report/controller_summary.hpp>
#include <raidbench/report/prometheus.hpp>
#include <raidbench/result/result_json.hpp>

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
  const auto findings = check_inventory(*inv);
  const nlohmann::json json = {{"context", *context}, {"controller", *inv}, {"result", result{}}};
  const std::string text = format_context(*context) + format_controller_summary(*inv, findings) +
                           format_prometheus(*inv, findings);
  std::printf("consumer: %zu findings, %zu bytes of JSON, %zu of text\n", findings.size(), json.dump().size(),
              text.size());
  return findings.empty() ? complain("no finding on a degraded RAID1") : 0;
}
