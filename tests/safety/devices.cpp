// A block device under a name a tool writes (through a link, or a device node of its own), or named
// outright where a tool takes a path, is refused with one line and exit status 1 (rb-dd: unless --allow-device, not given here),
// and no byte changes: not on the device, not anywhere in the test's tree. The device is a loop
// device over a file this test makes (tests/support/loop_device.hpp), never one of the machine's.
#include <boost/test/unit_test.hpp>

#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../fsync/shell.hpp"
#include "../support/loop_device.hpp"
#include "../support/refusals.hpp"
#include "../support/temp_dir.hpp"
#include "../support/tree_snapshot.hpp"
#include "fileio_writes.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(devices_test)

namespace {

using raidbench::test::refusal;

// 8 MiB no tool would write: every 4 KiB block names itself.
void make_backing_file(const fs::path& p) {
  std::ofstream out(p, std::ios::binary);
  for (int block = 0; block < 2048; ++block) {
    std::string b = "block " + std::to_string(block) + " of the loop device's backing file\n";
    b.resize(4096, '.');
    out << b;
  }
}

void make_ext2(const std::string& device) {
  const auto made = raidbench::test::run_one("mkfs.ext2 -q -F " + device + " 2>&1");
  BOOST_REQUIRE_MESSAGE(made.status == 0, "mkfs.ext2 " << device << ": " << made.output);
}

// rb-dd commands on `device`, each refused with one line and exit status 1, and no byte changed on
// the device or in the test's tree.
void check_dd_refusals(const raidbench::test::temp_dir& dir, const raidbench::test::loop_device& device,
                       const std::vector<refusal>& cases) {
  const std::string content = device.content();
  raidbench::test::check_refusals("", cases, [&] { return raidbench::test::snapshot_tree(dir.path()); });
  BOOST_TEST((device.content() == content), device.path() << "'s bytes changed");
}

// A filesystem made on `device` and mounted on `dir` for the life of the object.
class mounted_ext2 {
 public:
  mounted_ext2(const std::string& device, const fs::path& dir) : dir_(dir) {
    make_ext2(device);
    fs::create_directory(dir_);
    BOOST_REQUIRE_MESSAGE(::mount(device.c_str(), dir_.c_str(), "ext2", 0, nullptr) == 0,
                          "mount " << device << ": " << std::strerror(errno));
  }
  mounted_ext2(const mounted_ext2&) = delete;
  mounted_ext2& operator=(const mounted_ext2&) = delete;
  ~mounted_ext2() { ::umount2(dir_.c_str(), 0); }

 private:
  fs::path dir_;
};

// `device` as an active swap area for the life of the object.
class swap_area {
 public:
  explicit swap_area(const std::string& device) : device_(device) {
    const auto made = raidbench::test::run_one("mkswap " + device + " 64 2>&1");  // 64 KiB: the kernel will hardly use it
    BOOST_REQUIRE_MESSAGE(made.status == 0, "mkswap " << device << ": " << made.output);
    BOOST_REQUIRE_MESSAGE(::swapon(device_.c_str(), 0) == 0, "swapon " << device << ": " << std::strerror(errno));
  }
  swap_area(const swap_area&) = delete;
  swap_area& operator=(const swap_area&) = delete;
  ~swap_area() { ::swapoff(device_.c_str()); }

