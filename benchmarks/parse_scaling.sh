#!/usr/bin/env bash
# Is reading an input linear in its size? Real captures from tests/fixtures repeated to 3, 10, 30 and
# 60 MB (under the 64 MiB cap of core/input_file.hpp): controller dumps read by rb-ctrl, classic
# benchmark logs of many runs compared with themselves by rb-compare (pg_test_fsync's output holds
# one run: repeated, it is refused, rightly). Prints per input and size the wall time, MB/s
# and the peak memory; a linear reader keeps its MB/s as the size grows. Not part of CI (a benchmark
# figure, not a timed test).
#   benchmarks/parse_scaling.sh [BUILD_DIR=build-bench] [SIZES_MB="3 10 30 60"]
set -euo pipefail
source "$(dirname "$0")/common.sh"
SIZES=${2:-3 10 30 60}
bench_build "${1:-}" rb-ctrl rb-compare
bench_scratch rb-parse-bench

fx=$repo/tests/fixtures
inputs=(
  "rb-ctrl megacli PDList|$fx/controllers/megacli/pdlist-16-drives-2-unconfigured-bad.txt"
  "rb-ctrl megacli LdPdInfo|$fx/controllers/megacli/ldpdinfo-perc-h700-raid6-partially-degraded-rebuild.txt"
  "rb-ctrl ssacli config detail|$fx/controllers/ssacli/ctrl-all-show-config-detail-p212-p410i.txt"
  "rb-ctrl arcconf GETCONFIG PD|$fx/controllers/arcconf/getconfig-1-pd-12-sata-hdd-ssd-online.txt"
  "rb-ctrl mdadm --detail|$fx/controllers/mdadm/detail-raid5-clean.txt"
  "rb-ctrl mdstat|$fx/controllers/mdstat/raid1-hot-spare-bitmap.txt"
  "rb-compare GNU dd log|$fx/imports/dd/gnu-dd-coreutils8-si-iec-5-runs-crlf-chhanz.txt"
  "rb-compare sysbench 0.4 cpu log|$fx/imports/sysbench/sysbench-0.4.12-cpu-anordertoreclaim.txt"
  "rb-compare fio text|$fx/imports/fio/fio-2.1.7-text-pbench.txt"
  "rb-compare bonnie++ table|$fx/imports/bonnie/bonnie-1.03d-human-only-md-raid1-crypt-alexkay.txt"
)
printf '%-34s %6s %9s %8s %9s\n' input MB seconds MB/s 'peak MB'
for entry in "${inputs[@]}"; do
  name=${entry%%|*}
  file=${entry#*|}
  for mb in $SIZES; do
    python3 - "$file" "$WORK/in.txt" "$mb" <<'PY'
import sys
src, dst, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, 'rb').read()
open(dst, 'wb').write(data * (mb * 1000000 // len(data) + 1))
PY
    size=$(stat -c %s "$WORK/in.txt")
    if [[ $name == rb-ctrl* ]]; then
      command=("$BUILD/examples/tools/ctrl/rb-ctrl" "$WORK/in.txt")
    else
      command=("$BUILD/examples/tools/compare/rb-compare" "$WORK/in.txt" "$WORK/in.txt")
    fi
    /usr/bin/time -f '%e %M' -o "$WORK/time" "${command[@]}" >/dev/null 2>&1 || true
    read -r secs kb < <(tail -1 "$WORK/time")  # after "Command exited with non-zero status N", if any
    python3 -c "import sys; s,b,k=float(sys.argv[1]),int(sys.argv[2]),int(sys.argv[3]); \
print('%-34s %6.1f %9.2f %8.1f %9.0f' % (sys.argv[4], b/1e6, s, b/1e6/max(s,0.005), k/1024))" "$secs" "$size" "$kb" "$name"
  done
done
