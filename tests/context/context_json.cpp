// Storage context JSON: unknown values are null, and a context round-trips.
#include "raidbench/context/context_json.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(context_json_test)

BOOST_AUTO_TEST_CASE(fake_dm_crypt_context_round_trips) {
  temp_dir root;
  make_crypt_over_md(root.path());
  const std::string dev = device_of(root.path());
  map_device(root.path(), dev, root / "sys/devices/virtual/block/dm-0");
  put_mount(root.path(), dev, root.path(), "ext4", "/dev/mapper/cryptdata", "rw");
  auto c = gather_storage_context(root.path(), root.path());
  BOOST_TEST_REQUIRE(c.has_value());
  const nlohmann::json j = *c;
  BOOST_TEST(j.at("kernel").is_null());
  BOOST_TEST(j.at("devices").at(0).at("kind") == "device_mapper");
  BOOST_TEST(j.at("devices").at(0).at("pci").is_null());
  BOOST_TEST(j.at("devices").at(1).at("md_degraded") == 1);
  BOOST_TEST(j.at("filesystem").at("device") == dev);
  const auto back = nlohmann::json::parse(j.dump()).get<storage_context>();
  BOOST_TEST((back == *c));
}

BOOST_AUTO_TEST_CASE(real_context_round_trips) {
  auto c = gather_storage_context("/tmp");
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST((nlohmann::json::parse(nlohmann::json(*c).dump()).get<storage_context>() == *c));
}

BOOST_AUTO_TEST_CASE(bad_device_field_is_an_error) {
  nlohmann::json j = filesystem_info{};
  j["device"] = "sda";
  BOOST_CHECK_THROW(j.get<filesystem_info>(), nlohmann::json::exception);
}

// Every block kind reads back by its name; a name raidbench does not know is an error that says so,
// not a silent "disk".
BOOST_AUTO_TEST_CASE(block_kinds_read_back_by_name_and_unknown_ones_are_errors) {
  for (const auto kind : {block_kind::disk, block_kind::partition, block_kind::device_mapper, block_kind::md, block_kind::loop,
                          block_kind::zram, block_kind::ram}) {
    BOOST_TEST((nlohmann::json(kind).get<block_kind>() == kind));
    BOOST_TEST((enum_from_name<block_kind>(to_string(kind)) == kind));
  }
  BOOST_TEST(nlohmann::json(block_kind::device_mapper) == "device_mapper");
  BOOST_TEST(!enum_from_name<block_kind>("nvme").has_value());
  try {
    (void)nlohmann::json("nvme").get<block_kind>();
    BOOST_FAIL("an unknown block kind was read");
  } catch (const nlohmann::json::exception& e) {
    BOOST_TEST(std::string(e.what()).find("unknown block kind 'nvme'") != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_SUITE_END()
