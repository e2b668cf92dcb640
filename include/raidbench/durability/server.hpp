#pragma once
/// `rb-durable serve`: the machine whose power is not cut. It listens on TCP, one thread per client
/// (a fleet of machines under test at once), and keeps the durable record (durability/record.hpp):
/// a write is acknowledged to its writer only once the line that records it is on the server's disk.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/line_socket.hpp"

namespace raidbench::durability {

/// The record file's name in the --record directory.
inline constexpr std::string_view record_file_name = "rb-durable.record";

struct serve_options {
  endpoint listen;
  std::filesystem::path record_directory;
  std::chrono::milliseconds idle_timeout{std::chrono::minutes(5)};  ///< a client silent this long is dropped
  unsigned max_clients = 128;
};

/// Serves until `stop` turns true (checked several times a second). `ready` is told the address
/// bound (the port chosen when asked for 0) once clients can connect; `log` gets one line per event
/// (a run begun, a verify, a client refused). Returns why it could not serve, or nothing once stopped.
RAIDBENCH_API expected<void> serve(const serve_options& options, const std::atomic<bool>& stop,
                                   const std::function<void(const endpoint&)>& ready,
                                   const std::function<void(const std::string&)>& log);

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/server.hpp"
#endif
