// User-defined policies, written outside the library (see docs/extending.md):
//  - `zipf` (zipf.hpp): an access policy with a run-time value and per-thread state;
//  - `every_7`: a sync policy derived from a built-in one; it keeps its meaning (a periodic fsync)
//    and changes its value;
//  - `checked_reads`: a mix derived from mix::reads_t; it reads, as its base does.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <raidbench/raidbench.hpp>

#include "zipf.hpp"

struct every_7 : raidbench::sync::fsync_every {
  every_7() : raidbench::sync::fsync_every{7} {}
};

struct checked_reads : raidbench::mix::reads_t {};

int main(int argc, char** argv) {
  using namespace raidbench;
  const std::filesystem::path dir = argc > 1 ? argv[1] : std::filesystem::temp_directory_path();
  std::string scratch = (dir / "rb-custom-policy-XXXXXX").string();
  if (!::mkdtemp(scratch.data())) {
    std::perror("rb-custom-policy: mkdtemp");
    return 1;
  }
  const target::file file{std::filesystem::path(scratch) / "data", 7_MiB};
  auto counts = [](const result& r, op_kind k) { return static_cast<unsigned long long>(r.stats.of(k).ops); };

  // The file written once through, 112 blocks, with a flush after every 7th.
  auto written = run(workload(mix::writes, every_7{}, block{64_KiB}, file, stop::after{.one_pass = true}));
  if (written) std::printf("every_7: %llu writes, %llu flushes\n", counts(*written, op_kind::write), counts(*written, op_kind::flush));
  // Skewed reads on two threads, each with its own copy of the policy.
  auto r = written ? run(workload(zipf(1.2), checked_reads{}, block{4_KiB}, file, threads{2},
                                  stop::after{.ops = 20000}))
                   : written;
  if (r) {
    const auto& reads = r->stats.of(op_kind::read);
    std::printf("%s: %llu reads, %llu writes, p50 %.0f ns, p99 %.0f ns\n", r->workload.access.c_str(), counts(*r, op_kind::read),
                counts(*r, op_kind::write), reads.latency.percentile_ns(50), reads.latency.percentile_ns(99));
  }
  std::filesystem::remove_all(scratch);
  if (!r) {
    std::fprintf(stderr, "rb-custom-policy: %s\n", r.message().c_str());
    return 1;
  }
  return 0;
}
