#include "raidbench/controller/model_json.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "fixture.hpp"
#include "raidbench/controller/megacli.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(model_json_test)

BOOST_AUTO_TEST_CASE(absent_fields_are_left_out_and_enums_are_names) {
  inventory inv;
  inv.source = "megacli";
  controller c;
  c.number = 0;
  c.cache_bytes = 1ULL << 30;
  c.battery.state = battery_state::charging;
  virtual_drive v;
  v.level = raid_level::raid10;
  v.current_policy.write = write_policy::write_through;
  c.virtual_drives.push_back(v);
  inv.controllers.push_back(c);
  inv.warnings.push_back({12, "cannot read Size 'x'"});

  const nlohmann::json j = inv;
  BOOST_TEST(j["source"] == "megacli");
  const auto& jc = j["controllers"][0];
  BOOST_TEST(jc["number"] == 0);
  BOOST_TEST(jc["cache_bytes"] == 1ULL << 30);
  BOOST_TEST(!jc.contains("model"));
  BOOST_TEST(jc["battery"] == nlohmann::json({{"state", "charging"}}));
  BOOST_TEST(jc["virtual_drives"][0]["level"] == "raid10");
  BOOST_TEST(jc["virtual_drives"][0]["current_policy"] == nlohmann::json({{"write", "write_through"}}));
  BOOST_TEST(jc["virtual_drives"][0]["default_policy"] == nlohmann::json::object());
  BOOST_TEST(!jc["virtual_drives"][0].contains("id"));
  BOOST_TEST(jc["physical_drives"] == nlohmann::json::array());
  BOOST_TEST(j["warnings"][0]["line"] == 12);
  BOOST_TEST(j["warnings"][0]["text"] == "cannot read Size 'x'");
}

BOOST_AUTO_TEST_CASE(parsed_drive) {
  const auto inv = parse_as<megacli>(test::read_fixture("controllers/megacli/pdlist-perc-h730p-4-sas-online.txt"));
  const nlohmann::json d = inv->controllers.at(0).physical_drives.at(0);
  BOOST_TEST(d == nlohmann::json::parse(R"({"device_id":0,"enclosure":32,"firmware":"VT31","interface":"sas","location":"32:0",
    "media":"hdd","media_errors":0,"model":"SEAGATE ST300MP0005","other_errors":0,"predictive_failures":0,
    "serial":"S7K13GAY","size_bytes":300000000000,"slot":0,"smart_alert":false,"state":"online",
    "temperature_celsius":35.0})"));
}

BOOST_AUTO_TEST_SUITE_END()
