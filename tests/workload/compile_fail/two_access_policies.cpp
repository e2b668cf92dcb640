// expect: two policies fill the 'access' slot
#include "raidbench/workload/workload.hpp"
int main() { (void)raidbench::workload(raidbench::access::random, raidbench::access::sequential); }
