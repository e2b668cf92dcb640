#!/usr/bin/env bash
# The tool's own cost per request: rb-run --engine null against fio's ioengine=null, by default and
# with gtod_reduce=1 (no per-I/O clock reads, so no latency), alternating (rb, fio, fio-gtod, …),
# PAIRS rounds of SECS seconds each: 4 KiB random reads, 1 thread, nothing touches a file.
# Per run, two figures per request:
#   wall  the run's wall time ÷ requests (what "overhead per request" means in a 1-s run);
#   CPU   the worker thread's user + system time ÷ requests (rb-run: statistics.thread_cpu;
#         fio: usr_cpu + sys_cpu of the job's runtime), which a loaded machine does not inflate.
# rb-run records every request's latency in its histogram; fio by default records slat, clat and lat.
# Usage: benchmarks/null_engine_vs_fio.sh [BUILD_DIR=build-bench] [PAIRS=5] [SECS=1]
set -euo pipefail
source "$(dirname "$0")/common.sh"
pairs=${2:-5}
secs=${3:-1}

command -v fio > /dev/null || { apt-get update -qq && apt-get install -y -qq fio > /dev/null; }
rb=$(bench_tool "${1:-}" rb-run)

bench_scratch rb-null-bench
fio_null=(fio --name=job --ioengine=null --size=1G --rw=randread --bs=4k --norandommap --thread --numjobs=1
          --time_based --runtime="$secs" --output-format=json)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$WORK/load"
for i in $(seq 1 "$pairs"); do
  "$rb" --engine null --dir "$WORK/scratch" --rw randread --bs 4k --size 1G --time "$secs" --json --no-progress > "$WORK/rb.$i.json"
  "${fio_null[@]}" > "$WORK/fio.$i.json"
  "${fio_null[@]}" --gtod_reduce=1 > "$WORK/gtod.$i.json"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$WORK/load"

python3 - "$WORK" "$pairs" "$secs" <<'PY'
import json, statistics, sys
work, pairs, secs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def rb(i):
    st = json.load(open(f"{work}/rb.{i}.json"))["statistics"]
    n, cpu = st["events"], st["thread_cpu"][0]
    return st["elapsed_ns"] / n, (cpu["user_ns"] + cpu["system_ns"]) / n, cpu["user_ns"] / n, cpu["system_ns"] / n
def fio(tag, i):
    j = json.load(open(f"{work}/{tag}.{i}.json"))["jobs"][0]
    n, runtime_ns = j["read"]["total_ios"], j["job_runtime"] * 1e6
    u, s = j["usr_cpu"] / 100 * runtime_ns / n, j["sys_cpu"] / 100 * runtime_ns / n
    return runtime_ns / n, u + s, u, s
rows = {"rb-run null": [rb(i) for i in range(1, pairs + 1)],
        "fio null": [fio("fio", i) for i in range(1, pairs + 1)],
        "fio null gtod_reduce=1": [fio("gtod", i) for i in range(1, pairs + 1)]}
print(open(f"{work}/load").read().strip().replace("\n", "; "))
print(f"{pairs} rounds of {secs} s, alternating; ns per request, per round then the median")
for name, runs in rows.items():
    print(f"  {name:<24} wall  " + " ".join(f"{r[0]:7.0f}" for r in runs) + f"   median {statistics.median(r[0] for r in runs):7.0f}")
    print(f"  {'':<24} CPU   " + " ".join(f"{r[1]:7.0f}" for r in runs) + f"   median {statistics.median(r[1] for r in runs):7.0f}"
          f"  (user {statistics.median(r[2] for r in runs):.0f} + system {statistics.median(r[3] for r in runs):.0f})")
PY
