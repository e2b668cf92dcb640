// expect: a sync policy needs a `name` and a static `kind`
#include "raidbench/workload/workload.hpp"
struct sometimes {
  using slot = raidbench::slot::sync;
  static constexpr std::string_view name = "sometimes";
  static constexpr raidbench::sync::kind kind = raidbench::sync::kind::periodic;
  static constexpr raidbench::sync::call flush_call = raidbench::sync::call::fsync;
};
int main() { (void)raidbench::workload(sometimes{}); }
