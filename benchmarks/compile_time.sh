#!/usr/bin/env bash
# Compile time of every example tool's translation units, one at a time from a clean build dir, so
# that a regression in one TU shows (DESIGN.md: keep each tool's compile time low and measure it).
# Prints CPU seconds (user + system) and peak memory per TU, and a total per tool.
# Usage: benchmarks/compile_time.sh [BUILD_TYPE=Release]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build_type=${1:-Release}

build=$(mktemp -d /tmp/rb-compile-time.XXXXXX)
trap 'rm -rf "$build"' EXIT
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DRAIDBENCH_BUILD_TESTS=OFF -DRAIDBENCH_BUILD_BENCHMARKS=OFF > /dev/null

# Each TU's own compile command from compile_commands.json, run alone: no ninja, no CMake re-check
# in the figure, only the compiler (its CPU time and peak memory, from wait4's resource usage).
python3 - "$build" "$repo" "$build_type" <<'PY'
import json, os, shlex, subprocess, sys
from collections import defaultdict
build, repo, build_type = sys.argv[1:4]
compiler = subprocess.run(["c++", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
load = " ".join(open("/proc/loadavg").read().split()[:3])
print(f"compile time per translation unit ({build_type}, {compiler}, load {load})")
print(f"{'tool':<13} {'translation unit':<36} {'CPU s':>7} {'peak MiB':>9}")
per_tool = defaultdict(lambda: [0, 0.0])
entries = [e for e in json.load(open(f"{build}/compile_commands.json"))
           if os.path.relpath(e["file"], repo).startswith("examples/")]
for e in sorted(entries, key=lambda e: e["file"]):
    rel = os.path.relpath(e["file"], repo)
    tool = rel.split("/")[1]
    args = shlex.split(e["command"])
    output = e.get("output") or args[args.index("-o") + 1]  # CMake < 3.28 has no "output" field
    os.makedirs(os.path.dirname(os.path.join(e["directory"], output)), exist_ok=True)
    # wait4's usage covers the driver and the cc1plus and as it waited for.
    with open(f"{build}/diagnostics", "w+") as diagnostics:
        child = subprocess.Popen(args, cwd=e["directory"], stderr=diagnostics)
        _, status, usage = os.wait4(child.pid, 0)
        failed = status != 0
        if failed:
            diagnostics.seek(0)
            print(diagnostics.read(), file=sys.stderr)
    cpu = usage.ru_utime + usage.ru_stime
    note = "  FAILED to compile (diagnostics on stderr); its time is partial" if failed else ""
    print(f"{tool:<13} {rel:<36} {cpu:>7.2f} {usage.ru_maxrss / 1024:>9.0f}{note}", flush=True)
    per_tool[tool][0] += 1
    per_tool[tool][1] += cpu
print()
for tool, (n, cpu) in sorted(per_tool.items()):
    print(f"{tool:<13} {n:>2} TUs {cpu:>7.2f} CPU s in all")
PY
