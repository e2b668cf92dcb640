// rb-fileio and sysbench 1.0.20, every test mode with --file-io-mode=sync: same report structure.
#include <boost/test/unit_test.hpp>

#include "peer.hpp"

BOOST_AUTO_TEST_SUITE(compare_sync_test)

BOOST_AUTO_TEST_CASE(every_test_mode_matches_sysbench_line_by_line) { raidbench::test::compare_all_modes("sync"); }

BOOST_AUTO_TEST_SUITE_END()
