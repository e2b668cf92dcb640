// expect: a mix policy needs a `name` and a static `kind`
#include "raidbench/workload/workload.hpp"
struct half_reads {
  using slot = raidbench::slot::mix;
  static constexpr std::string_view name = "half";
  double read_fraction() const { return 0.5; }
};
int main() { (void)raidbench::workload(half_reads{}); }
