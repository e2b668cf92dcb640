// rb-fileio and sysbench 1.0.20, every test mode with --file-io-mode=async: same report structure.
#include <boost/test/unit_test.hpp>

#include "peer.hpp"

BOOST_AUTO_TEST_SUITE(compare_async_test)

BOOST_AUTO_TEST_CASE(every_test_mode_matches_sysbench_line_by_line) { raidbench::test::compare_all_modes("async"); }

BOOST_AUTO_TEST_SUITE_END()
