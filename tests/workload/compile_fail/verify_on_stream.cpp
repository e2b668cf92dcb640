// expect: verification needs the psync, io_uring or mmap engine
#include "raidbench/workload/workload.hpp"
int main() {
  using namespace raidbench;
  (void)workload(engine::stream, verify::sysbench_blocks, target::descriptor{0, 1});
}
