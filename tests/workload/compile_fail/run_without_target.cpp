// expect: a workload needs a target
#include "raidbench/run/runner.hpp"
int main() { (void)raidbench::run(raidbench::workload(raidbench::access::random)); }
