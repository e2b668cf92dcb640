#!/usr/bin/env bash
# What verification costs (issue 40): 65536 random writes of 4 KiB (the file's size once over), psync,
# 1 thread, on one 256 MiB file, rb-run and fio 3.33 alternating (PAIRS rounds), each without and
# with verification (fio's verify phase does not start in a time-based run, so both count writes):
#   rb-run            --rw randwrite                      against   fio --rw=randwrite
#   rb-run --verify   (stamps, CRC-32C per 512-byte sector) against  fio --verify=crc32c --do_verify=1
# buffered (page-cache hot: the CPU cost shows) and with O_DIRECT. Reported: write MB/s (median,
# min–max) and the read-back rate (rb-run's final pass re-reads the whole file after flushing it and
# dropping its cached pages; fio's verify phase re-reads what it wrote). Then the journal: 4 KiB
# random writes each followed by fdatasync for SECS seconds, without --verify, with --verify
# --journal-batch 1 (a journal commit, pwrite and fdatasync, per acknowledged write) and
# --journal-batch 64: writes per second.
# Usage: benchmarks/verify_vs_fio.sh [BUILD_DIR=build-bench] [PAIRS=3] [SECS=5] [DIR=/var/tmp]
# DIR must be a filesystem that takes O_DIRECT (not tmpfs).
set -euo pipefail
source "$(dirname "$0")/common.sh"
pairs=${2:-3}
secs=${3:-5}
parent=${4:-/var/tmp}

command -v fio > /dev/null || { apt-get update -qq && apt-get install -y -qq fio > /dev/null; }
rb=$(bench_tool "${1:-}" rb-run)

bench_scratch rb-verify-bench "$parent"
file=$WORK/rb-run.0
out=$WORK/out
mkdir "$out"

# MB/s of a JSON report: rb-run's write rate and final pass, or fio's write and verify-read rates.
rb_rates() { python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
v = j.get("verification", {})
p = v.get("pass", {})
print(j["statistics"]["bytes_per_second"] / 1e6, p["bytes"] / p["seconds"] / 1e6 if p else 0,
      v.get("cost", {}).get("stamp_ns_per_block", 0))' "$1"; }
fio_rates() { python3 -c '
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{"):])["jobs"][0]  # after the notes fio prints first
print(j["write"]["bw_bytes"] / 1e6, j["read"]["bw_bytes"] / 1e6)' "$1"; }

rb_args=("$rb" --dir "$WORK" --rw randwrite --bs 4k --size 256M --keep --json --no-controller --no-progress)
rb_writes=(--time 0 --ops 65536)
fio_args=(fio --name=job --filename="$file" --size=256M --rw=randwrite --bs=4k --ioengine=psync --thread
          --invalidate=0 --randrepeat=1 --output-format=json --verify_state_save=0)  # no state file in the caller's directory
"$rb" --dir "$WORK" --rw write --bs 1M --size 256M --fdatasync 0 --time 0 --ops 256 --keep --json --no-controller --no-progress > /dev/null

for mode in buffered direct; do
  flag=() fflag=()
  [[ $mode == direct ]] && flag=(--direct) fflag=(--direct=1)
  for ((i = 0; i < pairs; i++)); do
    "${rb_args[@]}" "${rb_writes[@]}" "${flag[@]}" > "$out/$mode.rb.$i"
    "${fio_args[@]}" "${fflag[@]}" > "$out/$mode.fio.$i"
    rm -f "$WORK/rb-run.journal"
    "${rb_args[@]}" "${rb_writes[@]}" "${flag[@]}" --verify > "$out/$mode.rbv.$i"
    rm -f "$WORK/rb-run.journal"
    "${fio_args[@]}" "${fflag[@]}" --verify=crc32c --do_verify=1 > "$out/$mode.fiov.$i"
  done
done

summary() {  # label files…: median (min–max) of the first column and of the second
  local label=$1
  shift
  python3 - "$label" "$@" << 'EOF'
import statistics, subprocess, sys
label, files = sys.argv[1], sys.argv[2:]
rows = [list(map(float, open(f).read().split())) for f in files]
def cell(i):
    v = sorted(r[i] for r in rows)
    return f"{statistics.median(v):8.1f} ({v[0]:.1f}–{v[-1]:.1f})"
extra = f"  stamp {statistics.median(r[2] for r in rows):.0f} ns/block" if len(rows[0]) > 2 and rows[0][2] else ""
print(f"{label:34} write MB/s {cell(0)}   read-back MB/s {cell(1)}{extra}")
EOF
}
for mode in buffered direct; do
  for t in rb rbv fio fiov; do
    for ((i = 0; i < pairs; i++)); do
      if [[ $t == rb* ]]; then rb_rates "$out/$mode.$t.$i"; else fio_rates "$out/$mode.$t.$i"; fi > "$out/$mode.$t.$i.rates"
    done
  done
  echo "== $mode, 65536 random writes of 4 KiB, $pairs runs each"
  summary "rb-run" "$out/$mode.rb."*.rates
  summary "rb-run --verify" "$out/$mode.rbv."*.rates
  summary "fio" "$out/$mode.fio."*.rates
  summary "fio --verify=crc32c --do_verify=1" "$out/$mode.fiov."*.rates
done

echo "== journal: 4 KiB random writes, each followed by fdatasync, $secs s"
for variant in plain batch1 batch64; do
  extra=()
  [[ $variant == batch1 ]] && extra=(--verify --journal-batch 1)
  [[ $variant == batch64 ]] && extra=(--verify --journal-batch 64)
  rm -f "$WORK/rb-run.journal"
  "${rb_args[@]}" --time "$secs" --fdatasync 1 "${extra[@]}" > "$out/j.$variant"
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
k = j.get("verification", {}).get("journal")
note = "  journal: %d commits, %.2f ms each" % (k["commits"], k["commit_ns"] / max(k["commits"], 1) / 1e6) if k else ""
print("%-10s %9.0f writes/s%s" % (sys.argv[2], j["statistics"]["events_per_second"], note))' "$out/j.$variant" "$variant"
done
