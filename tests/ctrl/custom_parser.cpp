// examples/extending/parser: a tw_cli parser written outside include/ reads the tw_cli captures through
// parse_any(text, builtin_parsers + parsers<tw_cli>), while the builtin parsers keep their own text.
#include <boost/test/unit_test.hpp>

#include <string>

#include "run_tool.hpp"

using namespace raidbench::test;

namespace {
tool_result custom(const std::string& files) {
  std::string args;
  for (std::size_t start = 0; start < files.size();) {
    auto end = files.find(' ', start);
    if (end == std::string::npos) end = files.size();
    args += " " + fixture_arg("controllers/" + files.substr(start, end - start));
    start = end + 1;
  }
  return run_shell(quoted(RB_CUSTOM_PARSER) + args);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(custom_parser_test)

BOOST_AUTO_TEST_CASE(tw_cli_dumps_merge_into_one_controller) {
  const auto r = custom("tw_cli/info-controllers-9650se-2lp.txt tw_cli/info-c0-units-raid1-ok.txt tw_cli/info-c0-u0-ports.txt "
                        "tw_cli/c0-p0-show-model-serial-capacity-firmware.txt");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out == "source: tw_cli\n"
                      "controller 0: 3ware 9650SE-2LP\n"
                      "  battery:    absent\n"
                      "  input:      covers controller, battery, arrays, drives\n"
                      "  virtual drives (1):\n"
                      "    VD 0: raid1, 65.2 GiB, optimal\n"
                      "      current: write_back\n"
                      "  physical drives (2):\n"
                      "    p0: online, WDC WD740ADFD-00NLR4, serial WD-WMANS1648590, firmware 21.07QR4, 69.2 GiB\n"
                      "    p1: online, serial WD-WMANS1344790, 69.2 GiB\n"
                      "verdicts: 2 fired of 8\n"
                      "  FIRED critical battery_unhealthy [controller 0]: battery absent: the cache is not protected "
                      "against a power loss\n"
                      "        evidence: controller 0: battery.present = false\n"
                      "  FIRED critical write_back_without_battery [controller 0 / VD 0]: the cache writes back while its "
                      "battery does not protect it (battery absent): a power loss can lose acknowledged writes\n"
                      "        evidence: controller 0 / VD 0: current write policy = write_back\n"
                      "        evidence: controller 0: battery.present = false\n"
                      "  no    degraded_array: no degraded array seen\n"
                      "  no    array_busy: no array runs background work\n"
                      "  no    policy_differs_from_default: current policies match the defaults (where both are known)\n"
                      "  no    drive_failed: no failed drive seen\n"
                      "  no    drive_predictive_failure: no drive predicts its failure\n"
                      "  no    drive_cache_enabled: no drive cache enabled behind a write-back controller\n");
}

BOOST_AUTO_TEST_CASE(each_tw_cli_dump_alone_is_detected) {
  const auto ctl = custom("tw_cli/info-controllers-9650se-2lp.txt");
  // No battery, but no cache configured to write back either: nothing fired.
  BOOST_TEST(ctl.out.starts_with("source: tw_cli\ncontroller 0: 3ware 9650SE-2LP\n  battery:    absent\n"
                                  "  input:      covers controller, battery; not arrays, drives (unknown)\nverdicts: 0 fired of 8\n"));
  const auto show = custom("tw_cli/c0-p0-show-model-serial-capacity-firmware.txt");
  BOOST_TEST(show.out.find("    p0: WDC WD740ADFD-00NLR4, serial WD-WMANS1648590, firmware 21.07QR4, 69.2 GiB\n") != std::string::npos);
  const auto units = custom("tw_cli/info-c0-units-raid1-ok.txt");
  BOOST_TEST(units.out.find("    VD 0: raid1, 65.2 GiB, optimal\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(builtin_parsers_still_read_their_own_text) {
  const auto r = custom("megacli/bbu-ibbu08-optimal.txt");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.starts_with("source: megacli\n"));
  const auto bad = run_shell(quoted(RB_CUSTOM_PARSER) + " /dev/null");
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err == "rb-custom-parser: /dev/null: no parser recognises this text (tried: storcli, megacli, ssacli, "
                        "arcconf, mdadm, mdstat, tw_cli)\n");
}

BOOST_AUTO_TEST_SUITE_END()
