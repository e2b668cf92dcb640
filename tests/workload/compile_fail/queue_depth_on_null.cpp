// expect: a queue depth needs an asynchronous engine
#include "raidbench/workload/workload.hpp"
int main() {
  using namespace raidbench;
  (void)workload(engine::null, queue_depth{8}, target::file{"f", 4096});
}
