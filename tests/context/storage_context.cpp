// The whole storage context of a directory through fake /sys and /proc trees, and on this machine.
#include "raidbench/context/storage_context.hpp"

#include <sys/utsname.h>

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(storage_context_test)

BOOST_AUTO_TEST_CASE(ext4_on_a_misaligned_sata_partition) {
  temp_dir root;
  mount_on_sata_behind_lsi(root.path(), "rw,data=ordered");
  put(root / "proc/sys/kernel/osrelease", "3.8.0\n");
  auto c = gather_storage_context(root.path(), root.path());
  BOOST_TEST_REQUIRE(c.has_value(), (c ? "" : c.message()));
  BOOST_TEST((c->kernel == std::optional<std::string>("3.8.0")));
  BOOST_TEST((c->filesystem.type == std::optional<std::string>("ext4")));
  BOOST_TEST_REQUIRE(c->devices.size() == 2u);
  BOOST_TEST(c->devices[0].name == "sda1");
  BOOST_TEST(c->devices[1].name == "sda");
  BOOST_TEST(!c->ram_bytes.has_value());  // no meminfo in the fake tree: unknown
  BOOST_TEST(!c->cpu.model.has_value());
}

BOOST_AUTO_TEST_CASE(tmpfs_has_no_device) {
  temp_dir root;
  put_mount(root.path(), device_of("/dev/shm"), "/dev/shm", "tmpfs", "tmpfs", "rw,size=1024k");
  auto c = gather_storage_context("/dev/shm", root.path());
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST((c->filesystem.type == std::optional<std::string>("tmpfs")));
  BOOST_TEST(c->devices.empty());
}

BOOST_AUTO_TEST_CASE(this_machine_is_self_consistent) {
  for (const char* path : {"/tmp", "/dev/shm"}) {
    BOOST_TEST_CONTEXT(path) {
      auto c = gather_storage_context(path);
      BOOST_TEST_REQUIRE(c.has_value());
      struct utsname u {};
      ::uname(&u);
      BOOST_TEST((c->kernel == std::optional<std::string>(u.release)));
      BOOST_TEST(c->ram_bytes.has_value());
      BOOST_TEST(c->cpu.logical_cpus.value_or(0) >= 1u);
      BOOST_TEST(c->filesystem.type.has_value());
      if (c->filesystem.type == "tmpfs") BOOST_TEST(c->devices.empty());
      if (c->devices.empty()) continue;
      // The top device is the one the filesystem sits on.
      const auto dev = detail::read_first_line(fs::path("/sys/class/block") / c->devices[0].name / "dev");
      BOOST_TEST((dev == std::optional<std::string>(fmt::format("{}:{}", c->filesystem.device_major, c->filesystem.device_minor))));
      for (const auto& n : c->devices) {
        for (const auto& b : n.below)
          BOOST_TEST(std::any_of(c->devices.begin(), c->devices.end(), [&](const block_node& m) { return m.name == b; }), b);
        if (n.kind == block_kind::partition) continue;
        BOOST_TEST((n.rotational == detail::read_flag(fs::path("/sys/class/block") / n.name / "queue/rotational")));
        BOOST_TEST(n.logical_sector_bytes.value_or(0) >= 512u);
        BOOST_TEST(n.physical_sector_bytes.value_or(0) >= n.logical_sector_bytes.value_or(0));
      }
      BOOST_TEST(!bottom_devices(c->devices).empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(missing_path_fails_with_one_line) {
  auto c = gather_storage_context("/nonexistent/raidbench");
  BOOST_TEST_REQUIRE(!c.has_value());
  BOOST_TEST(c.message() == "stat /nonexistent/raidbench: No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()
