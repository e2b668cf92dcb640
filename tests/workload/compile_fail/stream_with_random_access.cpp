// expect: the stream engine reads and writes in order
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::engine::stream, raidbench::access::random); }
