// rb-run maps its options to kernels through a table (examples/tools/run/dispatch.hpp): one entry per
// kernel, so no hot loop is instantiated twice, and none for what is only a value (the flush call,
// write or rewrite, the share of reads, the period).
#include <boost/test/unit_test.hpp>

#include <type_traits>
#include <utility>

#include "../../examples/tools/run/dispatch.hpp"

namespace {

template <class... Engine>
struct engine_table {
  template <std::size_t I>
  using kernel = raidbench::detail::kernel_of<decltype(rb_run::workload_at<I>(std::declval<const rb_run::options&>(),
                                                                              std::declval<Engine>()...))>;
  template <std::size_t I, std::size_t... J>
  static constexpr std::size_t same_as_a_later_entry(std::index_sequence<J...>) {
    return ((J > I && std::is_same_v<kernel<I>, kernel<J>>) + ...);
  }
  template <std::size_t... I>
  static constexpr std::size_t entries_sharing_a_kernel(std::index_sequence<I...> all) {
    return (same_as_a_later_entry<I>(all) + ...);
  }
  static constexpr std::size_t shared = entries_sharing_a_kernel(std::make_index_sequence<rb_run::kernels_per_engine>{});
};

}  // namespace

BOOST_AUTO_TEST_SUITE(kernels_test)

BOOST_AUTO_TEST_CASE(each_entry_of_each_engine_table_is_its_own_kernel) {
  using namespace raidbench;
  static_assert(engine_table<engine::psync_t>::shared == 0);
  static_assert(engine_table<engine::io_uring_t, queue_depth>::shared == 0);
  static_assert(engine_table<engine::mmap_t>::shared == 0);
  // Within one kernel, the options choose values only: the entry does not depend on them.
  rb_run::options o;
  o.rw = rb_run::pattern::write;
  const auto writes = rb_run::entry_of(o);
  o.rw = rb_run::pattern::rewrite;
  o.flush = rb_run::flush_kind::fdatasync;  // no period: one flush at the end, as no flush
  BOOST_TEST(rb_run::entry_of(o) == writes);
  o.flush_every = 7;
  BOOST_TEST(rb_run::entry_of(o) == writes + 1);
  o.rw = rb_run::pattern::randwrite;
  BOOST_TEST(rb_run::entry_of(o) == writes + 7);
  raidbench::verify::session* some_session = reinterpret_cast<raidbench::verify::session*>(&o);  // only compared with null
  o.session = some_session;
  BOOST_TEST(rb_run::entry_of(o) == writes + 19);
  o.session = nullptr;
  o.rate_iops = 1000;  // paced: the third part of the table
  BOOST_TEST(rb_run::entry_of(o) == writes + 31);
}

BOOST_AUTO_TEST_SUITE_END()
