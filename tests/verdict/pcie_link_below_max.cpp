// Rule pcie_link_below_max: one storage-wide warning when the PCIe link above a disk runs slower or
// narrower than it can; no claim when the maximum is unknown.
#include "raidbench/verdict/pcie_link_below_max.hpp"

#include <boost/test/unit_test.hpp>

#include "make.hpp"

namespace raidbench::test {

BOOST_AUTO_TEST_SUITE(pcie_link_below_max_test)

using rule_of_test = rule::pcie_link_below_max;

BOOST_AUTO_TEST_CASE(pcie_link_below_its_maximum_fires) {
  auto c = one_disk("scsi", true);
  c.devices[0].pci = pcie_link{"0000:01:00.0", "0x1000", "0x005d", "megaraid_sas", "5.0 GT/s PCIe", "8.0 GT/s PCIe", 8, 8};
  const auto judged = [&] { return only(judged_by<rule_of_test>(facts{&c, nullptr, {}, {}, {}})); };
  const verdict v = judged();
  BOOST_TEST(v.fired);
  BOOST_TEST(v.subject == "");
  BOOST_TEST((v.level == severity::warning));
  BOOST_TEST(v.evidence == (std::vector<std::string>{"0000:01:00.0 above sda: link 5.0 GT/s PCIe x8, maximum 8.0 GT/s PCIe x8"}));
  c.devices[0].pci->current_speed = "8.0 GT/s PCIe";
  BOOST_TEST(!judged().fired);
  BOOST_TEST(judged().message == "PCIe links run at their maximum");
  c.devices[0].pci->current_width = 4;
  BOOST_TEST(judged().fired);
  c.devices[0].pci->max_speed.reset();
  BOOST_TEST(!judged().fired);  // unknown maximum: no claim
  BOOST_TEST(judged().message.find("unknown") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_inventory_judged_on_its_own_has_no_links) {
  const auto inv = one_controller(write_policy::write_back, battery_state::optimal);
  BOOST_TEST(judged_by<rule_of_test>(alone(inv)).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace raidbench::test
