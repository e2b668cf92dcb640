#include "raidbench/controller/mdstat.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "capture.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(mdstat_test)

namespace {

inventory parse_file(const std::string& name) { return test::parse_capture<mdstat>("controllers/mdstat/" + name); }
inventory parse_text(std::string_view text) { return test::parse_text<mdstat>(text); }

struct array_row {
  const char* name;
  unsigned id;
  std::optional<raid_level> level;
  std::uint64_t blocks;  // 1 KiB each
  test::vd_status status;
  std::optional<double> progress;
  std::optional<std::uint64_t> chunk_kib;
  std::optional<unsigned> drives;
};

// `members`: "device:number:state" for every member of every array in order; state U online,
// F failed, S hot spare, R rebuilding, - absent.
void check(const inventory& inv, const std::vector<array_row>& arrays, std::string_view members) {
  const auto& c = test::sole_controller(inv);
  BOOST_TEST((c.battery == battery{}));
  BOOST_TEST(!c.model);
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == arrays.size());
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const auto& v = c.virtual_drives[i];
    const auto& a = arrays[i];
    BOOST_TEST_INFO(a.name);
    BOOST_TEST(v.name == std::string(a.name));
    BOOST_TEST(v.id == a.id);
    BOOST_TEST((v.level == a.level));
    BOOST_TEST(v.size_bytes == a.blocks * 1024);
    BOOST_TEST((v.state == a.status.state));
    BOOST_TEST((v.operation == a.status.operation));
    BOOST_TEST((v.kind == vd_kind::volume));
    BOOST_TEST(v.progress_percent == a.progress);
    BOOST_TEST(v.strip_bytes == (a.chunk_kib ? std::optional<std::uint64_t>(*a.chunk_kib * 1024) : std::nullopt));
    BOOST_TEST(v.drive_count == a.drives);
    BOOST_TEST(!v.span_count);
    BOOST_TEST((v.current_policy == cache_policy{}));
  }
  std::istringstream in{std::string(members)};
  std::size_t i = 0;
  for (std::string member; in >> member; ++i) {
    BOOST_TEST_INFO(member);
    BOOST_TEST_REQUIRE(i < c.physical_drives.size());
    const auto& d = c.physical_drives[i];
    const auto first = member.find(':'), last = member.rfind(':');
    BOOST_TEST(d.location == member.substr(0, first));
    BOOST_TEST(d.device_id == static_cast<unsigned>(std::stoul(member.substr(first + 1, last - first - 1))));
    const char s = member[last + 1];
    // Spelled as a switch: GCC 12 at -O2 warns (wrongly) that a nested ?: of optionals may be uninitialized.
    std::optional<pd_state> state;
    switch (s) {
      case 'U': state = pd_state::online; break;
      case 'F': state = pd_state::failed; break;
      case 'S': state = pd_state::hot_spare; break;
      case 'R': state = pd_state::rebuilding; break;
      default: break;
    }
    BOOST_TEST((d.state == state));
    BOOST_TEST(!d.slot);
    BOOST_TEST(!d.size_bytes);
    BOOST_TEST(!d.media);
  }
  BOOST_TEST(c.physical_drives.size() == i);
}

constexpr auto ok = vd_state::optimal;
// A recovery and a reshape on arrays with a member missing: degraded, and busy.
const test::vd_status rebuilding(vd_state::degraded, vd_operation::rebuild);
const test::vd_status reshaping(vd_state::degraded, vd_operation::reshape);
constexpr auto none = std::nullopt;

}  // namespace

BOOST_AUTO_TEST_CASE(healthy_arrays) {
  check(parse_file("linear-999k-rounding.txt"), {{"md0", 0, raid_level::linear, 199800, ok, none, none, 2U}},
        "sda1:1:U sda2:0:U");
  check(parse_file("md-d0-raid5-5-disks-bitmap.txt"), {{"md_d0", 0, raid_level::raid5, 1250241792, ok, none, 64, 5U}},
        "sde1:0:U sdf1:4:U sdb1:5:U sdd1:2:U sdc1:1:U");
  check(parse_file("multipath-2-paths.txt"), {{"md0", 0, raid_level::multipath, 102320, ok, none, none, 2U}},
        "sda1:0:U sda2:1:U");
  check(parse_file("raid0-loop-devices.txt"), {{"md127", 127, raid_level::raid0, 10475520, ok, none, 32, 2U}},
        "loop1:1:U loop0:0:U");
  check(parse_file("raid0-nbsp-after-personalities.txt"), {{"md127", 127, raid_level::raid0, 4188160, ok, none, 256, 2U}},
        "sda:0:U sdb:1:U");
  check(parse_file("raid5-8-disks-large-bitmap.txt"), {{"md1", 1, raid_level::raid5, 95705752576ULL, ok, none, 512, 8U}},
        "sdd:2:U sdf:8:U sdb:6:U sda:0:U sdh:5:U sdc:1:U sde:7:U sdg:3:U");
  check(parse_file("raid6-7-disks-ide-member-bitmap.txt"), {{"md0", 0, raid_level::raid6, 1225557760, ok, none, 256, 7U}},
        "sdf1:0:U sde1:1:U sdd1:2:U sdc1:3:U sdb1:4:U sda1:5:U hdb1:6:U");
}

