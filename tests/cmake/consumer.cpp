// A user's own tool, built against the headers alone (no compiled part): composes a workload from
// raidbench's policies and runs it in a temp directory. With find_package it also calls
// check_reports() (consumer_reports.cpp).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <raidbench/raidbench.hpp>

#ifdef RAIDBENCH_CONSUMER_REPORTS
int check_reports(const std::filesystem::path& dir);
#endif

int main() {
  using namespace raidbench;
  std::string dir = (std::filesystem::temp_directory_path() / "raidbench-consumer-XXXXXX").string();
  if (!::mkdtemp(dir.data())) return 2;
  const target::file file{std::filesystem::path(dir) / "data", 1_MiB};
  auto written = run(workload(mix::writes, block{64_KiB}, file, sync::fdatasync_at_end, stop::after{.one_pass = true}));
  auto read = run(workload(access::random, block{4_KiB}, file, stop::after{.ops = 1000}, threads{2}));
#ifdef RAIDBENCH_CONSUMER_REPORTS
  const int reports = check_reports(dir);
#else
  const int reports = 0;
#endif
  std::filesystem::remove_all(dir);
  if (!written || !read) {
    std::fprintf(stderr, "consumer: %s\n", (!written ? written : read).message().c_str());
    return 1;
  }
  std::printf("consumer: %llu reads, p99 %.0f ns\n", static_cast<unsigned long long>(read->stats.events()),
              read->stats.of(op_kind::read).latency.percentile_ns(99));
  return read->stats.events() == 1000 ? reports : 1;
}
