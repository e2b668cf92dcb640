#!/usr/bin/env bash
# rb-fsync against PostgreSQL 15's pg_test_fsync, alternating (pg rb rb pg pg rb …), on ext4 (/tmp) and
# tmpfs (/dev/shm): per-test ops/sec ratio rb/pg (median, min–max over pairs) and CPU time.
# Usage: benchmarks/fsync_vs_pg_test_fsync.sh [BUILD_DIR=build-bench] [PAIRS=5] [SECS=1] [DIRS="/tmp /dev/shm"]
# BUILD_DIR must hold (or gets, built in Release) examples/tools/fsync/rb-fsync.
set -euo pipefail
source "$(dirname "$0")/common.sh"
rb=$(bench_tool "${1:-}" rb-fsync)
pairs=${2:-5}
secs=${3:-1}
dirs=${4:-/tmp /dev/shm}
pg=/usr/lib/postgresql/15/bin/pg_test_fsync
[[ -x $rb && -x $pg ]] || { echo "need $rb and $pg" >&2; exit 1; }

bench_scratch rb-fsync-results
for dir in $dirs; do
  run_dir=$(mktemp -d "$dir/rb-fsync-bench.XXXXXX")
  tag=$(basename "$dir")
  for i in $(seq 1 "$pairs"); do
    order="pg rb"; ((i % 2 == 0)) && order="rb pg"  # A B B A: a drift over the run favours neither
    for tool in $order; do
      bin=$pg; [[ $tool == rb ]] && bin=$rb
      ( cd "$run_dir" && /usr/bin/time -f "%U %S" -o "$WORK/$tag.$tool.$i.cpu" "$bin" -s "$secs" -f bench.out > "$WORK/$tag.$tool.$i.txt" )
    done
  done
  rmdir "$run_dir"
done

python3 - "$WORK" "$pairs" $dirs <<'PY'
import re, statistics, sys, os
out, pairs, dirs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
line = re.compile(r"^        (.{30})\s*([0-9.]+) ops/sec")
def parse(path):
    tests, section = [], ""
    for l in open(path):
        for key, name in (("using one", "one write"), ("using two", "two writes"), ("different write sizes", "sizes"),
                          ("non-write", "other fd"), ("Non-sync", "no sync")):
            if key in l: section = name
        m = line.match(l)
        if m: tests.append((f"{section} / {m.group(1).strip()}", float(m.group(2))))
    return tests
def cpu(path):
    u, s = open(path).read().split()[-2:]
    return float(u) + float(s)
for d in dirs:
    tag = os.path.basename(d)
    print(f"\n{d}  ({pairs} pairs, alternating pg rb, rb pg; ratio = rb ops/sec / pg ops/sec)")
    runs = {t: [parse(f"{out}/{tag}.{t}.{i}.txt") for i in range(1, pairs + 1)] for t in ("pg", "rb")}
    names = [n for n, _ in runs["pg"][0]]
    print(f"  {'test':<40} {'pg median':>12} {'rb median':>12} {'ratio':>6}  min–max")
    for k, n in enumerate(names):
        pgv = [r[k][1] for r in runs["pg"]]; rbv = [r[k][1] for r in runs["rb"]]
        ratios = [b / a for a, b in zip(pgv, rbv)]
        print(f"  {n:<40} {statistics.median(pgv):12.1f} {statistics.median(rbv):12.1f} "
              f"{statistics.median(ratios):6.3f}  {min(ratios):.3f}–{max(ratios):.3f}")
    pc = [cpu(f"{out}/{tag}.pg.{i}.cpu") for i in range(1, pairs + 1)]
    rc = [cpu(f"{out}/{tag}.rb.{i}.cpu") for i in range(1, pairs + 1)]
    cr = [b / a for a, b in zip(pc, rc)]
    print(f"  CPU time (user+sys) per run: pg median {statistics.median(pc):.2f} s, rb median {statistics.median(rc):.2f} s, "
          f"ratio {statistics.median(cr):.3f} ({min(cr):.3f}–{max(cr):.3f})")
PY
