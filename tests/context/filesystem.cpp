// The filesystem of a path: mountinfo lines (fake and real), options, statfs figures.
#include "raidbench/context/filesystem.hpp"

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(filesystem_test)

BOOST_AUTO_TEST_CASE(fake_mountinfo_gives_type_source_point_and_options) {
  temp_dir root;
  put_mount(root.path(), device_of(root.path()), root.path(), "xfs", "/dev/md0", "rw,attr2,inode64,noquota");
  auto f = read_filesystem(root.path(), root.path());
  BOOST_TEST_REQUIRE(f.has_value(), (f ? "" : f.message()));
  BOOST_TEST((f->type == std::optional<std::string>("xfs")));
  BOOST_TEST((f->source == std::optional<std::string>("/dev/md0")));
  BOOST_TEST((f->mount_point == std::optional<std::string>(root.path().string())));
  BOOST_TEST((f->mount_options == std::optional<std::string>("rw,noatime,attr2,inode64,noquota")));
  BOOST_TEST(f->block_size.value_or(0) > 0u);
  BOOST_TEST(f->size_bytes.value_or(0) >= f->available_bytes.value_or(0));
  BOOST_TEST(device_of(root.path()) == fmt::format("{}:{}", f->device_major, f->device_minor));
}

BOOST_AUTO_TEST_CASE(without_mountinfo_the_type_comes_from_statfs) {
  temp_dir root;
  auto f = read_filesystem("/dev/shm", root.path());
  BOOST_TEST_REQUIRE(f.has_value());
  BOOST_TEST((f->type == std::optional<std::string>("tmpfs")));
  BOOST_TEST(!f->source.has_value());
  BOOST_TEST(!f->mount_options.has_value());
}

BOOST_AUTO_TEST_CASE(mountinfo_escapes_and_the_deepest_mount_wins) {
  auto e = detail::parse_mountinfo_line("36 35 98:0 /mnt1 /mnt/with\\040space rw,noatime master:1 - ext3 /dev/root rw,errors=continue");
  BOOST_TEST_REQUIRE(e.has_value());
  BOOST_TEST(e->mount_point == "/mnt/with space");
  BOOST_TEST(e->type == "ext3");
  BOOST_TEST(e->major == 98u);
  BOOST_TEST(!detail::parse_mountinfo_line("garbage").has_value());
  BOOST_TEST(detail::is_under("/data/x", "/data"));
  BOOST_TEST(!detail::is_under("/database", "/data"));
  BOOST_TEST(detail::is_under("/anything", "/"));
}

BOOST_AUTO_TEST_CASE(real_tmp_and_shm) {
  auto shm = read_filesystem("/dev/shm");
  BOOST_TEST_REQUIRE(shm.has_value());
  BOOST_TEST((shm->type == std::optional<std::string>("tmpfs")));
  BOOST_TEST(shm->device_major == 0u);
  auto tmp = read_filesystem("/tmp");
  BOOST_TEST_REQUIRE(tmp.has_value());
  BOOST_TEST(tmp->type.has_value());
  BOOST_TEST(tmp->mount_point.has_value());
  auto missing = read_filesystem("/nonexistent/raidbench");
  BOOST_TEST_REQUIRE(!missing.has_value());
  BOOST_TEST(missing.message() == "stat /nonexistent/raidbench: No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()
