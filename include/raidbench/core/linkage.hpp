#pragma once
/// How raidbench's heavy non-template functions are linked. For users the library is header-only:
/// each such function is `inline`, declared in its header and defined in the matching `impl/`
/// header, which the header includes at its end. raidbench's own tools and tests build the other
/// way, as {fmt}'s compiled mode does: with RAIDBENCH_SEPARATE_COMPILATION defined, a header only
/// declares them, and the in-tree library raidbench_compiled (cmake/compiled.cmake) includes each
/// `impl/` header in exactly one of its translation units, so the parsers, context readers, JSON
/// and reports are compiled once instead of in every tool and test.
#if defined(RAIDBENCH_SEPARATE_COMPILATION)
#define RAIDBENCH_HEADER_ONLY 0
#define RAIDBENCH_API
#else
#define RAIDBENCH_HEADER_ONLY 1
#define RAIDBENCH_API inline
#endif
