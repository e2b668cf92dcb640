#pragma once
// Results with fixed numbers for the comparison tests: reports written by hand around them.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "raidbench/result/result_json.hpp"

namespace raidbench::test {

// A result of `ops` 8 KiB writes in one second, as JSON.
inline nlohmann::json write_result(std::uint64_t ops) {
  raidbench::result r;
  r.workload.mix = "write";
  r.workload.block_size = 8192;
  r.stats.elapsed_ns = 1'000'000'000;
  r.stats.of(raidbench::op_kind::write).ops = ops;
  r.stats.of(raidbench::op_kind::write).bytes = ops * 8192;
  return r;
}

}  // namespace raidbench::test
