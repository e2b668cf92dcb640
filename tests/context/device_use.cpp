#include "raidbench/context/device_use.hpp"

#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(device_use_test)

namespace {

// A machine's devices by hand: each node's links as /sys would give them.
struct machine {
  block_links links;
  block_link_node& add(const std::string& name, unsigned ma, unsigned mi) {
    links.nodes.push_back({});
    auto& n = links.nodes.back();
    n.name = name;
    n.device = makedev(ma, mi);
    return n;
  }
  block_link_node& operator[](const std::string& name) {
    for (auto& n : links.nodes)
      if (n.name == name) return n;
    throw std::out_of_range(name);
  }
  /// `holder` built on each of `slaves`.
  void build(const std::string& holder, std::initializer_list<const char*> slaves) {
    for (const char* s : slaves) {
      (*this)[holder].slaves.push_back(s);
      (*this)[s].holders.push_back(holder);
    }
  }
  /// The chain found from `name`, or "" when its data is not in use.
  std::string use_of(const std::string& name) { return device_in_use((*this)[name].device, links).value_or(""); }
};

const std::string unused;

}  // namespace

BOOST_AUTO_TEST_CASE(a_loop_device_on_a_loop_device_is_followed_through_its_backing_device) {
  machine m;
  m.add("loop0", 7, 0).backing_file = file_identity{1, 100, 0};
  m.add("loop1", 7, 1).backing_device = makedev(7, 0);
  m.add("loop2", 7, 2);
  m["loop1"].mount_points = {"/mnt/inner"};
  BOOST_TEST(m.use_of("loop0") == "loop0 → loop1 (a loop device over it) → mounted at /mnt/inner");
  BOOST_TEST(m.use_of("loop1") == "loop1 → mounted at /mnt/inner");
  BOOST_TEST(m.use_of("loop2") == unused);
  // Two loop devices over one file: writing either changes what the other holds.
  m.add("loop3", 7, 3).backing_file = file_identity{1, 100, 0};
  BOOST_TEST(m.use_of("loop3") == "loop3 → loop0 (a loop device over the same file) → loop1 (a loop device over it) → "
                                  "mounted at /mnt/inner");
  // A device unknown to /sys (gone since) has nothing found on it.
  BOOST_TEST(!device_in_use(makedev(250, 9), m.links));
}

BOOST_AUTO_TEST_CASE(partitions_count_for_their_disk_but_not_for_each_other) {
  machine m;
  m.add("sdb", 8, 16);
  m.add("sdb1", 8, 17).disk = "sdb";
  m.add("sdb2", 8, 18).disk = "sdb";
  m["sdb2"].mount_points = {"/mnt/my data"};
  BOOST_TEST(m.use_of("sdb") == "sdb → sdb2 (a partition of it) → mounted at /mnt/my data");
  BOOST_TEST(m.use_of("sdb1") == unused);  // a spare partition beside a mounted one may be written
  // …unless something sees the whole disk: a loop device over its node.
  m.add("loop4", 7, 4).backing_device = makedev(8, 16);
  m["loop4"].swap = true;
  BOOST_TEST(m.use_of("sdb1") == "sdb1 → sdb (its disk) → loop4 (a loop device over it) → an active swap area");
}

BOOST_AUTO_TEST_CASE(md_and_device_mapper_chains_up_and_down) {
  machine m;
  for (const char* d : {"sdc", "sdd", "sde"}) m.add(d, 8, static_cast<unsigned>(32 + 16 * (d[2] - 'c')));
  m.add("sdc1", 8, 33).disk = "sdc";
  m.add("sdd1", 8, 49).disk = "sdd";
  m.add("md0", 9, 0);
  m.build("md0", {"sdc1", "sdd1"});
  m.add("dm-0", 253, 0);  // dm-crypt over the array, mounted
  m.build("dm-0", {"md0"});
  m["dm-0"].mount_points = {"/srv"};
  BOOST_TEST(m.use_of("sdc") == "sdc → sdc1 (a partition of it) → md0 (built on it) → dm-0 (built on it) → mounted at /srv");
  BOOST_TEST(m.use_of("md0") == "md0 → dm-0 (built on it) → mounted at /srv");
  BOOST_TEST(m.use_of("sde") == unused);
  // Writing a multipath device writes its paths whole: a partition mounted through one path is hit.
  m.add("dm-1", 253, 1);
  m.add("sde1", 8, 65).disk = "sde";
  m.build("dm-1", {"sde"});
  m["sde1"].mount_points = {"/legacy"};
  BOOST_TEST(m.use_of("dm-1") == "dm-1 → sde (under it) → sde1 (a partition of it) → mounted at /legacy");
}

