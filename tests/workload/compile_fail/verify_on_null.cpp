// expect: verification needs the psync, io_uring or mmap engine
#include "raidbench/workload/workload.hpp"
int main() {
  using namespace raidbench;
  (void)workload(engine::null, verify::sysbench_blocks, target::file{"f", 4096});
}
