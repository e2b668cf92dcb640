#!/usr/bin/env bash
# rb-dd against GNU dd, side by side: A B B A A B …, the median ratio of throughputs (rb-dd / GNU) with
# its min–max, and the CPU time (user + system) of each, per case. Not part of CI.
#   benchmarks/dd_vs_gnu.sh [BUILD_DIR=build-bench] [pairs]
# BUILD_DIR must hold (or gets, built in Release) examples/tools/dd/rb-dd.
# Cases: 1 GiB /dev/zero -> file with conv=fdatasync (bs=4k, bs=1M); that file read back to
# /dev/null with the page cache hot (bs=4k, bs=1M); /dev/zero -> /dev/null bs=4k (1 GiB).
set -euo pipefail
source "$(dirname "$0")/common.sh"
PAIRS=${2:-5}
GNU=/bin/dd
RB=$(bench_tool "${1:-}" rb-dd)
bench_scratch rb-dd-bench

# One run: prints "<bytes/s> <cpu seconds>", the rate from dd's own bytes and seconds.
one() {
  local dd=$1; shift
  local err=$WORK/err
  /usr/bin/time -f '%U %S' -o "$WORK/time" "$dd" "$@" 2>"$err"
  local line; line=$(grep ' copied, ' "$err")
  local bytes secs; bytes=${line%% *}
  secs=$(sed -E 's/.* copied, ([0-9.e+-]+) s, .*/\1/' <<<"$line")
  read -r u s <"$WORK/time"
  awk -v b="$bytes" -v t="$secs" -v u="$u" -v s="$s" 'BEGIN { printf "%.0f %.2f\n", b / t, u + s }'
}

summary() {  # name, then lines "gnu_rate gnu_cpu rb_rate rb_cpu"
  local name=$1
  awk -v name="$name" '
    { r[NR] = $3 / $1; g[NR] = $1; b[NR] = $3; gc += $2; rc += $4; n = NR }
    END {
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (g[j] < g[i]) { t = g[i]; g[i] = g[j]; g[j] = t }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (b[j] < b[i]) { t = b[i]; b[i] = b[j]; b[j] = t }
      m = int((n + 1) / 2)
      printf "| %s | %.0f MB/s | %.0f MB/s | %.3f (%.3f–%.3f) | %.2f s | %.2f s |\n",
             name, g[m] / 1e6, b[m] / 1e6, r[m], r[1], r[n], gc / n, rc / n
    }'
}

bench() {  # name, setup command (run before each dd, untimed; `sync` lets the removal's discards finish), dd operands…
  local name=$1 setup=$2; shift 2
  local rows=""
  for ((i = 0; i < PAIRS; i++)); do
    local g r
    if ((i % 2 == 0)); then  # GNU first, then rb-dd first: A B B A, so a drift favours neither
      eval "$setup"; g=$(one "$GNU" "$@")
      eval "$setup"; r=$(one "$RB" "$@")
    else
      eval "$setup"; r=$(one "$RB" "$@")
      eval "$setup"; g=$(one "$GNU" "$@")
    fi
    rows+="$g $r"$'\n'
  done
  printf '%s' "$rows" | summary "$name"
}

F=$WORK/file
echo "| case | GNU dd (median) | rb-dd (median) | rb-dd / GNU throughput, median (min–max) | GNU CPU (mean) | rb-dd CPU (mean) |"
echo "|---|---|---|---|---|---|"
bench "1 GiB /dev/zero → file, bs=4k, conv=fdatasync" "rm -f $F; sync" if=/dev/zero of="$F" bs=4k count=262144 conv=fdatasync
bench "1 GiB /dev/zero → file, bs=1M, conv=fdatasync" "rm -f $F; sync" if=/dev/zero of="$F" bs=1M count=1024 conv=fdatasync
cat "$F" >/dev/null  # page cache hot
bench "1 GiB file → /dev/null (cache hot), bs=4k" ":" if="$F" of=/dev/null bs=4k
bench "1 GiB file → /dev/null (cache hot), bs=1M" ":" if="$F" of=/dev/null bs=1M
bench "1 GiB /dev/zero → /dev/null, bs=4k" ":" if=/dev/zero of=/dev/null bs=4k count=262144