BOOST_AUTO_TEST_CASE(several_arrays) {
  check(parse_file("raid1-x2-raid0-x2-nvme-chunks.txt"),
        {{"md129", 129, raid_level::raid1, 15825920, ok, none, none, 2U},
         {"md128", 128, raid_level::raid1, 126887936, ok, none, none, 2U},
         {"md125", 125, raid_level::raid0, 2306837760ULL, ok, none, 128, 6U},
         {"md126", 126, raid_level::raid0, 999948288, ok, none, 3072, 2U}},
        "sda3:0:U sdd3:1:U sda2:0:U sdd2:1:U sdg:4:U sdc:1:U sdf:3:U sdh:5:U sde:2:U sdb:0:U nvme0n1:0:U nvme1n1:1:U");
  check(parse_file("raid1-x3-plus-raid5-10-disks.txt"),
        {{"md1", 1, raid_level::raid1, 136448, ok, none, none, 2U},
         {"md2", 2, raid_level::raid1, 129596288, ok, none, none, 2U},
         {"md3", 3, raid_level::raid5, 1318680576, ok, none, 1024, 10U},
         {"md0", 0, raid_level::raid1, 16787776, ok, none, none, 2U}},
        "sdb2:1:U sda2:0:U sdb3:1:U sda3:0:U sdl1:9:U sdk1:8:U sdj1:7:U sdi1:6:U sdh1:5:U sdg1:4:U sdf1:3:U "
        "sde1:2:U sdd1:1:U sdc1:0:U sdb1:1:U sda1:0:U");
  // Block lines without indentation, as published.
  check(parse_file("raid6-x2-raid1-x2-no-indent.txt"),
        {{"md3", 3, raid_level::raid6, 17581481472ULL, ok, none, 64, 8U},
         {"md2", 2, raid_level::raid6, 17552612736ULL, ok, none, 64, 8U},
         {"md1", 1, raid_level::raid1, 2097088, ok, none, none, 8U},
         {"md0", 0, raid_level::raid1, 2490176, ok, none, none, 8U}},
        "sdh6:8:U sda6:0:U sdg6:6:U sdf6:5:U sde6:4:U sdd6:3:U sdc6:2:U sdb6:1:U "
        "sdh5:15:U sda5:9:U sdg5:14:U sdf5:8:U sde5:13:U sdd5:12:U sdc5:11:U sdb5:10:U "
        "sdh2:7:U sda2:0:U sdb2:1:U sdc2:2:U sdd2:3:U sde2:4:U sdf2:5:U sdg2:6:U "
        "sdh1:7:U sda1:0:U sdb1:1:U sdc1:2:U sdd1:3:U sde1:4:U sdf1:5:U sdg1:6:U");
}

BOOST_AUTO_TEST_CASE(degraded_rebuilding_reshaping) {
  check(parse_file("raid5-degraded-4-of-3.txt"),
        {{"md0", 0, raid_level::raid5, 1465151808, vd_state::degraded, none, 64, 4U}}, "sda1:0:U sdd1:2:U sdb1:1:U");
  check(parse_file("raid1-6-way-failed-member.txt"),
        {{"md1", 1, raid_level::raid1, 488383936, vd_state::degraded, none, none, 6U}},
        "sde1:6:F sdg1:1:U sdb1:4:U sdd1:3:U sdc1:2:U");
  check(parse_file("raid5-recovery-12pct.txt"),
        {{"md127", 127, raid_level::raid5, 1464725760, rebuilding, 12.6, 64, 6U}},
        "sdh1:6:R sdg1:4:U sdf1:3:U sde1:2:U sdd1:1:U sdc1:0:U");
  check(parse_file("raid4-reshape-2pct.txt"),
        {{"md127", 127, raid_level::raid4, 10475520, reshaping, 2.1, 32, 4U}}, "loop2:3:U loop1:1:U loop0:0:U");
}

