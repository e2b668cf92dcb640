#pragma once
/// A struct's fields, listed once with BOOST_HANA_ADAPT_STRUCT (its members' names are the names the
/// JSON shows, so a name cannot drift from its member), and walked by every code that goes field by
/// field (JSON out and back, the merge of controller dumps).
#include <string_view>

#include <boost/hana/accessors.hpp>
#include <boost/hana/adapt_struct.hpp>
#include <boost/hana/pair.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/unpack.hpp>

namespace raidbench {

/// Calls f(name, get) for every field of S, in the order S was adapted in: `get(s)` is s's member.
template <class S, class F>
constexpr void for_each_field(F&& f) {
  boost::hana::unpack(boost::hana::accessors<S>(), [&](auto... field) {
    (f(std::string_view(boost::hana::to<const char*>(boost::hana::first(field))), boost::hana::second(field)), ...);
  });
}

}  // namespace raidbench
