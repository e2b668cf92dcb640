#pragma once
/// A value or a one-line error, for every failure a user can cause (bad text, missing file, ENOSPC).
///
/// std::expected is C++23 and the libstdc++ 12 version does not compile under clang 14, which builds
/// our fuzz targets; this small type covers what raidbench needs and nothing more.
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace raidbench {

/// One line for the user: what failed and why ("open ./x: No such file or directory").
struct error {
  std::string message;
  int errnum = 0;  ///< the errno behind it when a system call failed (a tool may word it its own way)
  std::string call{};  ///< the call that failed or moved too few bytes ("open", "pwrite", "fsync"…), if any
  friend bool operator==(const error&, const error&) = default;
};

/// Holds either a T or an error; never throws on access misuse in release builds (asserts in debug).
template <class T>
class [[nodiscard]] expected {
 public:
  expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  expected(error e) : state_(std::in_place_index<1>, std::move(e)) {}

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & { assert(has_value()); return *std::get_if<0>(&state_); }
  const T& value() const& { assert(has_value()); return *std::get_if<0>(&state_); }
  T&& value() && { assert(has_value()); return std::move(*std::get_if<0>(&state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const error& err() const { assert(!has_value()); return *std::get_if<1>(&state_); }
  const std::string& message() const { return err().message; }

 private:
  std::variant<T, error> state_;
};

/// expected<void>: success or an error.
template <>
class [[nodiscard]] expected<void> {
 public:
  expected() = default;
  expected(error e) : error_(std::move(e)), failed_(true) {}
  bool has_value() const noexcept { return !failed_; }
  explicit operator bool() const noexcept { return !failed_; }
  const error& err() const { assert(failed_); return error_; }
  const std::string& message() const { return err().message; }

 private:
  error error_;
  bool failed_ = false;
};

/// Builds an error from a message; reads like `return fail("bad size '4x'")`.
inline error fail(std::string message) { return error{std::move(message)}; }

}  // namespace raidbench
