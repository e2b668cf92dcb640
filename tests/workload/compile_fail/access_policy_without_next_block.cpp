// expect: an access policy needs a static `name` and
#include "raidbench/workload/workload.hpp"
struct nowhere {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "nowhere";
};
int main() { (void)raidbench::workload(nowhere{}); }
