// A user-defined access policy, written outside the library: a hot spot where `IoPercent` % of the
// I/Os go to the first `HotPercent` % of the blocks (a database's hot index pages, say).
// The policy names its slot and picks blocks; the runner does the rest, with no virtual call.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <raidbench/raidbench.hpp>

template <unsigned HotPercent, unsigned IoPercent>
struct hotspot {
  using slot = raidbench::slot::access;
  static constexpr std::string_view name = "hotspot";
  bool next_block(raidbench::access::cursor& c, raidbench::random_generator& rng, std::uint64_t& block) const noexcept {
    const std::uint64_t hot = c.total * HotPercent / 100;
    if (hot != 0 && rng.below(100) < IoPercent) block = rng.below(hot);
    else block = rng.below(c.total);
    return true;
  }
};

int main(int argc, char** argv) {
  using namespace raidbench;
  const std::filesystem::path dir = argc > 1 ? argv[1] : std::filesystem::temp_directory_path();
  std::string scratch = (dir / "rb-custom-policy-XXXXXX").string();
  if (!::mkdtemp(scratch.data())) {
    std::perror("mkdtemp");
    return 1;
  }
  const target::file file{std::filesystem::path(scratch) / "data", 64_MiB};
  auto prepared = run(workload(mix::writes, block{1_MiB}, file, stop::after{.one_pass = true}));
  auto r = prepared ? run(workload(hotspot<10, 90>{}, block{4_KiB}, file, stop::after{.ops = 20000}))
                    : prepared;
  std::filesystem::remove_all(scratch);
  if (!r) {
    std::fprintf(stderr, "rb-custom-policy: %s\n", r.message().c_str());
    return 1;
  }
  const auto& reads = r->stats.of(op_kind::read);
  std::printf("%s: %llu reads, p50 %.0f ns, p99 %.0f ns\n", r->workload.access.c_str(),
              static_cast<unsigned long long>(reads.ops), reads.latency.percentile_ns(50), reads.latency.percentile_ns(99));
  return 0;
}
