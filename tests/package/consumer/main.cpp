// A project built against the headers the .deb ships: one size parsed and printed back.
#include <raidbench/core/units.hpp>

#include <cstdio>

int main() {
  const auto size = raidbench::parse_size("4KiB");
  if (!size || *size != 4096) return 1;
  std::puts(raidbench::format_iec(*size).c_str());
  return 0;
}
