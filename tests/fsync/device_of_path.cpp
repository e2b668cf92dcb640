// The device under a path, through a made-up /sys tree and through the real one.
#include "raidbench/context/device_of_path.hpp"

#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <fstream>

#include "../support/temp_dir.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(device_of_path_test)

BOOST_AUTO_TEST_CASE(partition_resolves_to_its_disk_and_rotational_flag) {
  test::temp_dir dir;
  struct stat st {};
  BOOST_TEST_REQUIRE(::stat(dir.path().c_str(), &st) == 0);
  const fs::path sys = dir / "sys";
  const fs::path disk = sys / "devices" / "pci0000:00" / "block" / "sdz";
  fs::create_directories(disk / "sdz2");
  fs::create_directories(disk / "queue");
  std::ofstream(disk / "sdz2" / "partition") << "2\n";
  std::ofstream(disk / "queue" / "rotational") << "1\n";
  fs::create_directories(sys / "dev" / "block");
  fs::create_directory_symlink(disk / "sdz2", sys / "dev" / "block" / fmt::format("{}:{}", major(st.st_dev), minor(st.st_dev)));

  auto s = device_of_path(dir.path(), sys);
  BOOST_TEST_REQUIRE(s.has_value(), (s ? "" : s.message()));
  BOOST_TEST_REQUIRE(s->device.has_value());
  BOOST_TEST(s->device->disk == "sdz");
  BOOST_TEST(s->device->partition == "sdz2");
  BOOST_TEST((s->device->rotational == std::optional<bool>(true)));

  std::ofstream(disk / "queue" / "rotational") << "garbage\n";
  auto unknown = device_of_path(dir.path(), sys);
  BOOST_TEST_REQUIRE(unknown.has_value());
  BOOST_TEST(!unknown->device->rotational.has_value());
}

BOOST_AUTO_TEST_CASE(tmpfs_has_no_device_and_missing_paths_fail) {
  auto shm = device_of_path("/dev/shm");
  BOOST_TEST_REQUIRE(shm.has_value());
  BOOST_TEST(shm->filesystem == "tmpfs");
  BOOST_TEST(!shm->device.has_value());
  auto missing = device_of_path("/nonexistent/raidbench");
  BOOST_TEST_REQUIRE(!missing.has_value());
  BOOST_TEST(missing.message() == "stat /nonexistent/raidbench: No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()
