#include "device_guard.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

using namespace rbdd;

// Which devices are in use is context/device_use.hpp's (tests/context/device_use.cpp); here, what
// rb-dd decides and says.
BOOST_AUTO_TEST_SUITE(device_guard_test)

BOOST_AUTO_TEST_CASE(files_and_character_devices_pass) {
  BOOST_TEST(check_output({"'out'", false, {}}, false).has_value());
}

BOOST_AUTO_TEST_CASE(an_unused_block_device_needs_the_override) {
  auto refused = check_output({"'/dev/sdd'", true, {}}, false);
  BOOST_TEST_REQUIRE(!refused);
  BOOST_TEST(refused.message() ==
             "refusing to write to block device '/dev/sdd': its data would be overwritten; add --allow-device to write to it anyway");
  BOOST_TEST(check_output({"'/dev/sdd'", true, {}}, true).has_value());
}

BOOST_AUTO_TEST_CASE(a_device_in_use_is_refused_even_with_the_override_naming_the_chain) {
  for (bool allow : {false, true}) {
    auto r = check_output({"'/dev/loop0'", true, "loop0 → loop1 (a loop device over it) → mounted at /mnt"}, allow);
    BOOST_TEST_REQUIRE(!r);
    BOOST_TEST(r.message() == "refusing to write to '/dev/loop0': its data is in use: loop0 → loop1 (a loop device over it) → "
                              "mounted at /mnt (rb-dd never writes to a device in use, not even with --allow-device)");
  }
}

BOOST_AUTO_TEST_SUITE_END()
