#!/usr/bin/env bash
# rb-fileio against sysbench 1.0.20 fileio, side by side on this machine: each case runs A B B A A B …
# (>= 5 pairs) in one temporary directory, and prints events/s, the ratio rb-fileio / sysbench
# (median and min–max over the pairs) and CPU time (user+sys per run, from /usr/bin/time).
# Usage: benchmarks/fileio_vs_sysbench.sh [BUILD_DIR=build-bench] [pairs] [seconds per run] [case regex]
# BUILD_DIR must hold (or gets, built in Release) examples/tools/fileio/rb-fileio.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RB=$(bench_tool "${1:-}" rb-fileio)
PAIRS=${2:-5}
SECONDS_PER_RUN=${3:-3}
ONLY=${4:-}  # run only the cases whose name matches (e.g. 'fsync' for the two flush-bound ones)
bench_scratch rb-fileio-bench
cd "$WORK"

SET="--file-total-size=1G --file-num=128"
echo "# $(date -u +%F) $(uname -r), $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)," \
     "dir $WORK ($(stat -f -c %T "$WORK")), ${SECONDS_PER_RUN}s runs, $PAIRS pairs"
sysbench fileio $SET prepare > /dev/null
cat test_file.* > /dev/null  # page-cache hot for the read cases

# one run: prints "events/s cpu_seconds"
one() {
  local out
  out=$( { /usr/bin/time -f "CPU %U %S" "$@" ; } 2>&1 )
  awk '/total time:/ {sub("s","",$3); t=$3} /total number of events:/ {e=$5} /^CPU/ {c=$2+$3}
       END {printf "%.2f %.2f\n", e/t, c}' <<< "$out"
}

bench() {
  local name=$1; shift
  [[ -n $ONLY && ! $name =~ $ONLY ]] && return
  local opts="$SET --time=$SECONDS_PER_RUN $*"
  local ratios=() sb_eps=() rb_eps=() sb_cpu=() rb_cpu=()
  for ((i = 0; i < PAIRS; i++)); do
    if ((i % 2 == 0)); then  # sysbench first, then rb-fileio first: A B B A, so a drift favours neither
      read -r se sc < <(one sysbench fileio $opts run)
      read -r re rc < <(one "$RB" $opts run)
    else
      read -r re rc < <(one "$RB" $opts run)
      read -r se sc < <(one sysbench fileio $opts run)
    fi
    sb_eps+=("$se"); rb_eps+=("$re"); sb_cpu+=("$sc"); rb_cpu+=("$rc")
    ratios+=("$(awk -v a="$re" -v b="$se" 'BEGIN {printf "%.3f", a/b}')")
  done
  python3 - "$name" "${#ratios[@]}" "${ratios[@]}" "${sb_eps[@]}" "${rb_eps[@]}" "${sb_cpu[@]}" "${rb_cpu[@]}" <<'PY'
import statistics, sys
name, n = sys.argv[1], int(sys.argv[2])
v = [float(x) for x in sys.argv[3:]]
ratio, sb, rb, sbc, rbc = (v[i*n:(i+1)*n] for i in range(5))
m = statistics.median
print(f"| {name} | {m(sb):,.0f} | {m(rb):,.0f} | **{m(ratio):.2f}×** ({min(ratio):.2f}–{max(ratio):.2f}) "
      f"| {m(sbc):.2f} | {m(rbc):.2f} |")
PY
}

echo "| case | sysbench events/s (median) | rb-fileio events/s (median) | ratio (min–max) | sysbench CPU s/run | rb-fileio CPU s/run |"
echo "|---|---:|---:|---|---:|---:|"
bench "rndrd 4 KiB, 1 thread, hot 1 GiB"   --file-test-mode=rndrd --file-block-size=4K --threads=1
bench "rndrd 4 KiB, 2 threads, hot 1 GiB"  --file-test-mode=rndrd --file-block-size=4K --threads=2
bench "rndrd 16 KiB, 1 thread, hot 1 GiB"  --file-test-mode=rndrd --file-block-size=16K --threads=1
bench "rndrd 16 KiB, 2 threads, hot 1 GiB" --file-test-mode=rndrd --file-block-size=16K --threads=2
bench "async rndrd 16 KiB, backlog 128"    --file-test-mode=rndrd --file-io-mode=async --file-async-backlog=128
bench "rndrw 16 KiB, fsync every 100"      --file-test-mode=rndrw
bench "seqwr 16 KiB, fsync every 100"      --file-test-mode=seqwr
