// expect: two policies fill the 'sync' slot
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::sync::fsync_every{10}, raidbench::sync::fdatasync_at_end); }
