// The network between the machine under test and the server: a server restarted in the middle of a
// run, and a connection dropped in the middle (a relay in the test cuts it), lose no acknowledged
// write from the record, and the writer carries on; a server that stays away ends the writer with
// one line. Several writers are served at once.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <mutex>

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "durable_tool.hpp"

BOOST_AUTO_TEST_SUITE(network_test)

using namespace raidbench::test;

/// A TCP relay on 127.0.0.1 to `port`, one thread; drop() closes every connection it carries.
class relay {
 public:
  explicit relay(unsigned port) : to_(port) {
    listener_ = loopback_listener(port_);
    thread_ = std::thread([this] { run(); });
  }
  relay(const relay&) = delete;
  relay& operator=(const relay&) = delete;
  ~relay() {
    done_ = true;
    thread_.join();
    ::close(listener_);
    drop_now();
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  void drop() { dropping_ = true; }

 private:
  void drop_now() {
    for (int fd : fds_) ::close(fd);
    fds_.clear();
  }
  int connect_upstream() const {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(to_));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      return -1;
    }
    return fd;
  }
  void run() {
    while (!done_) {
      if (dropping_.exchange(false)) drop_now();
      std::vector<pollfd> p{{listener_, POLLIN, 0}};
      for (int fd : fds_) p.push_back({fd, POLLIN, 0});
      if (::poll(p.data(), p.size(), 20) <= 0) continue;
      if (p[0].revents & POLLIN) {
        const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        const int server = connect_upstream();
        if (client >= 0 && server >= 0) {
          fds_.push_back(client);
          fds_.push_back(server);
        } else {
          if (client >= 0) ::close(client);
          if (server >= 0) ::close(server);
        }
        continue;
      }
      // fds_ holds pairs: client, server.
      for (std::size_t i = 1; i < p.size(); ++i) {
        if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const std::size_t k = i - 1, peer = k ^ 1;
        char buf[4096];
        const ssize_t n = ::read(fds_[k], buf, sizeof buf);
        if (n <= 0 || ::write(fds_[peer], buf, static_cast<std::size_t>(n)) != n) {
          ::close(fds_[k & ~std::size_t{1}]);
          ::close(fds_[k | 1]);
          fds_.erase(fds_.begin() + static_cast<std::ptrdiff_t>(k & ~std::size_t{1}), fds_.begin() + static_cast<std::ptrdiff_t>((k | 1) + 1));
          break;
        }
      }
    }
  }
  unsigned to_, port_ = 0;
  int listener_ = -1;
  std::vector<int> fds_;
  std::atomic<bool> done_{false}, dropping_{false};
  std::thread thread_;
};

/// Verifies `target` against `server`; the JSON.
nlohmann::json verify(const std::string& server, const std::filesystem::path& target, int expected_status = 0) {
  const auto r = run_shell(rb_durable + " verify --server " + server + " --target " + quoted(target.string()) + " --json");
  BOOST_TEST_REQUIRE(r.status == expected_status, r.out + r.err);
  return nlohmann::json::parse(r.out);
}

/// Stops the writer (SIGTERM) and checks that its stderr says `reconnected` and that every write it
/// counted is in the server's record, and none lost.
void stop_and_check(background_writer& writer, const std::string& server, const std::filesystem::path& target,
                    const std::string& reconnected) {
  writer.signal(SIGTERM);
  BOOST_TEST_REQUIRE(writer.wait().code == 0, writer.err());
  const std::string err = writer.err();
  BOOST_TEST(err.find(reconnected) != std::string::npos, err);
  const auto j = verify(server, target);
  BOOST_TEST(j.at("this_cut").at("acknowledged").get<std::uint64_t>() == acknowledged_in(err), err + j.dump());
  BOOST_TEST(j.at("this_cut").at("lost").get<int>() == 0);
}

BOOST_AUTO_TEST_CASE(a_server_restarted_in_the_middle_loses_no_acknowledged_write) {
  temp_dir dir;
  const auto record = dir / "record";
  auto first = std::make_unique<durable_server>(record, dir.path());
  const unsigned port = first->port();
  const auto target = dir / "durable.dat";
  background_writer writer({"--server", first->address(), "--target", target.string(), "--size", "128k", "--retries", "20",
                            "--timeout", "5"},
                           dir / "write.err");
  wait_for_record_past(record, 4096);
  first->kill();  // in the middle of the writer's requests
  first.reset();
  const auto before = size_of(record / "rb-durable.record");
  durable_server second(record, dir.path(), port);  // the same port and record, as after a restart
  wait_for_record_past(record, before);              // the writer reconnected and goes on
  // Every write the writer counted is in the record the restarted server replayed.
  stop_and_check(writer, second.address(), target, "reconnection");
}

BOOST_AUTO_TEST_CASE(a_dropped_connection_is_made_again_and_loses_nothing) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  relay blip(server.port());
  const auto target = dir / "durable.dat";
  background_writer writer({"--server", blip.address(), "--target", target.string(), "--size", "128k"}, dir / "write.err");
  // A second writer at the same time, straight to the server: several clients at once.
  const auto other = dir / "other.dat";
  const auto parallel = run_shell(rb_durable + " write --server " + server.address() + " --target " +
                                  quoted(other.string()) + " --size 64k --writes 50");
  BOOST_TEST(parallel.status == 0, parallel.err);
  wait_for_record_past(dir / "record", 8192);
  blip.drop();
  const auto after = size_of(dir / "record" / "rb-durable.record");
  wait_for_record_past(dir / "record", after + 4096);
  stop_and_check(writer, server.address(), target, "1 reconnection");
  BOOST_TEST(verify(server.address(), other).at("this_cut").at("acknowledged").get<int>() == 50);
}

BOOST_AUTO_TEST_CASE(a_server_that_stays_away_stops_the_writer_with_one_line) {
  temp_dir dir;
  auto server = std::make_unique<durable_server>(dir / "record", dir.path());
  const std::string address = server->address();
  background_writer writer({"--server", address, "--target", (dir / "durable.dat").string(), "--size", "64k", "--retries",
                            "2", "--timeout", "1"},
                           dir / "write.err");
  wait_for_record_past(dir / "record", 4096);
  server->kill();
  const auto end = writer.wait();
  BOOST_TEST(!end.by_signal);
  BOOST_TEST(end.code == 1);
  const std::string err = writer.err();
  const auto last = err.substr(err.rfind('\n', err.size() - 2) + 1);
  BOOST_TEST(last.starts_with("rb-durable write: lost the server " + address + ": "), err);
  BOOST_TEST(last.ends_with("(reconnection tried 2 times)\n"), err);
}

BOOST_AUTO_TEST_SUITE_END()
