#include "raidbench/controller/merge.hpp"

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "raidbench/controller/megacli.hpp"

using namespace raidbench;

namespace {
controller numbered(unsigned n, std::optional<std::string> serial = std::nullopt) {
  controller c;
  c.number = n;
  c.serial = std::move(serial);
  return c;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(merge_test)

BOOST_AUTO_TEST_CASE(adpallinfo_pdlist_ldinfo_and_bbu_of_one_adapter) {
  auto inv = parse_as<megacli>(test::read_fixture("seed-outputs/megacli-adpallinfo-intel-rs25ab080.txt")).value();
  merge(inv, parse_as<megacli>(test::read_fixture("seed-outputs/megacli-pdlist-intel-rs25ab080.txt")).value());
  merge(inv, parse_as<megacli>("Adapter 0 -- Virtual Drive Information:\nVirtual Drive: 0 (Target Id: 0)\n"
                               "State               : Optimal\n").value());
  merge(inv, parse_as<megacli>(test::read_fixture("controllers/megacli/bbu-ibbu08-optimal.txt")).value());
  BOOST_TEST(inv.source == "megacli");
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  const auto& c = inv.controllers[0];
  BOOST_TEST(c.model == "Intel (R) RAID Controller RS25AB080");
  BOOST_TEST(c.physical_drives.size() == 2U);
  BOOST_TEST(c.virtual_drives.size() == 1U);
  BOOST_TEST(c.battery.model == "iBBU08");
  BOOST_TEST(c.battery.present == true);  // AdpAllInfo said so first; AdpBbuCmd agrees
}

BOOST_AUTO_TEST_CASE(first_dump_wins_and_drives_match_by_enclosure_and_slot) {
  inventory a, b;
  a.source = "megacli";
  b.source = "storcli";
  a.controllers.push_back(numbered(0, "SV1"));
  a.controllers[0].model = "first";
  physical_drive d;
  d.enclosure = 32;
  d.slot = 1;
  d.state = pd_state::online;
  a.controllers[0].physical_drives.push_back(d);

  b.controllers.push_back(numbered(7, "SV1"));  // same serial, other numbering: same controller
  b.controllers[0].model = "second";
  b.controllers[0].firmware = "4.1";
  d.state = pd_state::failed;
  d.serial = "Z1";
  b.controllers[0].physical_drives.push_back(d);
  d.slot = 2;
  b.controllers[0].physical_drives.push_back(d);
  b.warnings.push_back({3, "w"});

  merge(a, std::move(b));
  BOOST_TEST(a.source == "megacli+storcli");
  BOOST_TEST_REQUIRE(a.controllers.size() == 1U);
  const auto& c = a.controllers[0];
  BOOST_TEST(c.model == "first");
  BOOST_TEST(c.firmware == "4.1");
  BOOST_TEST(c.number == 0U);
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  BOOST_TEST((c.physical_drives[0].state == pd_state::online));
  BOOST_TEST(c.physical_drives[0].serial == "Z1");
  BOOST_TEST(c.physical_drives[1].slot == 2U);
  BOOST_TEST_REQUIRE(a.warnings.size() == 1U);
  BOOST_TEST(a.warnings[0].line == 3U);
}

BOOST_AUTO_TEST_CASE(drives_at_different_addresses_never_merge) {
  // md members carry their role in the array as device id; HP bays repeat on each port.
  inventory a, b;
  a.controllers.push_back(numbered(0));
  b.controllers.push_back(numbered(0));
  physical_drive sda, sdc;
  sda.location = "sda1";
  sda.device_id = 0;
  sdc.location = "sdc1";
  sdc.device_id = 0;
  a.controllers[0].physical_drives.push_back(sda);
  b.controllers[0].physical_drives.push_back(sdc);
  physical_drive port1, port2;
  port1.location = "1I:1:1";
  port1.enclosure = 1;
  port1.slot = 1;
  port2 = port1;
  port2.location = "2I:1:1";
  a.controllers[0].physical_drives.push_back(port1);
  b.controllers[0].physical_drives.push_back(port2);
  merge(a, std::move(b));
  BOOST_TEST(a.controllers[0].physical_drives.size() == 4U);
}

BOOST_AUTO_TEST_CASE(different_adapters_stay_apart) {
  inventory a, b;
  a.controllers.push_back(numbered(0));
  b.controllers.push_back(numbered(1));
  b.controllers.push_back(numbered(0, "S"));
  merge(a, std::move(b));
  BOOST_TEST_REQUIRE(a.controllers.size() == 2U);
  BOOST_TEST(a.controllers[0].serial == "S");
  BOOST_TEST(a.controllers[1].number == 1U);

  inventory x, y;
  x.controllers.push_back(numbered(0, "A"));
  y.controllers.push_back(numbered(0, "B"));  // same number, different serial: two machines' dumps
  merge(x, std::move(y));
  BOOST_TEST(x.controllers.size() == 2U);

  inventory p, q;  // one anonymous controller on each side: the same one
  p.controllers.emplace_back();
  q.controllers.emplace_back();
  q.controllers[0].model = "m";
  merge(p, std::move(q));
  BOOST_TEST_REQUIRE(p.controllers.size() == 1U);
  BOOST_TEST(p.controllers[0].model == "m");
}

BOOST_AUTO_TEST_CASE(slot_without_enclosure_does_not_match_an_enclosure_slot) {
  inventory a, b;
  a.controllers.push_back(numbered(0));
  b.controllers.push_back(numbered(0));
  physical_drive with, without;
  with.enclosure = 32;
  with.slot = 3;
  without.slot = 3;
  a.controllers[0].physical_drives.push_back(with);
  b.controllers[0].physical_drives.push_back(without);
  merge(a, std::move(b));
  BOOST_TEST(a.controllers[0].physical_drives.size() == 2U);
}

BOOST_AUTO_TEST_SUITE_END()
