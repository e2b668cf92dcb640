#include "device_guard.hpp"

#include <boost/test/unit_test.hpp>

#include <sys/sysmacros.h>

#include <string>
#include <vector>

using namespace rbdd;

namespace {
// A mountinfo as Linux writes it: ext4 on 8:1 at /, ext4 on 8:17 at a path with a blank, tmpfs.
constexpr std::string_view mountinfo =
    "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
    "40 22 8:17 / /mnt/my\\040data rw,relatime shared:20 - ext4 /dev/sdb1 rw\n"
    "41 22 0:35 / /dev/shm rw,nosuid,nodev shared:5 - tmpfs tmpfs rw\n"
    "42 22 0:50 / /srv rw shared:6 - btrfs /dev/sdc rw\n";

output_facts device(const char* name, unsigned ma, unsigned mi, std::string canonical = {},
                    std::span<const dev_t> parts = {}) {
  return {name, true, makedev(ma, mi), std::move(canonical), parts};
}
}  // namespace

BOOST_AUTO_TEST_SUITE(device_guard_test)

BOOST_AUTO_TEST_CASE(files_and_character_devices_pass) {
  BOOST_TEST(check_output({"'out'", false, 0, {}, {}}, mountinfo, false).has_value());
}

BOOST_AUTO_TEST_CASE(an_unmounted_block_device_needs_the_override) {
  auto refused = check_output(device("'/dev/sdd'", 8, 48), mountinfo, false);
  BOOST_TEST_REQUIRE(!refused);
  BOOST_TEST(refused.message() ==
             "refusing to write to block device '/dev/sdd': its data would be overwritten; add --allow-device to write to it anyway");
  BOOST_TEST(check_output(device("'/dev/sdd'", 8, 48), mountinfo, true).has_value());
}

BOOST_AUTO_TEST_CASE(a_mounted_device_is_refused_even_with_the_override) {
  for (bool allow : {false, true}) {
    auto r = check_output(device("'/dev/sda1'", 8, 1), mountinfo, allow);
    BOOST_TEST_REQUIRE(!r);
    BOOST_TEST(r.message().find("mounted at / (rb-dd never writes to a mounted device") != std::string::npos);
  }
  // The whole disk whose partition is mounted, found through its partitions.
  const std::vector<dev_t> parts{makedev(8, 17)};
  auto disk = check_output(device("'/dev/sdb'", 8, 16, "/dev/sdb", parts), mountinfo, true);
  BOOST_TEST_REQUIRE(!disk);
  BOOST_TEST(disk.message().find("mounted at /mnt/my data") != std::string::npos);
  // A filesystem whose device number is not the disk's (btrfs), found by its source path.
  auto btrfs = check_output(device("'/dev/sdc'", 8, 32, "/dev/sdc"), mountinfo, true);
  BOOST_TEST_REQUIRE(!btrfs);
  BOOST_TEST(btrfs.message().find("mounted at /srv") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(mount_lookup) {
  BOOST_TEST(mounted_at(mountinfo, makedev(8, 1), {}) == "/");
  BOOST_TEST(mounted_at(mountinfo, makedev(8, 2), {}) == "");
  BOOST_TEST(mounted_at("", makedev(8, 1), "/dev/sda1") == "");
  BOOST_TEST(mounted_at("garbage line\n\n", makedev(8, 1), "/dev/sda1") == "");
}

BOOST_AUTO_TEST_SUITE_END()
