#pragma once
/// Slots: the kinds of policy a workload is made of. Each policy names the one slot it fills.
#include <string_view>
#include <type_traits>

namespace raidbench {

namespace slot {
// Each slot carries its name, for error messages and descriptions.
struct access { static constexpr std::string_view name = "access"; };
struct mix { static constexpr std::string_view name = "mix"; };
struct block { static constexpr std::string_view name = "block"; };
struct sync { static constexpr std::string_view name = "sync"; };
struct open_flags { static constexpr std::string_view name = "open_flags"; };
struct engine { static constexpr std::string_view name = "engine"; };
struct queue_depth { static constexpr std::string_view name = "queue_depth"; };
struct target { static constexpr std::string_view name = "target"; };
struct stop { static constexpr std::string_view name = "stop"; };
struct threads { static constexpr std::string_view name = "threads"; };
struct seed { static constexpr std::string_view name = "seed"; };
struct timing { static constexpr std::string_view name = "timing"; };
struct verify { static constexpr std::string_view name = "verify"; };
}  // namespace slot

/// A workload policy: any type that says which slot it fills (`using slot = raidbench::slot::access;`).
template <class T>
concept policy = requires { typename T::slot; };

/// True when policy P fills slot S.
template <class P, class S>
inline constexpr bool fills_slot = std::is_same_v<typename P::slot, S>;

}  // namespace raidbench
