#pragma once
/// TCP for rb-durable: an address as the user writes it (HOST:PORT, [IPv6]:PORT), a listening socket,
/// a connection made within a deadline, and lines sent and read with a timeout on every read and a
/// cap on every line (durability/protocol.hpp), so a peer that stalls or sends garbage ends in one
/// error, never a hang or an unbounded buffer.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "raidbench/core/expected.hpp"
#include "raidbench/core/file_descriptor.hpp"
#include "raidbench/core/linkage.hpp"

namespace raidbench::durability {

/// HOST:PORT split; `shown` is how messages name it.
struct endpoint {
  std::string host;
  std::uint16_t port = 0;
  std::string shown() const { return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port); }
};

/// Reads "HOST:PORT" or "[IPv6]:PORT", the port decimal from 0 to 65535 (0: listen on any free port).
RAIDBENCH_API expected<endpoint> parse_endpoint(std::string_view text);

/// A connected socket that speaks in lines.
class line_socket {
 public:
  line_socket() = default;
  explicit line_socket(file_descriptor fd, std::string peer) : fd_(std::move(fd)), peer_(std::move(peer)) {}

  /// Sends `line` and its '\n' whole (never SIGPIPE: a closed peer is an error).
  RAIDBENCH_API expected<void> send_line(std::string_view line);
  /// The next line without its '\n', waiting at most `timeout` for each piece of it; a closed
  /// connection, a timeout, a line over max_line bytes or a byte that is not printable ASCII is an error.
  RAIDBENCH_API expected<std::string> read_line(std::chrono::milliseconds timeout);

  bool connected() const noexcept { return static_cast<bool>(fd_); }
  void close() noexcept { fd_.reset(); buffer_.clear(); }
  const std::string& peer() const noexcept { return peer_; }

 private:
  file_descriptor fd_;
  std::string peer_;
  std::string buffer_;
};

/// Connects to `to` within `timeout` (each address the name resolves to in turn).
RAIDBENCH_API expected<line_socket> connect_to(const endpoint& to, std::chrono::milliseconds timeout);

/// A socket listening on `at` (SO_REUSEADDR: a restarted server takes its port back at once), and
/// the address it is bound to (the port chosen when `at` asked for 0).
struct listener {
  file_descriptor fd;
  endpoint bound;
};
RAIDBENCH_API expected<listener> listen_on(const endpoint& at);

/// The next connection on `l` (EINTR and a connection reset before it was taken are retried by the
/// caller's loop): the socket and the peer's address, or an error.
RAIDBENCH_API expected<line_socket> accept_from(const listener& l);

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/line_socket.hpp"
#endif
