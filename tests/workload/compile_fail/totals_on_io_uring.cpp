// expect: timing::totals is for the synchronous engines and copies
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::engine::io_uring, raidbench::timing::totals); }
