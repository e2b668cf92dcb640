#include "raidbench/controller/mdadm.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "capture.hpp"

using namespace raidbench;

BOOST_AUTO_TEST_SUITE(mdadm_test)

namespace {

inventory parse_file(const std::string& name) { return test::parse_capture<mdadm>("controllers/mdadm/" + name); }

struct device_row {
  std::optional<std::string> location;
  std::optional<unsigned> number;
  std::optional<unsigned> slot;  // RaidDevice
  std::optional<pd_state> state;
};

// One array per file: level, size in KiB, state, progress, chunk, raid devices, then its device rows.
void check(const inventory& inv, std::string_view name, unsigned id, std::optional<raid_level> level,
           std::optional<std::uint64_t> kib, test::vd_status status, std::optional<double> progress, std::optional<std::uint64_t> chunk,
           std::optional<unsigned> drives, const std::vector<device_row>& rows) {
  const auto& c = test::sole_controller(inv);
  BOOST_TEST((c.battery == battery{}));
  BOOST_TEST(!c.model);
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 1U);
  const auto& v = c.virtual_drives[0];
  BOOST_TEST(v.name == std::string(name));
  BOOST_TEST(v.id == id);
  BOOST_TEST((v.level == level));
  BOOST_TEST(v.size_bytes == (kib ? std::optional<std::uint64_t>(*kib * 1024) : std::nullopt));
  BOOST_TEST((v.state == status.state));
  BOOST_TEST((v.operation == status.operation));
  BOOST_TEST((v.kind == (level ? vd_kind::volume : vd_kind::container)));
  BOOST_TEST(v.progress_percent == progress);
  BOOST_TEST(v.strip_bytes == chunk);
  BOOST_TEST(v.drive_count == drives);
  BOOST_TEST((v.current_policy == cache_policy{}));
  BOOST_TEST_REQUIRE(c.physical_drives.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& d = c.physical_drives[i];
    BOOST_TEST_INFO("row " << i);
    BOOST_TEST(d.location == rows[i].location);
    BOOST_TEST(d.device_id == rows[i].number);
    BOOST_TEST(d.slot == rows[i].slot);
    BOOST_TEST((d.state == rows[i].state));
    BOOST_TEST(!d.enclosure);
    BOOST_TEST(!d.size_bytes);
  }
}

constexpr auto online = pd_state::online;
constexpr auto none = std::nullopt;
constexpr std::uint64_t chunk_512k = 512 * 1024;

}  // namespace

BOOST_AUTO_TEST_CASE(clean_arrays) {
  check(parse_file("detail-md0-raid1-clean-bitmap-v1.1.txt"), "md0", 0, raid_level::raid1, 5860520828ULL,
        vd_state::optimal, none, none, 2U, {{"sdb1", 3U, 0U, online}, {"sdc1", 2U, 1U, online}});
  check(parse_file("detail-raid0-clean.txt"), "md0", 0, raid_level::raid0, 200704, vd_state::optimal, none, chunk_512k,
        2U, {{"vda1", 0U, 0U, online}, {"vda2", 1U, 1U, online}});
  check(parse_file("detail-raid5-clean.txt"), "md0", 0, raid_level::raid5, 405504, vd_state::optimal, none, chunk_512k,
        3U, {{"vda1", 0U, 0U, online}, {"vda2", 1U, 1U, online}, {"vda3", 3U, 2U, online}});
  check(parse_file("detail-raid5-metadata-0.90.txt"), "md0", 0, raid_level::raid5, 408576, vd_state::optimal, none,
        chunk_512k, 3U, {{"vda1", 0U, 0U, online}, {"vda2", 1U, 1U, online}, {"vda3", 2U, 2U, online}});
}

BOOST_AUTO_TEST_CASE(degraded_with_faulty_and_removed) {
  check(parse_file("detail-raid1-degraded-faulty.txt"), "md126", 126, raid_level::raid1, 101376, vd_state::degraded,
        none, none, 2U,
        {{"vda1", 0U, 0U, online}, {none, none, 1U, pd_state::missing}, {"vda2", 1U, none, pd_state::failed}});
  check(parse_file("detail-raid1-degraded-removed.txt"), "md127", 127, raid_level::raid1, 101376, vd_state::degraded,
        none, none, 2U, {{"vda1", 0U, 0U, online}, {none, none, 1U, pd_state::missing}});
}

