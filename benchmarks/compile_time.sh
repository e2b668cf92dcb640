#!/usr/bin/env bash
# Where the build's time goes, from clean build directories (DESIGN.md: measure the build of each
# tool and keep it low). Prints:
#   1. the main job's build: wall seconds of `--target raidbench-suite` from an empty build dir,
#      configured as scripts/main.sh does (configure excluded, the compiled part included);
#   2. CPU seconds (user + system, from wait4) of every compile and link of the test command's
#      first stage (scripts/test.sh's Release build), summed per tool, for the compiled part, the
#      tests' precompiled header and per test area;
#   3. with --whole: wall and CPU seconds of the whole test command, `bash scripts/test.sh`, in a
#      fresh clone of HEAD (dependencies already installed).
# Usage: benchmarks/compile_time.sh [--whole]
set -euo pipefail
source "$(dirname "$0")/common.sh"
whole=0
[[ ${1:-} == --whole ]] && whole=1

bench_scratch rb-compile-time /tmp

# A compiler and linker launcher that appends "<CPU s> <output>" for each command it runs.
cat > "$WORK/launch.py" <<'PY'
import os, subprocess, sys
args = sys.argv[1:]
output = args[args.index("-o") + 1] if "-o" in args else args[-1]
child = subprocess.Popen(args)
_, status, usage = os.wait4(child.pid, 0)
with open(os.environ["RB_CPU_LOG"], "a") as log:
    log.write(f"{usage.ru_utime + usage.ru_stime:.3f} {output}\n")
sys.exit(os.waitstatus_to_exitcode(status))
PY

load() { cut -d' ' -f1-3 /proc/loadavg; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
echo "compile time of raidbench at $(git -C "$repo" rev-parse --short HEAD), $(clang++ --version | head -1), $(nproc) cores"

cmake -C "$repo/cmake/shipping.cmake" -S "$repo" -B "$WORK/main" -G Ninja \
      -DRAIDBENCH_BUILD_TESTS=OFF -DRAIDBENCH_BUILD_BENCHMARKS=OFF > /dev/null
echo "load before the main job's build: $(load)"
start=$(date +%s.%N)
cmake --build "$WORK/main" -j "$(nproc)" --target raidbench-suite > /dev/null
echo "main job's build (--target raidbench-suite, empty build dir): $(since "$start") s wall"
rm -rf "$WORK/main"

export RB_CPU_LOG="$WORK/cpu.log"
: > "$RB_CPU_LOG"
cmake -C "$repo/cmake/shipping.cmake" -S "$repo" -B "$WORK/test" -G Ninja \
      -DRAIDBENCH_WERROR=ON -DRAIDBENCH_BUILD_BENCHMARKS=OFF \
      -DCMAKE_CXX_COMPILER_LAUNCHER="python3;$WORK/launch.py" \
      -DCMAKE_CXX_LINKER_LAUNCHER="python3;$WORK/launch.py" > /dev/null
echo "load before the test command's first-stage build: $(load)"
start=$(date +%s.%N)
cmake --build "$WORK/test" -j "$(nproc)" > /dev/null
echo "first-stage build: $(since "$start") s wall (clang's fuzz targets included, not in the table)"

python3 - "$RB_CPU_LOG" <<'PY'
import re, sys
from collections import defaultdict
groups = defaultdict(lambda: [0, 0.0])
for line in open(sys.argv[1]):
    cpu, output = line.split(maxsplit=1)
    output = output.strip()
    if m := re.match(r"examples/([^/]+)/", output):
        group = f"tool {m.group(1)}"
    elif "raidbench_compiled" in output:
        group = "compiled part (raidbench_compiled)"
    elif "cmake_pch" in output or "raidbench_test_" in output:
        group = "tests: precompiled header and main"
    elif m := re.match(r"tests/([^/]+)/", output):
        group = f"tests/{m.group(1)}"
    else:
        group = output
    groups[group][0] += 1
    groups[group][1] += float(cpu)
print(f"{'what':<40} {'steps':>5} {'CPU s':>8}")
for name in sorted(groups, key=lambda g: (g.startswith("tests"), g)):
    n, cpu = groups[name]
    print(f"{name:<40} {n:>5} {cpu:>8.1f}")
tools = sum(v[1] for k, v in groups.items() if k.startswith("tool "))
tests = sum(v[1] for k, v in groups.items() if k.startswith("tests"))
lib = groups["compiled part (raidbench_compiled)"][1]
print(f"{'all tools':<40} {'':>5} {tools:>8.1f}")
print(f"{'all tests':<40} {'':>5} {tests:>8.1f}")
print(f"{'compiled part':<40} {'':>5} {lib:>8.1f}")
print(f"{'first stage in all':<40} {'':>5} {sum(v[1] for v in groups.values()):>8.1f}")
PY
rm -rf "$WORK/test"

if ((whole)); then
  git clone -q "$repo" "$WORK/clone"
  echo "load before the whole test command: $(load)"
  python3 - "$WORK/clone" <<'PY'
import os, subprocess, sys, time
start = time.monotonic()
child = subprocess.Popen(["bash", "scripts/test.sh"], cwd=sys.argv[1], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.monotonic() - start
code = os.waitstatus_to_exitcode(status)
print(f"whole test command (bash scripts/test.sh, fresh clone): {wall:.0f} s wall, "
      f"{usage.ru_utime + usage.ru_stime:.0f} CPU s, exit {code}")
sys.exit(code)
PY
fi
