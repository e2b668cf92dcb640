// expect: a queue depth needs an asynchronous engine
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::engine::psync, raidbench::queue_depth{32}); }
