#pragma once
/// The client side of rb-durable's protocol: a connection that has said hello (a server of another
/// protocol version, or something that is no rb-durable server, is one clear error), and requests
/// that get one reply line each. After a network blip (a reset, a timeout) the connection is made
/// again, a bounded number of times with a growing pause, and `on_reconnect` restores the session
/// (a writer resumes its run) before the request is sent again; the server takes a repeated write
/// once. Errors the network did not cause (a refusal, garbage) are never retried.
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/line_socket.hpp"

namespace raidbench::durability {

struct client_options {
  endpoint server;
  std::chrono::milliseconds timeout{std::chrono::seconds(10)};  ///< for a connection and for each reply
  unsigned retries = 5;  ///< reconnections tried after a network error, before giving up
};

/// A run as both of its roles name it (`rb-durable write` and `verify`): the server that records
/// it, the target it writes, and its name on the server.
struct run_address {
  client_options server;
  std::filesystem::path target;
  std::string name;  ///< the run's name on the server (default_run_name)
};

class server_client {
 public:
  explicit server_client(client_options o) : options_(std::move(o)) {}

  /// Connects and says hello; a network error is retried as any other.
  RAIDBENCH_API expected<void> connect();
  /// Sends `line` and returns the reply without its "ok" (an "error …" reply is an error).
  RAIDBENCH_API expected<std::string> request(std::string_view line);
  /// Sends `line` and returns the reply lines up to and including the one starting with `last`.
  RAIDBENCH_API expected<std::vector<std::string>> request_lines(std::string_view line, std::string_view last,
                                                                 std::size_t max_lines);
  /// Run after each reconnection, before the request is sent again (a writer's resume).
  void on_reconnect(std::function<expected<void>(server_client&)> f) { restore_ = std::move(f); }
  /// How many times the connection was made again.
  unsigned reconnections() const noexcept { return reconnections_; }
  RAIDBENCH_API void bye();

 private:
  RAIDBENCH_API expected<void> hello();
  RAIDBENCH_API expected<void> reconnect(const error& why);
  RAIDBENCH_API expected<std::vector<std::string>> exchange(std::string_view line, std::string_view last, std::size_t max_lines);

  client_options options_;
  line_socket socket_;
  std::function<expected<void>(server_client&)> restore_;
  unsigned reconnections_ = 0;
  bool restoring_ = false;
};

/// Whether `e` came from the network (worth a reconnection), not from what a peer said.
inline bool network_error(const error& e) { return e.errnum != 0; }

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/client.hpp"
#endif
