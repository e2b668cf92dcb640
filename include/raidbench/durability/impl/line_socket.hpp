#pragma once
// The TCP layer's definitions (see core/linkage.hpp): included by line_socket.hpp when header-only,
// compiled once in raidbench_compiled otherwise.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "raidbench/core/decimal.hpp"
#include "raidbench/durability/line_socket.hpp"
#include "raidbench/durability/protocol.hpp"

namespace raidbench::durability {

namespace detail {

inline std::string address_text(const sockaddr* a) {
  char host[INET6_ADDRSTRLEN] = "?";
  std::uint16_t port = 0;
  if (a->sa_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(a);
    ::inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
    port = ntohs(in->sin_port);
    return fmt::format("{}:{}", host, port);
  }
  const auto* in6 = reinterpret_cast<const sockaddr_in6*>(a);
  ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
  return fmt::format("[{}]:{}", host, ntohs(in6->sin6_port));
}

struct resolved {
  addrinfo* list = nullptr;
  ~resolved() {
    if (list) ::freeaddrinfo(list);
  }
};

inline expected<void> resolve(const endpoint& e, bool passive, resolved& out) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = passive ? AI_PASSIVE : 0;
  const std::string port = std::to_string(e.port);
  const int rc = ::getaddrinfo(e.host.empty() ? nullptr : e.host.c_str(), port.c_str(), &hints, &out.list);
  if (rc != 0) return fail(fmt::format("cannot resolve {}: {}", e.shown(), ::gai_strerror(rc)));
  return {};
}

}  // namespace detail

RAIDBENCH_API expected<endpoint> parse_endpoint(std::string_view text) {
  const auto bad = [&](std::string_view why) {
    return fail(fmt::format("'{}' is not an address: {} (HOST:PORT or [IPv6]:PORT)", text, why));
  };
  endpoint e;
  std::string_view port;
  if (text.starts_with('[')) {
    const auto close = text.find("]:");
    if (close == std::string_view::npos) return bad("no ']:' after the IPv6 address");
    e.host = std::string(text.substr(1, close - 1));
    port = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return bad("no port");
    e.host = std::string(text.substr(0, colon));
    if (e.host.find(':') != std::string::npos) return bad("an IPv6 address goes in brackets");
    port = text.substr(colon + 1);
  }
  if (e.host.empty()) return bad("no host");
  const auto number = parse_plain_whole(port);
  if (!number || *number > 65535) return bad("the port is a number from 0 to 65535");
  e.port = static_cast<std::uint16_t>(*number);
  return e;
}

RAIDBENCH_API expected<void> line_socket::send_line(std::string_view line) {
  std::string text(line);
  text += '\n';
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::send(fd_.get(), text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return error{fmt::format("cannot send to {}: {}", peer_, std::strerror(n < 0 ? errno : EPIPE)), errno, "send"};
    done += static_cast<std::size_t>(n);
  }
  return {};
}

RAIDBENCH_API expected<std::string> line_socket::read_line(std::chrono::milliseconds timeout) {
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      for (const char c : line)
        if (c < 0x20 || c > 0x7e)
          return fail(fmt::format("{} sent a line that is not printable text: {}", peer_, quoted_reply(line)));
      return line;
    }
    if (buffer_.size() >= max_line)
      return fail(fmt::format("{} sent a line over {} bytes: {}", peer_, max_line, quoted_reply(buffer_)));
    pollfd p{fd_.get(), POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(timeout.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return error{fmt::format("poll on {}: {}", peer_, std::strerror(errno)), errno, "poll"};
    if (ready == 0)
      return error{fmt::format("no answer from {} within {} s", peer_, timeout.count() / 1000.0), ETIMEDOUT, "read"};
    char chunk[512];
    const ssize_t n = ::recv(fd_.get(), chunk, std::min(sizeof chunk, max_line - buffer_.size()), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return error{fmt::format("cannot read from {}: {}", peer_, std::strerror(errno)), errno, "read"};
    if (n == 0)
      return error{buffer_.empty() ? fmt::format("{} closed the connection", peer_)
                                   : fmt::format("{} closed the connection in the middle of a line: {}", peer_, quoted_reply(buffer_)),
                   ECONNRESET, "read"};
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

RAIDBENCH_API expected<line_socket> connect_to(const endpoint& to, std::chrono::milliseconds timeout) {
  detail::resolved addresses;
  if (auto ok = detail::resolve(to, false, addresses); !ok) return ok.err();
  std::string why = "no address";
  int last = 0;
  for (const addrinfo* a = addresses.list; a; a = a->ai_next) {
    file_descriptor fd(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol));
    if (!fd) {
      last = errno;
      why = std::strerror(errno);
      continue;
    }
    int rc = ::connect(fd.get(), a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      pollfd p{fd.get(), POLLOUT, 0};
      do rc = ::poll(&p, 1, static_cast<int>(timeout.count()));
      while (rc < 0 && errno == EINTR);
      int err = ETIMEDOUT;
      socklen_t len = sizeof err;
      if (rc == 1) ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len);
      rc = err == 0 ? 0 : -1;
      errno = err;
    }
    if (rc != 0) {
      last = errno;
      why = std::strerror(errno);
      continue;
    }
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    const int one = 1;
    ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return line_socket(std::move(fd), to.shown());
  }
  return error{fmt::format("cannot connect to {}: {}", to.shown(), why), last, "connect"};
}

RAIDBENCH_API expected<listener> listen_on(const endpoint& at) {
  detail::resolved addresses;
  if (auto ok = detail::resolve(at, true, addresses); !ok) return ok.err();
  std::string why = "no address";
  for (const addrinfo* a = addresses.list; a; a = a->ai_next) {
    file_descriptor fd(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
    const int one = 1;
    if (!fd || ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        ::bind(fd.get(), a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd.get(), 64) != 0) {
      why = std::strerror(errno);
      continue;
    }
    sockaddr_storage bound{};
    socklen_t len = sizeof bound;
    ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&bound), &len);
    const std::string text = detail::address_text(reinterpret_cast<const sockaddr*>(&bound));
    auto parsed = parse_endpoint(text);
    if (!parsed) return parsed.err();
    return listener{std::move(fd), *parsed};
  }
  return fail(fmt::format("cannot listen on {}: {}", at.shown(), why));
}

RAIDBENCH_API expected<line_socket> accept_from(const listener& l) {
  sockaddr_storage peer{};
  socklen_t len = sizeof peer;
  file_descriptor fd(::accept4(l.fd.get(), reinterpret_cast<sockaddr*>(&peer), &len, SOCK_CLOEXEC));
  if (!fd) return error{fmt::format("accept: {}", std::strerror(errno)), errno, "accept"};
  const int one = 1;
  ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return line_socket(std::move(fd), detail::address_text(reinterpret_cast<const sockaddr*>(&peer)));
}

}  // namespace raidbench::durability