BOOST_AUTO_TEST_CASE(inactive_arrays) {
  check(parse_file("raid5-inactive.txt"), {{"md0", 0, raid_level::raid5, 95425536, vd_state::inactive, none, 128, 4U}},
        "sdd1:3:- sdc1:2:- sda1:0:-");
  // No level and no device counts: both stay absent.
  check(parse_file("inactive-md127-with-spare.txt"), {{"md127", 127, none, 6282240, vd_state::inactive, none, none, none}},
        "sda:0:- sdb:1:- sdc:2:S");
  check(parse_file("raid1-x2-plus-inactive-all-spares.txt"),
        {{"md0", 0, raid_level::raid1, 3709312, ok, none, none, 2U},
         {"md1", 1, raid_level::raid1, 200704, ok, none, none, 2U},
         {"md2", 2, none, 5860553984ULL, vd_state::inactive, none, none, none}},
        "sdf1:1:U sde1:0:U sdf2:1:U sde2:0:U sdb:0:S sdc:2:S sdd:3:S sda:1:S");
}

BOOST_AUTO_TEST_CASE(no_arrays) {
  const auto inv = parse_file("no-arrays-no-trailing-newline.txt");
  BOOST_TEST(inv.warnings.empty());
  BOOST_TEST(inv.controllers.empty());
}

BOOST_AUTO_TEST_CASE(crlf_prompt_flags_and_delayed_resync) {
  const auto inv = parse_text(
      "root@nas:~# cat /proc/mdstat\r\n"
      "Personalities : [raid1] [raid10]\r\n"
      "md5 : active (auto-read-only) raid10 sdd[3](W) sdc[2](R) sdb[1] sda[0]\r\n"
      "      209584128 blocks super 1.2 512K chunks 2 near-copies [4/4] [UUUU]\r\n"
      "      resync=DELAYED\r\n"
      "\r\n"
      "md6 : active raid1 sdf[1] sde[0]\r\n"
      "      976630464 blocks super 1.2 [2/2] [UU]\r\n"
      "      [=>...................]  check =  8.5% (83098112/976630464) finish=120.1min speed=123904K/sec\r\n"
      "\r\n"
      "unused devices: <none>\r\n");
  check(inv,
        {{"md5", 5, raid_level::raid10, 209584128, test::vd_status(ok, vd_operation::resync), none, 512, 4U},
         {"md6", 6, raid_level::raid1, 976630464, test::vd_status(ok, vd_operation::check), 8.5, none, 2U}},
        "sdd:3:U sdc:2:R sdb:1:U sda:0:U sdf:1:U sde:0:U");
}

BOOST_AUTO_TEST_CASE(truncated_unknown_and_unreadable) {
  const auto inv = parse_text(
      "Personalities : [raid7]\n"
      "md0 : active raid7 sda[0] sdb[1] sd\n"
      "      xx blocks super 1.2 [2/?] [U\xff]\n"
      "      some unexpected line\n"
      "md1 : active raid1 sdc[0] sdd");
  test::check_warnings(inv, {{2, "unknown md personality 'raid7'"}, {2, "unreadable array member 'sd'"},
                             {3, "unreadable bytes shown as '?'"}, {3, "unreadable block count 'xx'"},
                             {3, "unreadable device counts '[2/?]'"}, {4}, {5}});
  const auto& c = inv.controllers.at(0);
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  BOOST_TEST(!c.virtual_drives[0].level);
  BOOST_TEST(!c.virtual_drives[0].size_bytes);
  BOOST_TEST(c.virtual_drives[0].drive_count == 2U);
  BOOST_TEST(!c.virtual_drives[0].state);  // "[2/?]" says nothing about its health
  BOOST_TEST((c.virtual_drives[1].level == raid_level::raid1));
  BOOST_TEST(!c.virtual_drives[1].size_bytes);
  BOOST_TEST(c.physical_drives.size() == 3U);
}

BOOST_AUTO_TEST_CASE(other_text_is_an_error) { test::check_rejects<mdstat>("md0 is fine\n", "hello\n"); }

BOOST_AUTO_TEST_SUITE_END()
