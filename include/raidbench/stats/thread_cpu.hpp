#pragma once
/// CPU time one thread used, in user and in system mode: what tells whether a run was limited by
/// its own threads (verdict/tool_overhead.hpp) rather than by the storage.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace raidbench {

/// User and system CPU time of one thread, and the time it was ready to run but waited for a CPU
/// (taken by other threads or processes), in nanoseconds.
struct thread_cpu {
  std::uint64_t user_ns = 0;
  std::uint64_t system_ns = 0;
  std::uint64_t runqueue_ns = 0;  ///< 0 when the kernel does not say (no /proc/thread-self/schedstat)

  std::uint64_t total_ns() const noexcept { return user_ns + system_ns; }
  thread_cpu& operator+=(const thread_cpu& o) noexcept {
    user_ns += o.user_ns;
    system_ns += o.system_ns;
    runqueue_ns += o.runqueue_ns;
    return *this;
  }
  friend bool operator==(const thread_cpu&, const thread_cpu&) = default;
};

namespace detail {
/// The second field of /proc/thread-self/schedstat: nanoseconds the calling thread spent runnable
/// on a run queue; 0 when unreadable.
inline std::uint64_t runqueue_wait_ns() noexcept {
  const int fd = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[96];
  const long n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  text[n] = '\0';
  char* rest = nullptr;
  std::strtoull(text, &rest, 10);  // time on a CPU: getrusage gives it, split into user and system
  return std::strtoull(rest, nullptr, 10);
}
}  // namespace detail

/// The calling thread's CPU time so far (getrusage(RUSAGE_THREAD): the kernel's precise run time,
/// split into user and system by its tick samples) and its run-queue wait; zero when the system
/// does not say.
inline thread_cpu calling_thread_cpu() noexcept {
  rusage u{};
  if (::getrusage(RUSAGE_THREAD, &u) != 0) return {};
  const auto ns = [](const timeval& t) {
    return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(t.tv_usec) * 1000u;
  };
  return {ns(u.ru_utime), ns(u.ru_stime), detail::runqueue_wait_ns()};
}

/// CPU time used between two readings of one thread.
inline thread_cpu cpu_between(const thread_cpu& before, const thread_cpu& after) noexcept {
  // The kernel keeps each part monotonic; the guard is for a reading the system refused (zero).
  const auto since = [](std::uint64_t a, std::uint64_t b) { return b > a ? b - a : 0; };
  return {since(before.user_ns, after.user_ns), since(before.system_ns, after.system_ns),
          since(before.runqueue_ns, after.runqueue_ns)};
}

}  // namespace raidbench
