#pragma once
// The heat table both report tests draw: random-read IOPS by threads and block size, one cell not
// measured.
#include <optional>

#include "raidbench/report/html_document.hpp"

namespace raidbench::test {

inline html::heat_table random_read_heat() {
  html::heat_table t;
  t.title = "Random read";
  t.unit = "IOPS";
  t.row_labels = {"1 thread", "4 threads"};
  t.column_labels = {"4 KiB", "64 KiB"};
  t.cells = {{1000, std::nullopt}, {4000, 2500}};
  return t;
}

}  // namespace raidbench::test
