#pragma once
// The writer's definitions (see core/linkage.hpp): included by writer.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include <fmt/format.h>

#include "raidbench/core/aligned_buffer.hpp"
#include "raidbench/core/crc32c.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/durability/machine.hpp"
#include "raidbench/durability/protocol.hpp"
#include "raidbench/durability/target.hpp"
#include "raidbench/durability/writer.hpp"
#include "raidbench/verify/stamp.hpp"

namespace raidbench::durability {

namespace detail {

inline expected<void> random_bytes(std::byte* out, std::size_t n) {
  for (std::size_t done = 0; done < n;) {
    const ssize_t got = ::getrandom(out + done, std::min<std::size_t>(n - done, 256), 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return system_failure("getrandom", "", errno);
    done += static_cast<std::size_t>(got);
  }
  return {};
}

}  // namespace detail

RAIDBENCH_API expected<write_progress> write_until_cut(const write_options& options, const std::atomic<bool>& stop,
                                                       const std::function<void(const write_progress&)>& report) {
  const std::uint64_t bs = options.block_size;
  auto target = durable_target::for_writing(options.target, options.size, options.allow_device);
  if (!target) return target.err();
  // Every method's descriptor before the run begins: a filesystem that refuses O_DIRECT says so now.
  for (const flush_method m : options.methods)
    if (auto fd = target->descriptor_for(m); !fd) return fd.err();
  const std::uint64_t blocks = options.size / bs;

  write_progress progress;
  progress.device = target->device_name();
  aligned_buffer block(bs), noise(bs);
  if (auto ok = detail::random_bytes(noise.data(), bs); !ok) return ok.err();
  if (auto ok = detail::random_bytes(reinterpret_cast<std::byte*>(&progress.run), sizeof progress.run); !ok) return ok.err();
  progress.run |= 1;  // never 0, which the protocol reserves

  server_client server(options.server);
  if (auto ok = server.connect(); !ok) return ok.err();
  if (auto ok = server.request(fmt::format("begin {} {} {} {} {}", run_text(progress.run), bs, options.size, boot_id(), options.name));
      !ok)
    return ok.err();
  server.on_reconnect([run = progress.run](server_client& c) -> expected<void> {
    if (auto ok = c.request("resume " + run_text(run)); !ok) return ok.err();
    return {};
  });
  report(progress);

  std::vector<std::uint32_t> generation(blocks, 0);
  std::uint64_t state = progress.run;  // xorshift64*: which block each write goes to
  auto last_report = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; !stop.load() && (options.writes == 0 || progress.acknowledged < options.writes); ++i) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    const std::uint64_t b = (state * 0x2545F4914F6CDD1DULL) % blocks;
    const std::uint64_t offset = b * bs;
    const flush_method m = options.methods[i % options.methods.size()];
    const int fd = *target->descriptor_for(m);
    const std::uint32_t gen = ++generation[b];
    verify::stamp_block(block.data(), bs, {progress.run, 0, offset, gen}, noise.data(), verify::payload::random);
    for (std::uint64_t done = 0; done < bs;) {
      const ssize_t n = ::pwrite(fd, block.data() + done, bs - done, static_cast<off_t>(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return system_failure("write", target->shown(), n < 0 ? errno : ENOSPC);
      done += static_cast<std::uint64_t>(n);
    }
    if (flush_after_write(fd, m) != 0) return system_failure(std::string(name_of(m)), target->shown(), errno);
    // Reported only now that the flush returned: the server records what the stack acknowledged.
    const std::uint32_t sum = crc32c(block.data(), bs);
    if (auto ok = server.request(fmt::format("write {} {} {:08x} {}", offset, gen, sum, name_of(m))); !ok) return ok.err();
    ++progress.acknowledged;
    ++progress.by_method[static_cast<std::size_t>(m)];
    progress.reconnections = server.reconnections();
    if (const auto now = std::chrono::steady_clock::now(); now - last_report >= std::chrono::seconds(1)) {
      last_report = now;
      report(progress);
    }
  }
  server.bye();
  return progress;
}

}  // namespace raidbench::durability
