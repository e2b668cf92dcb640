#pragma once
// Commands a tool must refuse: each exits with status 1, says why on exactly one line that starts
// with the expected words, and changes nothing in the tree the snapshot function describes.
#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "../fsync/shell.hpp"
#include "tree_snapshot.hpp"

namespace raidbench::test {

struct refusal {
  std::string command;  // run after `prefix` (a cd, a setpriv), stderr joined to stdout
  std::string message;  // the start of the one line that must say why
};

template <class Snapshot>
void check_refusals(const std::string& prefix, const std::vector<refusal>& cases, Snapshot snapshot) {
  const tree_snapshot before = snapshot();
  for (const auto& c : cases) {
    const auto r = run_one(prefix + c.command + " 2>&1");
    BOOST_TEST(r.status == 1, c.command << ": " << r.output);
    const auto lines = lines_of(r.output);
    BOOST_TEST(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.starts_with(c.message); }) == 1,
               c.command << ": " << r.output);
    BOOST_TEST(changes_between(before, snapshot()) == "", c.command);
  }
}

}  // namespace raidbench::test