 private:
  std::string device_;
};

// `device` mounted on `dir` in a mount namespace of a child's own, invisible in this process's
// mountinfo, for the life of the object: the child holds it until its pipe closes (also when
// the test dies), then exits, and the mount goes with its namespace.
class mounted_elsewhere {
 public:
  mounted_elsewhere(const std::string& device, const fs::path& dir) {
    make_ext2(device);
    fs::create_directory(dir);
    int ready[2], hold[2];
    BOOST_REQUIRE(::pipe2(ready, O_CLOEXEC) == 0 && ::pipe2(hold, O_CLOEXEC) == 0);
    pid_ = ::fork();
    BOOST_REQUIRE(pid_ >= 0);
    if (pid_ == 0) {  // only async-signal-safe calls from here on
      ::close(ready[0]);
      ::close(hold[1]);
      const char ok = ::unshare(CLONE_NEWNS) == 0 && ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
                              ::mount(device.c_str(), dir.c_str(), "ext2", 0, nullptr) == 0
                          ? 'y'
                          : 'n';
      if (::write(ready[1], &ok, 1) != 1) ::_exit(1);
      char c;
      while (::read(hold[0], &c, 1) > 0) {}
      ::_exit(0);
    }
    ::close(ready[1]);
    ::close(hold[0]);
    hold_ = hold[1];
    char ok = 'n';
    const bool said = ::read(ready[0], &ok, 1) == 1;
    ::close(ready[0]);
    BOOST_REQUIRE_MESSAGE(said && ok == 'y', "cannot mount " << device << " in a new mount namespace");
  }
  mounted_elsewhere(const mounted_elsewhere&) = delete;
  mounted_elsewhere& operator=(const mounted_elsewhere&) = delete;
  ~mounted_elsewhere() {
    ::close(hold_);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

 private:
  pid_t pid_ = -1;
  int hold_ = -1;
};

}  // namespace

BOOST_AUTO_TEST_CASE(every_tool_refuses_a_block_device_behind_a_link_under_its_name_or_named_outright) {
  raidbench::test::temp_dir dir;
  make_backing_file(dir / "backing");
  const raidbench::test::loop_device loop(dir / "backing");
  const std::string device = loop.path();
  const std::string run = RB_RUN, fileio = std::string(RB_FILEIO) + " --file-num=1 --file-total-size=1M ",
                    fsync = RB_FSYNC, dd = RB_DD, suite = RAIDBENCH_TOOL;
  const auto snapshot = [&] { return raidbench::test::snapshot_tree(dir.path()); };
  const std::string in = "cd '" + dir.path().string() + "' && ";
  const std::string content = loop.content();

  // Links to the device under the names the tools write, and where a tool takes a path.
  fs::create_directory(dir / "scratch");
  for (const char* name : {"scratch/rb-run.0", "scratch/seq.dat", "test_file.0", "device-link"})
    fs::create_symlink(device, dir / name);
  raidbench::test::check_refusals(in, raidbench::test::with_fileio_writes({
      {run + " --dir scratch --size 1M --time 1 --rw write", "rb-run: scratch/rb-run.0 is a symbolic link"},
      {run + " --dir scratch --size 1M --time 1 --rw randrw", "rb-run: scratch/rb-run.0 is a symbolic link"},
      {suite + " --quick --size 16M --test-seconds 1 --dir scratch", "raidbench: scratch/seq.dat exists already"},
      {fsync + " -s 1 -f device-link", "rb-fsync: error: device-link is not a regular file"},
      {fsync + " -s 1 -f " + device, "rb-fsync: error: " + device + " is not a regular file"},
      {dd + " if=/dev/zero of=device-link count=1", "rb-dd: refusing to write to block device 'device-link'"},
      {dd + " if=/dev/zero of=" + device + " count=1 conv=notrunc", "rb-dd: refusing to write to block device '" + device + "'"},
      {dd + " if=/dev/zero of=device-link count=1 seek=1 oflag=direct", "rb-dd: refusing to write to block device"},
  }, fileio, "FATAL: test_file.0 is a symbolic link"), snapshot);

  // The device itself under those names (a node with its numbers): no link to refuse, the type is.
  for (const char* name : {"scratch/rb-run.0", "scratch/seq.dat", "test_file.0"}) {
    fs::remove(dir / name);
    BOOST_TEST_REQUIRE(::mknod((dir / name).c_str(), S_IFBLK | 0600, loop.device_number()) == 0, name);
  }
  raidbench::test::check_refusals(in, raidbench::test::with_fileio_writes({
      {run + " --dir scratch --size 1M --time 1 --rw write", "rb-run: scratch/rb-run.0 is a block device"},
      {suite + " --quick --size 16M --test-seconds 1 --dir scratch", "raidbench: scratch/seq.dat exists already"},
  }, fileio, "FATAL: test_file.0 is a block device"), snapshot);
  BOOST_TEST((loop.content() == content), "the loop device's bytes changed");
}

// --allow-device never reaches data in use. A loop device (A) backs another (B) that holds a
// mounted filesystem: no holders/ entry links them, B's loop/backing_file does. Writing A would
// corrupt the mounted filesystem ("Structure needs cleaning"): refused, naming the chain.
BOOST_AUTO_TEST_CASE(rb_dd_refuses_a_loop_device_under_a_mounted_loop_device_even_with_allow_device) {
  raidbench::test::temp_dir dir;
  make_backing_file(dir / "backing");
  const raidbench::test::loop_device a(dir / "backing");
  const raidbench::test::loop_device b(a.path());
  const mounted_ext2 mount(b.path(), dir / "mnt");
  const std::string a_name = fs::path(a.path()).filename(), b_name = fs::path(b.path()).filename();
  const std::string dd = RB_DD, in_use = "rb-dd: refusing to write to '" + a.path() + "': its data is in use: " + a_name +
                                         " → " + b_name + " (a loop device over it) → mounted at " + (dir / "mnt").string() +
                                         " (rb-dd never writes to a device in use, not even with --allow-device)";
  check_dd_refusals(dir, a, {
      {dd + " if=/dev/zero of=" + a.path() + " count=1 --allow-device", in_use},
      {dd + " if=/dev/zero of=" + a.path() + " count=1 seek=1 conv=notrunc oflag=direct --allow-device", in_use},
      {dd + " if=/dev/zero of=" + b.path() + " count=1 --allow-device", "rb-dd: refusing to write to '" + b.path() +
                                                                           "': its data is in use: " + b_name + " → mounted at"},
  });
}

// A swap area on a loop device: in /proc/swaps, in use.
BOOST_AUTO_TEST_CASE(rb_dd_refuses_an_active_swap_area_even_with_allow_device) {
  raidbench::test::temp_dir dir;
  make_backing_file(dir / "backing");
  const raidbench::test::loop_device loop(dir / "backing");
  const swap_area swap(loop.path());
  const std::string name = fs::path(loop.path()).filename();
  check_dd_refusals(dir, loop, {{std::string(RB_DD) + " if=/dev/zero of=" + loop.path() + " count=1 --allow-device",
                                 "rb-dd: refusing to write to '" + loop.path() + "': its data is in use: " + name +
                                     " → an active swap area (rb-dd never"}});
}

// A mount another mount namespace made (a container's) is not in this process's mountinfo: the
// kernel's exclusive claim on the device (O_EXCL) refuses it all the same.
BOOST_AUTO_TEST_CASE(rb_dd_refuses_a_device_mounted_in_another_mount_namespace) {
  raidbench::test::temp_dir dir;
  make_backing_file(dir / "backing");
  const raidbench::test::loop_device loop(dir / "backing");
  const mounted_elsewhere mount(loop.path(), dir / "mnt");
  check_dd_refusals(dir, loop, {{std::string(RB_DD) + " if=/dev/zero of=" + loop.path() + " count=1 --allow-device",
                                 "rb-dd: refusing to write to '" + loop.path() + "': the kernel says it is in use"}});
}

BOOST_AUTO_TEST_SUITE_END()
