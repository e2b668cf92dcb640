#pragma once
/// What the judgement reads: one typed set of facts about a run, or about an inventory alone. Every
/// rule (verdict/rule_list.hpp) gets the same facts; each tool gathers them once (session/).
#include <span>
#include <string>

#include "raidbench/context/storage_context.hpp"
#include "raidbench/controller/model.hpp"
#include "raidbench/durability/proof.hpp"
#include "raidbench/verdict/device_owner.hpp"
#include "raidbench/verdict/measured.hpp"

namespace raidbench {

/// A figure another tool measured (an imported classic output): a test and its commits per second.
struct imported_figure {
  std::string test;
  double commits_per_second = 0;
};

/// Everything a rule may read. The pointers and spans borrow from the caller, who keeps what they
/// point to alive while the rules run.
struct facts {
  /// The storage under the files measured; null when an inventory is judged on its own (rb-ctrl):
  /// then every controller, array and drive of it is a subject, at full severity.
  const storage_context* context = nullptr;
  /// The controllers read (with what the input covered); null when none was read.
  const inventory* inv = nullptr;
  /// How `inv` is tied to the devices of `context` (tie_to_device).
  device_ownership owner;
  /// The tests this machine ran.
  std::span<const named_result> results;
  /// The figures of an imported run.
  std::span<const imported_figure> imported;
  /// A power-cut test of the storage (rb-durable verify), given with --durability; null when none.
  const durability_proof* durability = nullptr;
};

}  // namespace raidbench
