#pragma once
/// Composes policies into a workload: one per slot, in any order, defaults for the missing ones.
#include <chrono>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
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
#include "raidbench/workload/verify.hpp"

namespace raidbench {

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
template <> struct default_policy<slot::verify> { using type = verify::none_t; };
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
      return boost::hana::at_c<index_of<Slot>()>(policies_);
    else
      return typename default_policy<Slot>::type{};
  }

  /// The policy type that fills Slot. Found from the types alone: a member access in a member
  /// alias of this very class would need it complete, which clang (rightly) insists on.
  template <class Slot>
  using policy_for = typename detail::policy_filling<Slot, Policies...>::type;

 private:
  // The position of Slot's policy, found from the types alone: a hana::find_if over the values
  // would instantiate about ten functions per slot and workload, and a tool like rb-run builds
  // forty workloads per engine.
  template <class Slot>
  static constexpr std::size_t index_of() {
    constexpr bool fills[] = {fills_slot<Policies, Slot>...};
    std::size_t i = 0;
    while (!fills[i]) ++i;
    return i;
  }

  boost::hana::tuple<Policies...> policies_;
};

namespace detail {
template <class Slot, class... Policies>
inline constexpr int fill_count = (int{fills_slot<Policies, Slot>} + ... + 0);

// One check per slot, so the compiler's message names the slot.
template <class... Ps>
constexpr bool one_policy_per_slot() {
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
  static_assert(fill_count<slot::verify, Ps...> <= 1, "raidbench::workload: two policies fill the 'verify' slot");
  return ((fill_count<typename Ps::slot, Ps...> <= 1) && ...);
}

// Each policy is what its slot needs (a user policy that misses a member fails here, with the rule).
template <class W>
constexpr bool policies_complete() {
  using access_policy = typename W::template policy_for<slot::access>;
  using mix_policy = typename W::template policy_for<slot::mix>;
  using sync_policy = typename W::template policy_for<slot::sync>;
  static_assert(access::access_policy<access_policy>,
                "raidbench::workload: an access policy needs a static `name` and "
                "`bool next_block(access::cursor&, random_generator&, std::uint64_t& block)`");
  static_assert(mix::mix_policy<mix_policy>,
                "raidbench::workload: a mix policy needs a `name` and a static `kind` (mix::kind), and "
                "`read_fraction()` for the mixing kinds and `reads_per_write` for kind::interleaved; derive from a "
                "built-in mix to keep its kind");
  static_assert(sync::sync_policy<sync_policy>,
                "raidbench::workload: a sync policy needs a `name` and a static `kind` (sync::kind), a "
                "`flush_call` unless kind::none, and the members of sync::every for kind::periodic; derive from "
                "a built-in sync policy to keep its kind");
  return access::access_policy<access_policy> && mix::mix_policy<mix_policy> && sync::sync_policy<sync_policy>;
}

template <class W>
constexpr bool policies_compatible() {
  using engine_policy = typename W::template policy_for<slot::engine>;
  using flags_policy = typename W::template policy_for<slot::open_flags>;
  using access_policy = typename W::template policy_for<slot::access>;
  constexpr bool is_mmap = engine_policy::kind == engine::kind::mmap;
  constexpr bool is_stream = engine_policy::kind == engine::kind::stream;
  constexpr bool mmap_direct = is_mmap && flags_policy::always_direct;
  constexpr bool depth_without_async = W::template has<slot::queue_depth> && !engine_policy::asynchronous;
  constexpr bool stream_out_of_order = is_stream && !access::in_order<access_policy>;
  constexpr bool totals_async = W::template policy_for<slot::timing>::kind == timing::kind::totals && engine_policy::asynchronous;
  constexpr bool reopen_descriptor = engine_policy::kind == engine::kind::reopen &&
                                     std::is_base_of_v<target::descriptor, typename W::template policy_for<slot::target>>;
  constexpr bool verify_unpositioned = W::template policy_for<slot::verify>::kind != verify::kind::none &&
                                       (is_stream || engine_policy::kind == engine::kind::reopen ||
                                        engine_policy::kind == engine::kind::psync_checked ||
                                        engine_policy::kind == engine::kind::null);
  static_assert(!verify_unpositioned,
                "raidbench::workload: verification needs the psync, io_uring or mmap engine");
  static_assert(!mmap_direct,
                "raidbench::workload: the mmap engine cannot use O_DIRECT: mapped pages always go through the page cache");
  static_assert(!depth_without_async,
                "raidbench::workload: a queue depth needs an asynchronous engine (engine::io_uring); "
                "psync, mmap, stream and null issue one I/O at a time");
  static_assert(!stream_out_of_order,
                "raidbench::workload: the stream engine reads and writes in order; it cannot do random access");
  static_assert(!totals_async,
                "raidbench::workload: timing::totals is for the synchronous engines and copies; io_uring "
                "reads the clock once per batch of completions already");
  static_assert(!reopen_descriptor,
                "raidbench::workload: the reopen engine opens the target by its path; a descriptor has none");
  return !(mmap_direct || depth_without_async || stream_out_of_order || totals_async || reopen_descriptor ||
           verify_unpositioned);
}

/// Stands in for a workload that failed a check: the compiler has said why, and nothing else
/// (no run, no description) is instantiated for it, so that message is the only error.
struct invalid_workload {};
}  // namespace detail

/// Composes policies, in any order; a slot left out takes its default; two policies for one slot and
/// incompatible policies are compile errors that say why, and the first error.
template <class... Policies>
constexpr auto workload(Policies... policies) {
  static_assert((policy<Policies> && ...),
                "raidbench::workload: every argument must be a policy (a type with a nested `slot`)");
  if constexpr (!(policy<Policies> && ...)) {
    return detail::invalid_workload{};
  } else if constexpr (!detail::one_policy_per_slot<Policies...>()) {
    return detail::invalid_workload{};
  } else if constexpr (!detail::policies_complete<workload_t<Policies...>>()) {
    return detail::invalid_workload{};
  } else if constexpr (!detail::policies_compatible<workload_t<Policies...>>()) {
    return detail::invalid_workload{};
  } else {
    return workload_t<Policies...>(std::move(policies)...);
  }
}

}  // namespace raidbench
