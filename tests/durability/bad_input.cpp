// What rb-durable refuses, each with one clear line and a non-zero exit, and never a "durable": a
// target behind a link or with other names, a mounted device, a device not allowed, a server that
// answers garbage or speaks another protocol version, a verify of the wrong file.
#include <sys/mount.h>
#include <sys/socket.h>

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "../support/loop_device.hpp"
#include "durable_tool.hpp"

BOOST_AUTO_TEST_SUITE(bad_input_test)

using namespace raidbench::test;

/// Exactly one line on stderr, starting with `start` and holding `holds`; nothing says durable.
void one_line(const tool_result& r, int status, const std::string& start, const std::string& holds = {}) {
  BOOST_TEST(r.status == status, r.err);
  BOOST_TEST(r.err.starts_with(start), r.err);
  BOOST_TEST(r.err.find(holds) != std::string::npos, r.err);
  BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
  BOOST_TEST(r.out.find("no acknowledged write lost") == std::string::npos, r.out);
}

/// A server on 127.0.0.1 that answers every connection with `reply` (one thread, one client).
class fake_server {
 public:
  explicit fake_server(std::string reply) : reply_(std::move(reply)) {
    fd_ = loopback_listener(port_);
    thread_ = std::thread([this] {
      const int c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (c < 0) return;
      char buf[256];
      (void)::read(c, buf, sizeof buf);  // the hello
      (void)::write(c, reply_.data(), reply_.size());
      (void)::read(c, buf, sizeof buf);  // until the client goes
      ::close(c);
    });
  }
  fake_server(const fake_server&) = delete;
  fake_server& operator=(const fake_server&) = delete;
  ~fake_server() {
    ::shutdown(fd_, SHUT_RDWR);
    thread_.join();
    ::close(fd_);
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  std::string reply_;
  int fd_ = -1;
  unsigned port_ = 0;
  std::thread thread_;
};

std::string write_to(const std::string& server, const std::filesystem::path& target, const std::string& extra = {}) {
  return rb_durable + " write --server " + server + " --target " + quoted(target.string()) + " --size 64k --writes 5" + extra;
}

BOOST_AUTO_TEST_CASE(links_and_other_names_are_refused) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  std::ofstream(dir / "real.dat") << "x";
  std::filesystem::create_symlink(dir / "real.dat", dir / "link.dat");
  one_line(run_shell(write_to(server.address(), dir / "link.dat")), 1, "rb-durable write: ", "is a symbolic link");
  one_line(run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted((dir / "link.dat").string())),
           1, "rb-durable verify: ", "is a symbolic link");
  std::filesystem::create_hard_link(dir / "real.dat", dir / "second-name.dat");
  one_line(run_shell(write_to(server.address(), dir / "real.dat")), 1, "rb-durable write: ", "has 2 hard links");
  BOOST_TEST(slurp(dir / "real.dat") == "x");  // untouched
}

BOOST_AUTO_TEST_CASE(a_device_is_written_only_when_allowed_and_never_while_mounted) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  { std::ofstream(dir / "backing") << std::string(4 << 20, '\0'); }
  loop_device loop(dir / "backing");
  one_line(run_shell(write_to(server.address(), loop.path())), 1, "rb-durable write: refusing to write to block device",
           "--allow-device");
  const auto made = run_shell("mkfs.ext2 -q -F " + loop.path() + " 2>&1");
  BOOST_TEST_REQUIRE(made.status == 0, made.out);
  std::filesystem::create_directory(dir / "mnt");
  BOOST_TEST_REQUIRE(::mount(loop.path().c_str(), (dir / "mnt").c_str(), "ext2", 0, nullptr) == 0);
  const auto r = run_shell(write_to(server.address(), loop.path(), " --allow-device"));
  ::umount2((dir / "mnt").c_str(), 0);
  one_line(r, 1, "rb-durable write: refusing to write to " + loop.path() + ": its data is in use", "mounted at");
}

