#pragma once
// rb-durable's roles as the tests run them over loopback TCP: a server on a port the kernel picks
// (read from its first line, so tests run in parallel), writers started and stopped, verifies.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../support/run_shell.hpp"
#include "../support/slurp.hpp"
#include "../support/spawned.hpp"
#include "../support/temp_dir.hpp"

namespace raidbench::test {

inline const std::string rb_durable = RB_DURABLE;

/// `rb-durable serve` on 127.0.0.1, its record in `record`; `port` 0 for a free one.
class durable_server {
 public:
  durable_server(const std::filesystem::path& record, const std::filesystem::path& logs, unsigned port = 0)
      : id_(next_id()),
        out_path_(logs / ("serve-" + std::to_string(id_) + ".out")),
        out_(out_path_, O_WRONLY | O_CREAT | O_TRUNC),
        err_(logs / ("serve-" + std::to_string(id_) + ".err"), O_WRONLY | O_CREAT | O_TRUNC),
        tool_({rb_durable, "serve", "--listen", "127.0.0.1:" + std::to_string(port), "--record", record.string()},
              spawn_setup{".", -1, out_.fd(), err_.fd(), {}}) {
    BOOST_TEST_REQUIRE(tool_.started());
    const std::string marker = "listening on 127.0.0.1:";
    BOOST_TEST_REQUIRE(wait_until([&] { return slurp(out_path_).find('\n') != std::string::npos; }));
    const std::string line = slurp(out_path_);
    const auto at = line.find(marker);
    BOOST_TEST_REQUIRE(at != std::string::npos, line);
    port_ = static_cast<unsigned>(std::stoul(line.substr(at + marker.size())));
  }
  durable_server(const durable_server&) = delete;
  durable_server& operator=(const durable_server&) = delete;
  ~durable_server() {
    if (!ended_) stop();
  }

  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  unsigned port() const { return port_; }
  /// SIGTERM: the server stops as an operator stops it.
  tool_end stop() {
    ended_ = true;
    tool_.signal(SIGTERM);
    return tool_.wait(std::chrono::seconds(10));
  }
  /// SIGKILL: the server dies with whatever it was doing.
  void kill() {
    ended_ = true;
    tool_.signal(SIGKILL);
    tool_.wait(std::chrono::seconds(10));
  }

 private:
  static unsigned next_id() {
    static unsigned n = 0;
    return n++;
  }
  unsigned id_;
  std::filesystem::path out_path_;
  stream_file out_, err_;
  spawned_tool tool_;
  unsigned port_ = 0;
  bool ended_ = false;
};

/// A socket listening on 127.0.0.1 on a port the kernel picks (for the test's own relays and fake
/// servers); the port in `port`.
inline int loopback_listener(unsigned& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  BOOST_TEST_REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  BOOST_TEST_REQUIRE(::listen(fd, 8) == 0);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  port = ntohs(a.sin_port);
  return fd;
}

/// Bytes of a file now (0 when it is missing): how far the server's record has grown.
inline std::uintmax_t size_of(const std::filesystem::path& p) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(p, ec);
  return ec ? 0 : n;
}

/// Waits until the record holds more than `bytes`: writes were acknowledged after that point.
inline void wait_for_record_past(const std::filesystem::path& record, std::uintmax_t bytes) {
  BOOST_TEST_REQUIRE(wait_until([&] { return size_of(record / "rb-durable.record") > bytes; }));
}

/// A writer running in the background until the test stops it; its stderr kept in `err`.
class background_writer {
 public:
  background_writer(const std::vector<std::string>& args, const std::filesystem::path& err)
      : err_path_(err), err_(err, O_WRONLY | O_CREAT | O_TRUNC), tool_(with_tool(args), spawn_setup{".", -1, -1, err_.fd(), {}}) {
    BOOST_TEST_REQUIRE(tool_.started());
  }
  void signal(int sig) { tool_.signal(sig); }
  tool_end wait() { return tool_.wait(std::chrono::seconds(60)); }
  std::string err() const { return slurp(err_path_); }

 private:
  static std::vector<std::string> with_tool(std::vector<std::string> args) {
    args.insert(args.begin(), {rb_durable, "write"});
    return args;
  }
  std::filesystem::path err_path_;
  stream_file err_;
  spawned_tool tool_;
};

/// The acknowledged writes the writer's last line counts ("rb-durable write: 812 writes acknowledged …").
inline std::uint64_t acknowledged_in(const std::string& err) {
  const std::string prefix = "rb-durable write: ";
  const auto at = err.rfind(prefix);
  BOOST_TEST_REQUIRE(at != std::string::npos, err);
  return std::stoull(err.substr(at + prefix.size()));
}

}  // namespace raidbench::test
