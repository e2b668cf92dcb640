#pragma once
// The client's definitions (see core/linkage.hpp): included by client.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "raidbench/durability/client.hpp"
#include "raidbench/durability/protocol.hpp"

namespace raidbench::durability {

namespace detail {
/// What a peer said, as an error that no reconnection can mend.
inline error said(std::string message) { return error{std::move(message), 0, "protocol"}; }
}  // namespace detail

RAIDBENCH_API expected<void> server_client::hello() {
  if (auto sent = socket_.send_line(hello_line()); !sent) return sent;
  const auto reply = socket_.read_line(options_.timeout);
  if (!reply) return reply.err();
  const auto w = words_of(*reply);
  const std::string who = options_.server.shown();
  if (w.size() >= 2 && w[0] == protocol_name) {
    const auto version = decimal_word(w[1]);
    if (version != protocol_version)
      return detail::said(fmt::format("{} speaks rb-durable protocol version {}, this rb-durable speaks {}: run the same "
                                      "rb-durable on both machines", who, w[1], protocol_version));
    if (w.size() == 3 && w[2] == "ok") return {};
    return detail::said(fmt::format("{} refused the connection: {}", who, quoted_reply(*reply)));
  }
  if (reply->starts_with("error ")) return detail::said(fmt::format("{} refused the connection: {}", who, reply->substr(6)));
  return detail::said(fmt::format("{} did not answer as an rb-durable server (it said {})", who, quoted_reply(*reply)));
}

RAIDBENCH_API expected<void> server_client::connect() {
  auto s = connect_to(options_.server, options_.timeout);
  if (s) {
    socket_ = std::move(*s);
    auto greeted = hello();
    if (greeted || !network_error(greeted.err())) return greeted;
    return reconnect(greeted.err());
  }
  if (!network_error(s.err())) return s.err();
  return reconnect(s.err());
}

RAIDBENCH_API expected<void> server_client::reconnect(const error& why) {
  socket_.close();
  error last = why;
  for (unsigned attempt = 0; attempt < options_.retries; ++attempt) {
    // 0.25 s, 0.5 s, 1 s… up to 8 s between attempts: a switch or a server restarts in seconds.
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(250u << std::min(attempt, 5u), 8000u)));
    auto s = connect_to(options_.server, options_.timeout);
    if (!s) {
      last = s.err();
      if (!network_error(last)) break;
      continue;
    }
    socket_ = std::move(*s);
    auto greeted = hello();
    if (greeted && restore_) {
      restoring_ = true;
      greeted = restore_(*this);
      restoring_ = false;
    }
    if (greeted) {
      ++reconnections_;
      return {};
    }
    socket_.close();
    last = greeted.err();
    if (!network_error(last)) return last;
  }
  return detail::said(fmt::format("lost the server {}: {} (reconnection tried {} time{})", options_.server.shown(),
                                  last.message, options_.retries, options_.retries == 1 ? "" : "s"));
}

RAIDBENCH_API expected<std::vector<std::string>> server_client::exchange(std::string_view line, std::string_view last,
                                                                         std::size_t max_lines) {
  for (;;) {
    std::vector<std::string> lines;
    auto sent = socket_.connected() ? socket_.send_line(line) : expected<void>(error{"not connected", ENOTCONN, "send"});
    error failure;
    bool failed = !sent;
    if (failed) failure = sent.err();
    while (!failed) {
      auto reply = socket_.read_line(options_.timeout);
      if (!reply) {
        failure = reply.err();
        failed = true;
        break;
      }
      if (lines.empty() && reply->starts_with("error "))
        return detail::said(fmt::format("{} refused: {}", options_.server.shown(), reply->substr(6)));
      lines.push_back(std::move(*reply));
      const std::string_view got = lines.back();
      if (last.empty() || got == last || (got.starts_with(last) && got.size() > last.size() && got[last.size()] == ' ')) return lines;
      if (lines.size() >= max_lines)
        return detail::said(fmt::format("{} sent more than {} lines for one request", options_.server.shown(), max_lines));
    }
    if (!network_error(failure) || restoring_) return failure;
    if (auto again = reconnect(failure); !again) return again.err();
  }
}

RAIDBENCH_API expected<std::string> server_client::request(std::string_view line) {
  auto lines = exchange(line, {}, 1);
  if (!lines) return lines.err();
  const std::string& reply = lines->front();
  if (reply == "ok") return std::string();
  if (reply.starts_with("ok ")) return reply.substr(3);
  return detail::said(fmt::format("{} answered {} instead of ok", options_.server.shown(), quoted_reply(reply)));
}

RAIDBENCH_API expected<std::vector<std::string>> server_client::request_lines(std::string_view line, std::string_view last,
                                                                             std::size_t max_lines) {
  return exchange(line, last, max_lines);
}

RAIDBENCH_API void server_client::bye() {
  if (socket_.connected()) (void)socket_.send_line("bye");
  socket_.close();
}

}  // namespace raidbench::durability
