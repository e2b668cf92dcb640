// expect: two policies fill the 'mix' slot
// A policy derived from a mix fills the mix slot, whatever it was meant for.
#include "raidbench/workload/workload.hpp"
struct my_pattern : raidbench::mix::reads_t {};
int main() { (void)raidbench::workload(raidbench::mix::writes, my_pattern{}); }
