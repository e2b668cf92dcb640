#!/usr/bin/env bash
# Does a sweep point cost anything over the same workload run alone? `raidbench sweep iometer` at
# one point (4 KiB random reads, QD1, buffered so the page cache serves them: CPU-bound, where this
# VM's disk drift does not blur the comparison) against `rb-run --rw randread` on the same size,
# in A B B A pairs; prints each run's IO/s and the median ratio sweep / rb-run. Not part of CI.
#   benchmarks/sweep_vs_rb_run.sh [BUILD_DIR=build-bench] [pairs=3] [seconds=3]
set -euo pipefail
source "$(dirname "$0")/common.sh"
PAIRS=${2:-3}
SECONDS_PER_RUN=${3:-3}
bench_build "${1:-}" raidbench-suite rb-run
bench_scratch rb-sweep-bench

sweep() {
  "$BUILD/examples/tools/suite/raidbench" sweep iometer --buffered --bs 4k --read-pct 100 --pattern random --qd 1 \
    --seconds "$SECONDS_PER_RUN" --warmup 1 --size 256M --dir "$WORK/s" --json="$WORK/sweep.json" --no-progress >/dev/null
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["points"][0]["result"]["statistics"]; print(s["events"]/(s["elapsed_ns"]/1e9))' "$WORK/sweep.json"
}
alone() {
  "$BUILD/examples/tools/run/rb-run" --rw randread --bs 4k --size 256M --time "$SECONDS_PER_RUN" --ramp 1 --dir "$WORK/r" --json --no-progress >"$WORK/run.json"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["statistics"]; print(s["events"]/(s["elapsed_ns"]/1e9))' "$WORK/run.json"
}
ratios=()
for ((p = 0; p < PAIRS; ++p)); do
  a1=$(sweep); b1=$(alone); b2=$(alone); a2=$(sweep)
  echo "pair $((p + 1)): sweep $a1 $a2  rb-run $b1 $b2 IO/s"
  ratios+=("$(awk -v a="$a1" -v b="$a2" -v c="$b1" -v d="$b2" 'BEGIN { printf "%.3f", (a + b) / (c + d) }')")
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END { printf "median ratio sweep / rb-run: %s (min %s, max %s)\n", r[int((NR + 1) / 2)], r[1], r[NR] }'
