#include "raidbench/workload/workload.hpp"

#include <boost/test/unit_test.hpp>

#include <type_traits>

using namespace raidbench;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_SUITE(workload_test)

BOOST_AUTO_TEST_CASE(policies_in_any_order_fill_their_slots) {
  auto a = workload(access::random, block{16_KiB}, sync::fsync_every{100}, engine::io_uring, queue_depth{32});
  auto b = workload(queue_depth{32}, engine::io_uring, sync::fsync_every{100}, block{16_KiB}, access::random);
  BOOST_TEST(a.get<slot::block>().bytes == 16_KiB);
  BOOST_TEST(b.get<slot::block>().bytes == 16_KiB);
  BOOST_TEST(a.get<slot::sync>().writes == 100u);
  BOOST_TEST(b.get<slot::queue_depth>().value == 32u);
  static_assert(std::is_same_v<decltype(a.get<slot::access>()), access::random_t>);
  static_assert(std::is_same_v<decltype(b.get<slot::engine>()), engine::io_uring_t>);
}

BOOST_AUTO_TEST_CASE(missing_slots_take_their_defaults) {
  auto w = workload(block{1_MiB});
  static_assert(!decltype(w)::has<slot::access>);
  static_assert(std::is_same_v<decltype(w.get<slot::access>()), access::sequential_t>);
  static_assert(std::is_same_v<decltype(w.get<slot::mix>()), mix::reads_t>);
  static_assert(std::is_same_v<decltype(w.get<slot::sync>()), sync::none_t>);
  static_assert(std::is_same_v<decltype(w.get<slot::engine>()), engine::psync_t>);
  BOOST_TEST(w.get<slot::open_flags>().bits() == 0);
  BOOST_TEST(w.get<slot::threads>().count == 1u);
  BOOST_TEST(w.get<slot::queue_depth>().value == 1u);
  BOOST_TEST(w.get<slot::stop>().time == std::chrono::nanoseconds(10s));
}

BOOST_AUTO_TEST_CASE(open_flags_combine) {
  auto w = workload(open::direct | open::dsync);
  BOOST_TEST(w.get<slot::open_flags>().bits() == (O_DIRECT | O_DSYNC));
  BOOST_TEST(to_string(open::describe(O_DIRECT | O_DSYNC)) == "direct|dsync");
  BOOST_TEST(to_string(open::describe(O_SYNC)) == "sync");
  BOOST_TEST(to_string(open::describe(0)) == "none");
  BOOST_TEST((open_flags_from("direct|dsync") == open::describe(O_DIRECT | O_DSYNC)));
  BOOST_TEST((open_flags_from("sync") == open::describe(O_SYNC)));
}

BOOST_AUTO_TEST_CASE(mix_ratios) {
  BOOST_TEST(mix::read_write{1.5}.read_fraction() == 0.6, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(mix::read_percent{70}.read_fraction() == 0.7, boost::test_tools::tolerance(1e-12));
  static_assert(mix::reads_and_writes<mix::read_write> && mix::reads_and_writes<mix::read_percent> &&
                !mix::reads_and_writes<mix::reads_t>);
}

BOOST_AUTO_TEST_CASE(a_user_policy_fills_a_slot_without_touching_the_library) {
  struct my_stop : stop::after {};
  struct every_7 : sync::fsync_every {
    every_7() : sync::fsync_every{7} {}
  };
  auto w = workload(every_7{}, block{512});
  BOOST_TEST(w.get<slot::sync>().writes == 7u);
}

BOOST_AUTO_TEST_SUITE_END()
