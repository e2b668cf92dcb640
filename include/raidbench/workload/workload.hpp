#pragma once
/// Composes policies into a workload: one per slot, in any order, defaults for the missing ones.
#include <chrono>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/count_if.hpp>
#include <boost/hana/find_if.hpp>
#include <boost/hana/optional.hpp>
#include <boost/hana/tuple.hpp>

#include "raidbench/workload/access.hpp"
#include "raidbench/workload/block.hpp"
#include "raidbench/workload/engine.hpp"
#include "raidbench/workload/mix.hpp"
#include "raidbench/workload/open_flags.hpp"
#include "raidbench/workload/slot.hpp"
#include "raidbench/workload/stop.hpp"
#include "raidbench/workload/sync.hpp"
#include "raidbench/workload/target.hpp"
#include "raidbench/workload/threads.hpp"
#include "raidbench/workload/timing.hpp"

namespace raidbench {

namespace detail {
template <class Slot>
struct fills {
  template <class P>
  constexpr auto operator()(const P&) const noexcept {
    return boost::hana::bool_c<fills_slot<std::decay_t<P>, Slot>>;
  }
};
}  // namespace detail

/// The policy a workload gets for a slot nobody filled.
template <class Slot> struct default_policy;
template <> struct default_policy<slot::access> { using type = access::sequential_t; };
template <> struct default_policy<slot::mix> { using type = mix::reads_t; };
template <> struct default_policy<slot::block> { using type = block; };
template <> struct default_policy<slot::sync> { using type = sync::none_t; };
template <> struct default_policy<slot::open_flags> { using type = open::flags<0>; };
template <> struct default_policy<slot::engine> { using type = engine::psync_t; };
template <> struct default_policy<slot::queue_depth> { using type = queue_depth; };
template <> struct default_policy<slot::threads> { using type = threads; };
template <> struct default_policy<slot::seed> { using type = seed; };
template <> struct default_policy<slot::timing> { using type = timing::per_call_t; };
// No default target: nothing is written to a path the user did not name. The placeholder keeps
// type queries valid; `run` rejects it with a static_assert.
template <> struct default_policy<slot::target> {
  struct type {
    using slot = raidbench::slot::target;
  };
};
template <> struct default_policy<slot::stop> {
  struct type : stop::after {
    type() : stop::after{std::chrono::seconds(10)} {}
  };
};

namespace detail {
/// The first of Ps that fills Slot, or the slot's default policy.
template <class Slot, class... Ps>
struct policy_filling {
  using type = typename default_policy<Slot>::type;
};
template <class Slot, class P, class... Ps>
struct policy_filling<Slot, P, Ps...> {
  using type = std::conditional_t<fills_slot<P, Slot>, P, typename policy_filling<Slot, Ps...>::type>;
};
}  // namespace detail

/// A set of policies, at most one per slot. Build it with `workload(...)`.
template <class... Policies>
class workload_t {
 public:
  explicit constexpr workload_t(Policies... policies) : policies_(std::move(policies)...) {}

  /// True when a policy for Slot was given (rather than defaulted).
  template <class Slot>
  static constexpr bool has = (fills_slot<Policies, Slot> || ...);

  /// The policy that fills Slot: the one given, or the slot's default.
  template <class Slot>
  constexpr auto get() const {
    if constexpr (has<Slot>)
      return *boost::hana::find_if(policies_, detail::fills<Slot>{});
    else
      return typename default_policy<Slot>::type{};
  }

  /// The policy type that fills Slot. Found from the types alone: a member access in a member
  /// alias of this very class would need it complete, which clang (rightly) insists on.
  template <class Slot>
  using policy_for = typename detail::policy_filling<Slot, Policies...>::type;

