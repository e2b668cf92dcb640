// expect: the mmap engine cannot use O_DIRECT
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::engine::mmap, raidbench::open::direct | raidbench::open::dsync); }
