#pragma once
// Shared by the controller tests: fixtures read in place (RAIDBENCH_FIXTURES_DIR), and printing of
// std::optional and model enums so a failed BOOST_TEST shows both values.
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <boost/test/tools/detail/print_helper.hpp>

#include "raidbench/controller/model.hpp"

namespace raidbench::test {

/// An array's expected health and the operation running beside it (none unless given).
struct vd_status {
  vd_status(std::nullopt_t) {}
  vd_status(vd_state s) : state(s) {}
  vd_status(std::optional<vd_state> s, vd_operation op) : state(s), operation(op) {}
  std::optional<vd_state> state;
  std::optional<vd_operation> operation;
};

inline std::string read_fixture(const std::string& relative) {
  const std::string path = std::string(RAIDBENCH_FIXTURES_DIR) + "/" + relative;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open fixture " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace raidbench::test

namespace boost::test_tools::tt_detail {
template <class T>
struct print_log_value<std::optional<T>> {
  void operator()(std::ostream& os, const std::optional<T>& v) {
    if (!v) os << "nullopt";
    else if constexpr (std::is_enum_v<T>) os << raidbench::to_string(*v);
    else print_log_value<T>()(os, *v);
  }
};
}  // namespace boost::test_tools::tt_detail