 private:
  boost::hana::tuple<Policies...> policies_;
};

namespace detail {
template <class Slot, class... Policies>
inline constexpr int fill_count = (int{fills_slot<Policies, Slot>} + ... + 0);

// One check per slot, so the compiler's message names the slot.
template <class... Ps>
constexpr void check_one_policy_per_slot() {
  static_assert(fill_count<slot::access, Ps...> <= 1, "raidbench::workload: two policies fill the 'access' slot");
  static_assert(fill_count<slot::mix, Ps...> <= 1, "raidbench::workload: two policies fill the 'mix' slot");
  static_assert(fill_count<slot::block, Ps...> <= 1, "raidbench::workload: two policies fill the 'block' slot");
  static_assert(fill_count<slot::sync, Ps...> <= 1, "raidbench::workload: two policies fill the 'sync' slot");
  static_assert(fill_count<slot::open_flags, Ps...> <= 1,
                "raidbench::workload: two policies fill the 'open_flags' slot (combine flags with |)");
  static_assert(fill_count<slot::engine, Ps...> <= 1, "raidbench::workload: two policies fill the 'engine' slot");
  static_assert(fill_count<slot::queue_depth, Ps...> <= 1,
                "raidbench::workload: two policies fill the 'queue_depth' slot");
  static_assert(fill_count<slot::target, Ps...> <= 1, "raidbench::workload: two policies fill the 'target' slot");
  static_assert(fill_count<slot::stop, Ps...> <= 1,
                "raidbench::workload: two policies fill the 'stop' slot (one stop::after takes every limit)");
  static_assert(fill_count<slot::threads, Ps...> <= 1, "raidbench::workload: two policies fill the 'threads' slot");
  static_assert(fill_count<slot::seed, Ps...> <= 1, "raidbench::workload: two policies fill the 'seed' slot");
  static_assert(fill_count<slot::timing, Ps...> <= 1, "raidbench::workload: two policies fill the 'timing' slot");
}

template <class W>
constexpr void check_compatible() {
  using engine_policy = typename W::template policy_for<slot::engine>;
  using flags_policy = typename W::template policy_for<slot::open_flags>;
  using access_policy = typename W::template policy_for<slot::access>;
  static_assert(access::access_policy<access_policy>,
                "raidbench::workload: an access policy needs a static `name` and "
                "`bool next_block(access::cursor&, random_generator&, std::uint64_t& block)`");
  constexpr bool is_mmap = std::is_same_v<engine_policy, engine::mmap_t>;
  constexpr bool is_stream = std::is_same_v<engine_policy, engine::stream_t>;
  static_assert(!(is_mmap && flags_policy::always_direct),
                "raidbench::workload: the mmap engine cannot use O_DIRECT: mapped pages always go through the page cache");
  static_assert(!W::template has<slot::queue_depth> || engine_policy::asynchronous,
                "raidbench::workload: a queue depth needs an asynchronous engine (engine::io_uring); "
                "psync, mmap and stream issue one I/O at a time");
  static_assert(!(is_stream && std::is_same_v<access_policy, access::random_t>),
                "raidbench::workload: the stream engine reads and writes in order; it cannot do random access");
  static_assert(W::template policy_for<slot::timing>::each_call || !engine_policy::asynchronous,
                "raidbench::workload: timing::totals is for the synchronous engines and copies; io_uring "
                "reads the clock once per batch of completions already");
  static_assert(!(std::is_same_v<engine_policy, engine::reopen_t> &&
                  std::is_same_v<typename W::template policy_for<slot::target>, target::descriptor>),
                "raidbench::workload: the reopen engine opens the target by its path; a descriptor has none");
}
}  // namespace detail

/// Composes policies, in any order; a slot left out takes its default; two policies for one slot and
/// incompatible policies are compile errors that say why.
template <class... Policies>
constexpr auto workload(Policies... policies) {
  static_assert((policy<Policies> && ...),
                "raidbench::workload: every argument must be a policy (a type with a nested `slot`)");
  detail::check_one_policy_per_slot<Policies...>();
  using result = workload_t<Policies...>;
  detail::check_compatible<result>();
  return result(std::move(policies)...);
}

}  // namespace raidbench
