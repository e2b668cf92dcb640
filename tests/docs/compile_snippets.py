#!/usr/bin/env python3
"""Every ```cpp block of the README and docs/*.md compiles against the headers as they are.

A block with `int main` is a whole program and is compiled alone with the users' compiler (g++),
warnings as errors, as a user would paste it. Any other block is a fragment: it is compiled after a
prelude (the headers a reader of the docs has at hand, `using namespace raidbench`, the chrono
literals) and after what an HTML comment just above it declares for it, `<!-- snippet: … -->` (the
variables a fragment names without declaring: an options struct, a path, a text), hidden on the
rendered page. Fragments are checked against the declarations (RAIDBENCH_SEPARATE_COMPILATION: the
impl/ definitions are not compiled again for each) and share one precompiled prelude, built by
clang++, so that each costs about a second.

usage: compile_snippets.py GXX CLANGXX INCLUDE_DIR WORK_DIR FILE.md...
"""
import concurrent.futures
import os
import re
import subprocess
import sys

gxx, clangxx, include, work = sys.argv[1:5]
files = sys.argv[5:]
BLOCK = re.compile(r"(?:<!-- snippet: (.*?) -->\n)?```cpp\n(.*?)```", re.S)
PRELUDE = """#include <chrono>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include <fmt/format.h>
#include <raidbench/raidbench.hpp>
#include <raidbench/context/storage_context.hpp>
#include <raidbench/controller/builtin_parsers.hpp>
#include <raidbench/controller/gather.hpp>
#include <raidbench/controller/line_reader.hpp>
#include <raidbench/session/pipeline.hpp>
#include <raidbench/session/run_storage.hpp>
#include <raidbench/text/toolkit.hpp>
#include <raidbench/verdict/builtin_rules.hpp>
"""
# After the fragment's own #include lines, which must not see them.
USING = "using namespace raidbench;\nusing namespace std::chrono_literals;\n"
flags = ["-std=c++20", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I" + include]
fragment_flags = [*flags, "-DRAIDBENCH_SEPARATE_COMPILATION"]
os.makedirs(work, exist_ok=True)
prelude = os.path.join(work, "snippet_prelude.hpp")
with open(prelude, "w") as f:
    f.write(PRELUDE)
pch = prelude + ".pch"
subprocess.run([clangxx, *fragment_flags, "-x", "c++-header", prelude, "-o", pch], check=True)

jobs, count = [], 0
for path in files:
    text = open(path).read()
    for m in BLOCK.finditer(text):
        count += 1
        line = text.count("\n", 0, m.start(2))
        where = f"{os.path.basename(path)}:{line}"
        source = os.path.join(work, f"snippet_{count}.cpp")
        whole = "int main" in m.group(2)
        with open(source, "w") as f:
            if whole:
                f.write(m.group(2))
            else:
                lines = m.group(2).split("\n")
                includes = "\n".join(l for l in lines if l.startswith("#include"))
                body = "\n".join("" if l.startswith("#include") else l for l in lines)
                f.write(f"// {where}\n{includes}\n{USING}{m.group(1) or ''}\n#line {line + 1} \"{path}\"\n{body}")
        command = [gxx, *flags, "-fsyntax-only", source] if whole else \
                  [clangxx, *fragment_flags, "-Wno-unused-variable", "-include-pch", pch, "-include", prelude, "-fsyntax-only", source]
        jobs.append((where, command))


def compile_one(job):
    where, command = job
    result = subprocess.run(command, capture_output=True, text=True)
    return None if result.returncode == 0 else f"{where}:\n{result.stderr[:3000]}"


# Two compilers at a time: each is one process on one core, and the test command runs on two.
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    failed = [f for f in pool.map(compile_one, jobs) if f]
if failed:
    sys.exit("these snippets do not compile:\n" + "\n".join(failed))
if count == 0:
    sys.exit("no ```cpp block found")
print(f"{count} snippets compile")
