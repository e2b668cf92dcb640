#pragma once
// `raidbench --html-from FILE --html PAGE`: the page of a report or a sweep drawn again from the JSON
// raidbench wrote, without running anything (html_from.cpp).
#include <filesystem>

namespace rb_suite {

/// Reads `json` (a raidbench.suite_report or a raidbench.sweep), writes its page to `html`; the exit status.
int html_from(const std::filesystem::path& json, const std::filesystem::path& html);

}  // namespace rb_suite
