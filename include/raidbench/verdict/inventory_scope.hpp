#pragma once
/// Which parts of an inventory the rules judge, and how much a finding on them weighs. An inventory
/// judged on its own (rb-ctrl) is judged whole, at full weight. Beside a run, the rules judge what
/// holds the device under test when the inventory is tied to it; when it could not be tied, all of
/// it, as a warning at most (it may not be under test); when it does not hold the device, nothing.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "raidbench/controller/model.hpp"
#include "raidbench/controller/part_names.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/facts.hpp"
#include "raidbench/verdict/verdict.hpp"

namespace raidbench {

/// How the parts a rule judged relate to what was measured.
enum class scope {
  itself,            ///< the inventory judged on its own: everything in it counts
  under_test,        ///< the parts that hold the device under test
  maybe_under_test,  ///< not tied to the device: any part may hold it
  not_under_test,    ///< the inventory does not hold the device: nothing in it is judged
};

/// The scope of the facts' inventory. Without an inventory: not_under_test.
inline scope scope_of(const facts& f) {
  if (!f.inv) return scope::not_under_test;
  if (!f.context) return scope::itself;
  if (f.owner.status == ownership::does_not_own) return scope::not_under_test;
  return f.owner.status == ownership::owns && !owning_ties(f.owner).empty() ? scope::under_test : scope::maybe_under_test;
}

/// Calls on_controller(c, subject) for each controller in scope, then on_vd(c, v, subject) for each
/// of its virtual drives in scope.
template <class OnController, class OnVirtualDrive>
void visit_judged(const facts& f, OnController&& on_controller, OnVirtualDrive&& on_vd) {
  const scope where = scope_of(f);
  if (where == scope::not_under_test) return;
  if (where == scope::itself) {
    for (std::size_t ci = 0; ci < f.inv->controllers.size(); ++ci) {
      const controller& c = f.inv->controllers[ci];
      const std::string cn = controller_name(c, ci);
      on_controller(c, cn);
      for (std::size_t vi = 0; vi < c.virtual_drives.size(); ++vi) on_vd(c, c.virtual_drives[vi], vd_name(cn, c.virtual_drives[vi], vi));
    }
    return;
  }
  visit_held(*f.inv, f.owner, [&](const controller& c, const virtual_drive* v, const std::string& subject) {
    if (v) on_vd(c, *v, subject);
    else on_controller(c, subject);
  });
}

/// Calls on_controller(c, subject) for each controller in scope.
template <class OnController>
void visit_judged_controllers(const facts& f, OnController&& on_controller) {
  visit_judged(f, on_controller, [](const controller&, const virtual_drive&, const std::string&) {});
}

/// Calls on_drive(c, d, subject, controller's subject) for each physical drive of the controllers in scope.
template <class OnDrive>
void visit_judged_drives(const facts& f, OnDrive&& on_drive) {
  visit_judged_controllers(f, [&](const controller& c, const std::string& cn) {
    for (std::size_t di = 0; di < c.physical_drives.size(); ++di)
      on_drive(c, c.physical_drives[di], pd_name(cn, c.physical_drives[di], di), cn);
  });
}

/// The controllers in scope whose input did not cover `part` (`&coverage::arrays`) and that
/// `also_known` (when given) does not vouch for: their state of that part is unknown, not healthy.
/// Empty when every controller in scope covered it.
inline std::vector<std::string> not_covered(const facts& f, bool coverage::*part, bool (*also_known)(const controller&) = nullptr) {
  std::vector<std::string> out;
  visit_judged_controllers(f, [&](const controller& c, const std::string& subject) {
    if (!(covered(c).*part) && !(also_known && also_known(c))) out.push_back(subject);
  });
  return out;
}

/// The quiet verdict's words when nothing fired: `why`, unless the input did not cover `part` for
/// some controller in scope (and `also_known` does not vouch for it), which is then "not judged"
/// rather than reassurance.
inline std::string quiet_reason(const facts& f, bool coverage::*part, std::string_view what, std::string why,
                                bool (*also_known)(const controller&) = nullptr) {
  const auto missing = not_covered(f, part, also_known);
  if (missing.empty()) return why;
  std::string names;
  for (const auto& m : missing) names += (names.empty() ? "" : ", ") + m;
  return std::string(what) + " not in the input (" + names + "): not judged";
}

/// A finding's severity in its scope: a part that may not be under test warns at most.
constexpr severity weigh(severity level, scope where) noexcept {
  return where == scope::maybe_under_test ? std::min(level, severity::warning) : level;
}

/// Appends a fired verdict on `subject`, weighed by its scope; beside a run, the last evidence says
/// how the inventory relates to the device under test.
inline void add_finding(const facts& f, scope where, std::vector<verdict>& out, std::string subject, severity level,
                        std::string message, std::vector<std::string> evidence) {
  if (where == scope::maybe_under_test)
    message += "; the inventory is not tied to the device under test, so the figures may not involve it";
  if (f.context) evidence.push_back(tie_note(f.owner));
  out.push_back({"", std::move(subject), true, weigh(level, where), std::move(message), std::move(evidence)});
}

/// Appends a finding on each controller in scope whose input counts disks in some state (`count`,
/// e.g. &device_counts::failed_disks) where the drives themselves are not in the input: "the
/// controller counts 2 <what> (...)", with the evidence "<subject>: <evidence> = 2".
inline void add_counted_disks(const facts& f, scope where, std::vector<verdict>& out,
                              std::optional<unsigned> device_counts::*count, severity level, std::string_view what,
                              std::string_view evidence) {
  visit_judged_controllers(f, [&](const controller& c, const std::string& subject) {
    const unsigned n = (c.counts.*count).value_or(0);
    if (covered(c).drives || n == 0) return;
    add_finding(f, where, out, subject, level,
                "the controller counts " + std::to_string(n) + " " + std::string(what) +
                    " (the drives themselves are not in the input)",
                {subject + ": " + std::string(evidence) + " = " + std::to_string(n)});
  });
}

/// Appends the one verdict of a rule that fired on nothing, saying why: `why` when the parts in scope
/// were judged; otherwise what kept them from being judged. Of an inventory that may not hold the
/// device under test it never reassures: it says so.
inline void add_quiet(const facts& f, scope where, std::vector<verdict>& out, std::string why) {
  if (!f.inv || f.inv->controllers.empty()) why = "no controller inventory";
  else if (where == scope::not_under_test)
    why = "the inventory given does not hold the device under test: what it says is not about it";
  else if (where == scope::maybe_under_test)
    why += "; the inventory given could not be tied to the device under test, so what it shows says nothing about it";
  out.push_back({"", "", false, severity::info, std::move(why), {}});
}

}  // namespace raidbench
