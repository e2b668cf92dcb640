#pragma once
/// Declares nlohmann's pair of JSON functions, found by ADL, for each type named:
/// `RAIDBENCH_JSON_FUNCTIONS(a, b)` declares to_json(json&, const a&), from_json(const json&, a&)
/// and the same for b, linked as core/linkage.hpp says (each defined in the header's impl/ twin).
#include <boost/preprocessor/seq/for_each.hpp>
#include <boost/preprocessor/variadic/to_seq.hpp>
#include <nlohmann/json_fwd.hpp>

#include "raidbench/core/linkage.hpp"

#define RAIDBENCH_DETAIL_JSON_FUNCTIONS_OF(r, data, T)     \
  RAIDBENCH_API void to_json(nlohmann::json& j, const T& v); \
  RAIDBENCH_API void from_json(const nlohmann::json& j, T& v);

#define RAIDBENCH_JSON_FUNCTIONS(...) \
  BOOST_PP_SEQ_FOR_EACH(RAIDBENCH_DETAIL_JSON_FUNCTIONS_OF, ~, BOOST_PP_VARIADIC_TO_SEQ(__VA_ARGS__))
