#pragma once
/// The lists a tool's pipeline reads: the parsers that read controller tools' text, the importers
/// that read other benchmarks' outputs, and the rules that judge. Each is the shipped list unless a
/// user's main swaps in one with their own, and every tool main takes a pipeline:
///   raidbench::rb_ctrl_main(argc, argv, raidbench::pipeline{}.with(raidbench::builtin_parsers + raidbench::parsers<mycli>));
#include <span>

#include "raidbench/compare/importer_list.hpp"
#include "raidbench/controller/builtin_parsers.hpp"
#include "raidbench/controller/registry.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/core/tag_list.hpp"
#include "raidbench/verdict/builtin_rules.hpp"
#include "raidbench/verdict/rule_list.hpp"

namespace raidbench {

/// The shipped importers' table (compiled once: the importers are large templates).
RAIDBENCH_API std::span<const importer_entry> shipped_importers();

/// The parser, importer and rule tables a tool runs with.
struct pipeline {
  std::span<const parser_entry> parsers = shipped_parsers;
  std::span<const importer_entry> importers = shipped_importers();
  std::span<const rule_entry> rules = shipped_rules;

  /// The same pipeline with the parsers of `list` (`builtin_parsers + parsers<mycli>`).
  template <class... Tools>
  pipeline with(parser_list<Tools...>) const {
    pipeline p = *this;
    p.parsers = table_v<parser_list<Tools...>>;
    return p;
  }
  /// The same pipeline with the importers of `list` (`builtin_importers + importers<my_format>`).
  template <class... Formats>
  pipeline with(importer_list<Formats...>) const {
    pipeline p = *this;
    p.importers = table_v<importer_list<Formats...>>;
    return p;
  }
  /// The same pipeline with the rules of `list` (`builtin_rules + rules<my_rule>`).
  template <class... Rules>
  pipeline with(rule_list<Rules...>) const {
    pipeline p = *this;
    p.rules = table_v<rule_list<Rules...>>;
    return p;
  }
};

}  // namespace raidbench

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/session/impl/pipeline.hpp"
#endif