BOOST_AUTO_TEST_CASE(a_server_that_answers_garbage_or_another_version_is_one_line) {
  temp_dir dir;
  {
    fake_server ssh("SSH-2.0-OpenSSH_9.2p1\r\n");
    one_line(run_shell(write_to(ssh.address(), dir / "a.dat")), 1, "rb-durable write: " + ssh.address(),
             "not printable text");
  }
  {
    fake_server other("hello there\n");
    one_line(run_shell(write_to(other.address(), dir / "a.dat")), 1,
             "rb-durable write: " + other.address() + " did not answer as an rb-durable server (it said \"hello there\")");
  }
  {
    fake_server newer("rb-durable-protocol 2 refused: this server speaks protocol version 2 only\n");
    one_line(run_shell(rb_durable + " verify --server " + newer.address() + " --target " + quoted((dir / "a.dat").string())), 1,
             "rb-durable verify: " + newer.address() + " speaks rb-durable protocol version 2, this rb-durable speaks 1");
  }
  // A server of ours told another version refuses it in its own words.
  durable_server server(dir / "record", dir.path());
  const auto r = run_shell("bash -c " + quoted("exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(server.port()) +
                                                "; echo 'rb-durable-protocol 7' >&3; head -n 1 <&3"));
  BOOST_TEST(r.out == "rb-durable-protocol 1 refused: this server speaks protocol version 1 only\n", r.out + r.err);
  one_line(run_shell(rb_durable + " write --server 127.0.0.1 --target x"), 2, "rb-durable write: --server: '127.0.0.1' is not an address");
}

BOOST_AUTO_TEST_CASE(the_server_answers_garbage_with_an_error_and_goes_on_serving) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  // A request it cannot take: "error …" and the connection closed; nothing recorded.
  const std::string connect = "exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(server.port()) + "; ";
  auto r = run_shell("bash -c " + quoted(connect + "printf 'rb-durable-protocol 1\\nbegin zz 4096 65536 0 a name\\n' >&3; cat <&3"));
  BOOST_TEST(r.out == "rb-durable-protocol 1 ok\nerror a begin request that does not parse\n", r.out + r.err);
  r = run_shell("bash -c " + quoted(connect + "printf 'rb-durable-protocol 1\\nwrite 0 1 0000abcd fsync\\n' >&3; cat <&3"));
  BOOST_TEST(r.out == "rb-durable-protocol 1 ok\nerror a write before begin or resume\n", r.out + r.err);
  // A line longer than the protocol allows, and bytes that are not text: the connection is closed.
  r = run_shell("bash -c " + quoted(connect + "head -c 5000 /dev/zero | tr '\\0' x >&3; cat <&3"));
  BOOST_TEST(r.out.empty(), r.out);
  r = run_shell("bash -c " + quoted(connect + "printf 'rb-durable-protocol 1\\n\\001\\002\\n' >&3; cat <&3"));
  BOOST_TEST(r.out == "rb-durable-protocol 1 ok\n", r.out);
  // Still serving: a writer and its verify.
  BOOST_TEST(run_shell(write_to(server.address(), dir / "a.dat")).status == 0);
  const auto v = run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted((dir / "a.dat").string()));
  BOOST_TEST(v.status == 0, v.out + v.err);
}

BOOST_AUTO_TEST_CASE(a_writer_whose_stderr_is_gone_goes_on_writing) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  // Its progress into a pipe whose reader has left (a terminal closed, `| head`): the lines are lost,
  // the writes are not.
  const auto r = run_shell("bash -c " + quoted(write_to(server.address(), dir / "a.dat", " --writes 60") +
                                               " 2>&1 | true; echo ${PIPESTATUS[0]}"));
  BOOST_TEST(r.out == "0\n", r.out + r.err);
  const auto v = run_shell(rb_durable + " verify --server " + server.address() + " --target " +
                           quoted((dir / "a.dat").string()) + " --json");
  BOOST_TEST_REQUIRE(v.status == 0, v.err);
  BOOST_TEST(nlohmann::json::parse(v.out).at("this_cut").at("acknowledged").get<int>() == 60);
}

BOOST_AUTO_TEST_CASE(a_verify_of_the_wrong_file_is_one_line) {
  temp_dir dir;
  durable_server server(dir / "record", dir.path());
  BOOST_TEST_REQUIRE(run_shell(write_to(server.address(), dir / "a.dat")).status == 0);
  BOOST_TEST_REQUIRE(run_shell(write_to(server.address(), dir / "b.dat")).status == 0);
  std::ofstream(dir / "c.dat") << "unrelated";
  one_line(run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted((dir / "c.dat").string())), 1,
           "rb-durable verify: 127.0.0.1:" + std::to_string(server.port()) + " refused: no run recorded for ");
  // b.dat under a.dat's name: the stamps are another run's.
  const auto a_name = run_shell("hostname").out;
  const std::string name = a_name.substr(0, a_name.size() - 1) + ":" + (dir / "a.dat").string();
  one_line(run_shell(rb_durable + " verify --server " + server.address() + " --target " + quoted((dir / "b.dat").string()) +
                     " --name " + quoted(name)),
           1, "rb-durable verify: " + (dir / "b.dat").string() + " holds the stamps of run ");
}

BOOST_AUTO_TEST_SUITE_END()
