// A block device under a name a tool writes (through a link, or a device node of its own), or named
// outright where a tool takes a path, is refused with one line and exit status 1 (rb-dd: unless --allow-device, not given here),
// and no byte changes: not on the device, not anywhere in the test's tree. The device is a loop
// device over a file this test makes (tests/support/loop_device.hpp), never one of the machine's.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

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

BOOST_AUTO_TEST_SUITE_END()
