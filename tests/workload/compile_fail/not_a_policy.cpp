// expect: every argument must be a policy
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::block{4096}, 42); }
