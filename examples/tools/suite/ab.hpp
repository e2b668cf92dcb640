#pragma once
// `raidbench ab`: two setups of one host compared in interleaved ABBA rounds of the suite, and what
// it needs of the suite (defined in main.cpp).
#include <string>
#include <vector>

namespace rb_suite {

/// Reads `args` as the suite's options (as after "raidbench"): a usage error exits as the suite's does.
void check_suite_options(const std::vector<std::string>& args);

/// Runs the suite on `args` as raidbench does, but prints no report on stdout: the JSON goes where
/// --report names. Returns its exit status.
int run_suite_quietly(const std::vector<std::string>& args);

/// The `raidbench ab …` command; argv[0] is "ab".
int ab_main(int argc, char** argv);

}  // namespace rb_suite
