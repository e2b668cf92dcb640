// The floor for a page-cache-hot random read: raw pread(2) at uniform random block-aligned offsets,
// drawn with raidbench's generator exactly as access::random draws them, and nothing else per I/O
// (no clock read, no histogram). The clock is read once every 1024 calls to stop on time.
// Usage: pread_floor FILE [SECONDS=5] [BLOCK=4096] [SEED=1]
// Prints one line: ops, seconds, IOPS, wall ns per I/O and CPU ns per I/O (user + system).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/clock.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/random.hpp"

namespace {

double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

[[noreturn]] void die(const char* what, const char* detail) {
  std::fprintf(stderr, "pread_floor: %s: %s\n", what, detail);
  std::exit(1);
}

std::uint64_t number(const char* text, const char* what) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v == 0) die(what, "not a positive whole number");
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 5) {
    std::fprintf(stderr, "usage: pread_floor FILE [SECONDS=5] [BLOCK=4096] [SEED=1]\n");
    return 2;
  }
  const std::uint64_t seconds = argc > 2 ? number(argv[2], "SECONDS") : 5;
  const std::uint64_t block = argc > 3 ? number(argv[3], "BLOCK") : 4096;
  const std::uint64_t seed = argc > 4 ? number(argv[4], "SEED") : 1;
  raidbench::file_descriptor fd(::open(argv[1], O_RDONLY | O_CLOEXEC));
  if (!fd) die(argv[1], std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) die(argv[1], std::strerror(errno));
  const std::uint64_t blocks = static_cast<std::uint64_t>(st.st_size) / block;
  if (blocks == 0) die(argv[1], "smaller than one block");

  raidbench::aligned_buffer buffer(block);
  raidbench::random_generator rng(seed);
  const double cpu_start = cpu_seconds();
  const std::uint64_t start = raidbench::now_ns();
  const std::uint64_t deadline = start + seconds * 1'000'000'000u;
  std::uint64_t ops = 0, now = start;
  while (now < deadline) {
    for (int i = 0; i < 1024; ++i) {
      const auto offset = static_cast<off_t>(rng.below(blocks) * block);
      if (::pread(fd.get(), buffer.data(), block, offset) != static_cast<ssize_t>(block)) die("pread", std::strerror(errno));
    }
    ops += 1024;
    now = raidbench::now_ns();
  }
  const double wall = static_cast<double>(now - start) / 1e9;
  const double cpu = cpu_seconds() - cpu_start;
  std::printf("ops %llu seconds %.3f iops %.0f wall_ns_per_io %.1f cpu_ns_per_io %.1f\n",
              static_cast<unsigned long long>(ops), wall, static_cast<double>(ops) / wall,
              wall * 1e9 / static_cast<double>(ops), cpu * 1e9 / static_cast<double>(ops));
}
