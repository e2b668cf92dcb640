#!/usr/bin/env bash
# rb-compare on a generated GNU dd log of many runs (issue 43: `rb-compare log log` was quadratic,
# 15.8 s at 2 MB): `--import` and a comparison of the log with itself, at 2 MB and at SIZE_MB;
# prints seconds, MB/s and peak memory. Not part of CI; the figures go to RESULTS.md.
#   benchmarks/compare_speed.sh [BUILD_DIR=build-bench] [SIZE_MB=50]
set -euo pipefail
source "$(dirname "$0")/common.sh"
SIZE_MB=${2:-50}
rb_compare=$(bench_tool "${1:-}" rb-compare)
bench_scratch rb-compare-speed

# Each copy: records in, records out and GNU dd 8.24+'s statistics line, 1 GiB at 100-300 MB/s.
make_log() {  # make_log FILE MEGABYTES
  python3 - "$1" "$2" <<'PY'
import random, sys
path, target = sys.argv[1], float(sys.argv[2]) * 1e6
random.seed(1)
with open(path, "w") as f:
    size = 0
    while size < target:
        rate = random.uniform(100, 300)
        block = "1024+0 records in\n1024+0 records out\n1073741824 bytes (1.1 GB, 1.0 GiB) copied, %.6f s, %.0f MB/s\n" % (
            1073741824 / (rate * 1e6), rate)
        f.write(block)
        size += len(block)
PY
}

for mb in 2 "$SIZE_MB"; do
  log=$WORK/dd-$mb.log
  make_log "$log" "$mb"
  bytes=$(stat -c %s "$log")
  copies=$(grep -c ' copied, ' "$log")
  for what in import compare; do
    if [[ $what == import ]]; then args=(--import "$log"); else args=("$log" "$log"); fi
    /usr/bin/time -f '%e %M' -o "$WORK/time" "$rb_compare" "${args[@]}" >/dev/null
    read -r secs kb <"$WORK/time"
    python3 -c 'import sys; b, s, kb = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]); what = sys.argv[4]; n = 2 if what == "compare" else 1
print(f"{what:8} {b / 1e6:6.1f} MB ({sys.argv[5]} copies) x{n}: {s:6.2f} s, {n * b / 1e6 / max(s, 0.01):6.1f} MB/s, peak RSS {kb // 1024} MB")' \
      "$bytes" "$secs" "$kb" "$what" "$copies"
  done
done