BOOST_AUTO_TEST_CASE(rebuild_and_resync_progress) {
  check(parse_file("detail-raid1-recovering-faulty-with-spare.txt"), "md127", 127, raid_level::raid1, 101376,
        test::vd_status(vd_state::degraded, vd_operation::rebuild), 24.0, none, 2U,
        {{"vda1", 0U, 0U, online}, {"vda4", 3U, 1U, pd_state::rebuilding}, {"vda2", 2U, none, pd_state::failed}});
  // A replacement ("clean, recovering", no "degraded"): vda2 is rebuilt beside vda4, redundancy intact.
  check(parse_file("detail-raid1-rebuild-writemostly-failfast.txt"), "md127", 127, raid_level::raid1, 101376,
        test::vd_status(vd_state::optimal, vd_operation::rebuild), 30.0, none, 2U,
        {{"vda1", 0U, 0U, online}, {"vda2", 2U, 1U, pd_state::rebuilding}, {"vda4", 3U, 1U, online}});
  check(parse_file("detail-raid1-resyncing-4pct.txt"), "md126", 126, raid_level::raid1, 101376, test::vd_status(vd_state::optimal, vd_operation::resync),
        4.0, none, 2U, {{"vda1", 0U, 0U, online}, {"vda2", 1U, 1U, online}});
}

BOOST_AUTO_TEST_CASE(ddf_container) {
  // A container has no size, state or raid devices; its devices have no role but are in use.
  check(parse_file("detail-ddf-container.txt"), "md0", 0, none, none, none, none, none, none,
        {{"vda", none, none, online}, {"vdb", none, none, online}});
}

BOOST_AUTO_TEST_CASE(crlf_prompt_two_arrays_and_errors) {
  const std::string_view text =
      "$ sudo mdadm --detail /dev/md9 /dev/md/data /dev/md1\r\n"
      "mdadm: cannot open /dev/md9: No such file or directory\r\n"
      "/dev/md/data:\r\n"
      "        Raid Level : raid6\r\n"
      "        Array Size : 11720540160 (10.92 TiB 12.00 TB)\r\n"
      "      Raid Devices : 6\r\n"
      "             State : active, FAILED, Not Started \r\n"
      "    Reshape Status : 7% complete\r\n"
      "\r\n"
      "    Number   Major   Minor   RaidDevice State\r\n"
      "       0       8        1        0      active sync   /dev/sda1\r\n"
      "       -       0        0        1      removed\r\n"
      "       -       0\r\n"
      "/dev/md1:\r\n"
      "        Raid Level : raid1\r\n"
      "             State : sideways\r\n"
      "        Array Size : 12\xff""34 (1 GiB)\r\n";
  BOOST_TEST(parser_traits<mdadm>::detect(text));
  const auto parsed = parse_as<mdadm>(text);
  BOOST_TEST_REQUIRE(parsed.has_value());
  const auto& inv = *parsed;
  test::check_warnings(inv, {{2, "mdadm: cannot open /dev/md9: No such file or directory"}, {13},
                             {16, "unknown array state 'sideways'"}, {17, "unreadable bytes shown as '?'"}, {17}});
  BOOST_TEST_REQUIRE(inv.controllers.size() == 1U);
  const auto& c = inv.controllers[0];
  BOOST_TEST_REQUIRE(c.virtual_drives.size() == 2U);
  const auto& data = c.virtual_drives[0];
  test::check_fields(data, {{"name", "md/data"}, {"id", nullptr}, {"level", "raid6"},
                            {"size_bytes", 11720540160ULL * 1024}, {"drive_count", 6U}, {"state", "failed"},
                            {"progress_percent", 7.0}});
  const auto& md1 = c.virtual_drives[1];
  BOOST_TEST(md1.id == 1U);
  BOOST_TEST(!md1.state);
  BOOST_TEST(!md1.size_bytes);
  BOOST_TEST_REQUIRE(c.physical_drives.size() == 2U);
  BOOST_TEST(c.physical_drives[0].location == "sda1");
  BOOST_TEST((c.physical_drives[1].state == pd_state::missing));
}

BOOST_AUTO_TEST_CASE(other_text_is_an_error) { test::check_rejects<mdadm>("/dev/md0:\nfine\n", "hello\n"); }

BOOST_AUTO_TEST_SUITE_END()
