#pragma once
/// Slots: the kinds of policy a workload is made of. Each policy names the one slot it fills.
#include <type_traits>

namespace raidbench {

namespace slot {
// Tags only: the static_asserts of workload() name a slot in their own text.
struct access {};
struct mix {};
struct block {};
struct sync {};
struct open_flags {};
struct engine {};
struct queue_depth {};
struct target {};
struct stop {};
struct threads {};
struct seed {};
struct timing {};
struct verify {};
}  // namespace slot

/// A workload policy: any type that says which slot it fills (`using slot = raidbench::slot::access;`).
template <class T>
concept policy = requires { typename T::slot; };

/// True when policy P fills slot S.
template <class P, class S>
inline constexpr bool fills_slot = std::is_same_v<typename P::slot, S>;

}  // namespace raidbench
