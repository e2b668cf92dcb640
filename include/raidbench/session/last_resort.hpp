#pragma once
// The last resort of every tool's main: an exception nothing else caught (memory exhausted, a thread
// the system would not start, a bug) ends the tool with one line on stderr and exit status 1, never
// std::terminate's abort. The stack unwinds first, so what cleans up on the way (a scratch set's
// guard) does; a report already written stays.
#include <cstdio>
#include <exception>
#include <new>
#include <string_view>

namespace raidbench::tools {

/// `body()` (the tool's work, returning its exit status), or 1 after "PROGRAM: WHAT" on stderr when
/// an exception escapes it.
template <class Body>
int last_resort(std::string_view program, Body&& body) noexcept {
  const auto say = [&](const char* what) {
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(program.size()), program.data(), what);
  };
  try {
    return body();
  } catch (const std::bad_alloc&) {
    say("out of memory");
  } catch (const std::exception& e) {
    say(e.what());
  } catch (...) {
    say("unexpected error");
  }
  return 1;
}

}  // namespace raidbench::tools