BOOST_AUTO_TEST_CASE(a_logical_volume_beside_a_mounted_one_may_be_written_its_physical_volume_not) {
  machine m;
  m.add("sda", 8, 0);
  m.add("sda2", 8, 2).disk = "sda";
  for (unsigned i : {0u, 1u}) {
    auto& lv = m.add("dm-" + std::to_string(i), 253, i);
    lv.maps_part_of_slaves = true;
    m.build(lv.name, {"sda2"});
  }
  m["dm-0"].mount_points = {"/"};
  BOOST_TEST(m.use_of("dm-1") == unused);
  BOOST_TEST(m.use_of("sda2") == "sda2 → dm-0 (built on it) → mounted at /");
  BOOST_TEST(m.use_of("sda") == "sda → sda2 (a partition of it) → dm-0 (built on it) → mounted at /");
}

BOOST_AUTO_TEST_CASE(swap_areas_on_a_device_and_in_a_file_behind_a_loop_device) {
  machine m;
  m.add("zram0", 252, 0).swap = true;
  BOOST_TEST(m.use_of("zram0") == "zram0 → an active swap area");
  m.add("loop5", 7, 5).backing_file = file_identity{2, 7, 0};
  m.links.swap_files.push_back({2, 7, 0});
  BOOST_TEST(m.use_of("loop5") == "loop5 → its backing file, an active swap file");
}

BOOST_AUTO_TEST_CASE(a_cycle_in_what_sys_says_ends) {
  machine m;
  m.add("loop6", 7, 6).backing_device = makedev(7, 7);
  m.add("loop7", 7, 7).backing_device = makedev(7, 6);
  BOOST_TEST(m.use_of("loop6") == unused);
}

// The reader, on a fake /sys and /proc: class/block links, a file-backed loop device, a btrfs
// filesystem over two devices whose mountinfo line names one, and swap areas by path.
BOOST_AUTO_TEST_CASE(the_links_are_read_from_sys_mountinfo_and_swaps) {
  test::temp_dir dir;
  const auto sys = dir / "sys", proc = dir / "proc";
  const auto backing = dir / "backing.img", swapfile = dir / "swap file";
  std::ofstream(backing) << "x";
  std::ofstream(swapfile) << "y";
  const auto block = [&](const std::string& name, const std::string& numbers, const std::filesystem::path& under = {}) {
    const auto d = (under.empty() ? sys / "devices/virtual/block" : under) / name;
    test::put(d / "dev", numbers + "\n");
    test::link(d, sys / "class/block" / name);
    return d;
  };
  const auto loop = block("loop0", "7:0");
  test::put(loop / "loop/backing_file", backing.string() + "\n");
  const auto sdb = block("sdb", "8:16");
  const auto sdb1 = block("sdb1", "8:17", sdb);
  test::put(sdb1 / "partition", "1\n");
  block("sdc", "8:32");
  const auto lv = block("dm-3", "253:3");
  test::put(lv / "dm/uuid", "LVM-abc\n");
  test::link(sdb1, lv / "slaves/sdb1");
  test::link(lv, sdb1 / "holders/dm-3");
  for (const char* member : {"sdb1", "sdc"}) test::put(sys / "fs/btrfs/0123-uuid/devices" / member, "");
  test::put(proc / "self/mountinfo", "22 1 0:51 / /data rw,relatime shared:1 - btrfs /dev/nonexistent rw\n"
                                     "23 1 8:17 / /mnt/my\\040data rw - btrfs /dev/sdb1 rw\n");
  test::put(proc / "swaps", "Filename\tType\tSize\tUsed\tPriority\n" + dir.path().string() +
                                "/swap\\040file                     file\t1020\t0\t-2\n");

  const block_links links = read_block_links(sys, proc);
  BOOST_TEST_REQUIRE(links.nodes.size() == 5u);
  const auto node = [&](const std::string& name) {
    for (const auto& n : links.nodes)
      if (n.name == name) return n;
    BOOST_FAIL("no " << name);
    return block_link_node{};
  };
  struct stat st {};
  BOOST_TEST_REQUIRE(::stat(backing.c_str(), &st) == 0);
  BOOST_TEST((node("loop0").backing_file == file_identity::of(st)));
  BOOST_TEST(node("sdb1").disk == "sdb");
  BOOST_TEST(node("sdb1").holders == std::vector<std::string>{"dm-3"});
  BOOST_TEST(node("dm-3").slaves == std::vector<std::string>{"sdb1"});
  BOOST_TEST(node("dm-3").maps_part_of_slaves);
  BOOST_TEST(node("sdb1").mount_points == std::vector<std::string>{"/mnt/my data"});
  BOOST_TEST(node("sdc").mount_points == std::vector<std::string>{"/mnt/my data"});  // the same btrfs
  BOOST_TEST(device_in_use(makedev(8, 32), links).value_or("") == "sdc → mounted at /mnt/my data");
  BOOST_TEST_REQUIRE(::stat(swapfile.c_str(), &st) == 0);
  BOOST_TEST_REQUIRE(links.swap_files.size() == 1u);
  BOOST_TEST((links.swap_files.front() == file_identity::of(st)));
}

BOOST_AUTO_TEST_SUITE_END()
