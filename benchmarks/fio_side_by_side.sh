#!/usr/bin/env bash
# rb-run against fio 3.33 on the same file, alternating (rb fio rb fio …, PAIRS pairs), and the raw
# pread(2) floor (benchmarks/pread_floor.cpp) after each pair of case a:
#   a  4 KiB random read, 1 GiB page-cache-hot file, psync, 1 thread, SECS seconds
#   b  the same with io_uring at queue depth 32 (fio with its defaults: no registered files/buffers)
#   b+ the same, fio tuned as rb-run works: registered files and buffers, submits and reaps by 32
#   c  1 MiB sequential overwrite of the whole 1 GiB file, then one fsync (inside the timing; see below)
# Prints per case the median ratio rb-run/fio (IOPS for a, b; MB/s for c) with min–max, and each
# tool's CPU time (user + system, from /usr/bin/time) per I/O: (CPU of the run − CPU of a one-I/O run
# of the same tool, which holds start-up and, for rb-run, laying the file down) / I/Os.
# Usage: benchmarks/fio_side_by_side.sh [BUILD_DIR=build-bench] [PAIRS=5] [SECS=5]
# BUILD_DIR must hold (or gets, built in Release) examples/tools/run/rb-run and benchmarks/pread_floor.
set -euo pipefail
source "$(dirname "$0")/common.sh"
pairs=${2:-5}
secs=${3:-5}

command -v fio > /dev/null || { apt-get update -qq && apt-get install -y -qq fio > /dev/null; }
[[ -x /usr/bin/time ]] || { apt-get update -qq && apt-get install -y -qq time > /dev/null; }
bench_build "${1:-}" rb-run pread_floor
rb=$BUILD/examples/tools/run/rb-run
floor=$BUILD/benchmarks/pread_floor

bench_scratch rb-fio-bench /tmp
file=$WORK/rb-run.0  # rb-run's name for the one file of its set in --dir
out=$WORK/out
mkdir "$out"

# Runs "$@" with its CPU time (user system elapsed) in $out/$tag.cpu and its stdout in $out/$tag.json.
timed() {
  local tag=$1
  shift
  /usr/bin/time -f "%U %S %e" -o "$out/$tag.cpu" "$@" > "$out/$tag.json"
}

fio_common=(--name=job --filename="$file" --size=1G --thread --numjobs=1 --invalidate=0 --ramp_time=0
            --output-format=json)
fio_rand=("${fio_common[@]}" --rw=randread --bs=4k --norandommap --randrepeat=1)
rb_rand=("$rb" --dir "$WORK" --rw randread --bs 4k --size 1G --json --keep --no-progress)

# The file, laid down once (rb-run rewrites it again before each read run) and so page-cache hot.
"$rb" --dir "$WORK" --rw write --bs 1M --size 1G --fdatasync 0 --time 0 --ops 1024 --keep --json --no-progress > /dev/null

case_args() {  # case tool duration: the command line; duration "one" is a single I/O
  local c=$1 tool=$2 d=$3
  local rb_stop=(--time "$secs") fio_stop=(--time_based --runtime="$secs")
  [[ $d == one ]] && rb_stop=(--time 0 --ops 1) fio_stop=(--io_size=4k)
  case $c.$tool in
    a.rb) echo "${rb_rand[*]} --engine psync ${rb_stop[*]}" ;;
    a.fio) echo "fio ${fio_rand[*]} --ioengine=psync ${fio_stop[*]}" ;;
    b.rb | b+.rb) echo "${rb_rand[*]} --engine io_uring --iodepth 32 ${rb_stop[*]}" ;;
    b.fio) echo "fio ${fio_rand[*]} --ioengine=io_uring --iodepth=32 ${fio_stop[*]}" ;;
    # By default fio enters the kernel once per I/O (strace: 10245 io_uring_enter for 10240 reads);
    # batched 32/32 it makes one per 32 reads, as rb-run does on page-cache hits (320 for 10240).
    b+.fio) echo "fio ${fio_rand[*]} --ioengine=io_uring --iodepth=32 --registerfiles --fixedbufs --iodepth_batch_submit=32 --iodepth_batch_complete_min=32 ${fio_stop[*]}" ;;
    # fio has no fdatasync-at-end option (fdatasync=N syncs before the next write only, so never
    # after the last one; strace shows no fdatasync) but end_fsync=1 makes one fsync after the
    # last write, timed in the job's runtime: rb-run matches it with --fsync 0 (one fsync at end).
    c.rb) echo "$rb --dir $WORK --rw write --bs 1M --size 1G --fsync 0 --time 0 --ops $([[ $d == one ]] && echo 1 || echo 1024) --json --keep --no-progress" ;;
    c.fio) echo "fio ${fio_common[*]} --rw=write --bs=1M --end_fsync=1 $([[ $d == one ]] && echo --io_size=1M)" ;;
  esac
}

cases="a b b+ c"
for c in $cases; do
  echo "case $c: one-I/O runs for the start-up CPU, then $pairs pairs (load: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  for i in 1 2 3; do
    for tool in rb fio; do
      read -ra cmd <<< "$(case_args "$c" "$tool" one)"
      timed "$c.$tool.one.$i" "${cmd[@]}"
    done
  done
  for i in $(seq 1 "$pairs"); do
    for tool in rb fio; do
      read -ra cmd <<< "$(case_args "$c" "$tool" run)"
      timed "$c.$tool.$i" "${cmd[@]}"
    done
    if [[ $c == a ]]; then timed "a.floor.$i" "$floor" "$file" "$secs" 4096; fi
  done
done
cut -d' ' -f1-3 /proc/loadavg > "$out/load"

# shellcheck disable=SC2086 # one argument per case
python3 - "$out" "$pairs" "$secs" $cases <<'PY'
import json, re, statistics, sys
out, pairs, secs, cases = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def cpu(tag):
    u, s, _ = open(f"{out}/{tag}.cpu").read().split()[-3:]
    return float(u) + float(s)
def figures(c, tool, tag):
    """(rate, I/Os): IOPS for the read cases, bytes/s for the write case."""
    j = json.load(open(f"{out}/{tag}.json"))
    if tool == "rb":
        st = j["statistics"]
        return (st["bytes_per_second"] if c == "c" else st["events_per_second"]), st["events"]
    job = j["jobs"][0]
    kind = job["write" if c == "c" else "read"]
    return (kind["bw_bytes"] if c == "c" else kind["iops"]), kind["total_ios"]
def span(xs):
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}–{max(xs):.3f})"
titles = {"a": "4 KiB randread, hot 1 GiB, psync, 1 thread",
          "b": "4 KiB randread, hot 1 GiB, io_uring QD32 (fio defaults)",
          "b+": "4 KiB randread, hot 1 GiB, io_uring QD32 (fio registered, batched 32/32)",
          "c": "1 MiB seq overwrite of 1 GiB + final fsync"}
print(f"{pairs} pairs, alternating rb-run, fio; {secs} s per read run; load after: {open(out + '/load').read().strip()}")
print(f"{'case':<4} {'rb-run':>12} {'fio':>12} {'ratio rb/fio median (min–max)':>30} {'CPU µs/IO rb':>13} {'fio':>7}")
for c in cases:
    unit, scale = ("MB/s", 1e6) if c == "c" else ("IOPS", 1)
    base = {t: statistics.median(cpu(f"{c}.{t}.one.{i}") for i in (1, 2, 3)) for t in ("rb", "fio")}
    rate, per_io = {"rb": [], "fio": []}, {"rb": [], "fio": []}
    for i in range(1, pairs + 1):
        for t in ("rb", "fio"):
            r, n = figures(c, t, f"{c}.{t}.{i}")
            rate[t].append(r / scale)
            per_io[t].append((cpu(f"{c}.{t}.{i}") - base[t]) / max(n - 1, 1) * 1e6)
    ratios = [a / b for a, b in zip(rate["rb"], rate["fio"])]
    print(f"{c:<4} {statistics.median(rate['rb']):>8.0f} {unit} {statistics.median(rate['fio']):>7.0f} {unit} "
          f"{span(ratios):>30} {statistics.median(per_io['rb']):>13.2f} {statistics.median(per_io['fio']):>7.2f}"
          f"   {titles[c]}")
    if c == "a":
        fl = [dict(zip(*[iter(open(f"{out}/a.floor.{i}.json").read().split())] * 2)) for i in range(1, pairs + 1)]
        floor_wall = [float(f["wall_ns_per_io"]) for f in fl]
        floor_cpu = [float(f["cpu_ns_per_io"]) for f in fl]
        rb_wall = [1e9 / r for r in rate["rb"]]
        wall_ratio = [a / b for a, b in zip(rb_wall, floor_wall)]
        cpu_ratio = [a * 1e3 / b for a, b in zip(per_io["rb"], floor_cpu)]
        print(f"     pread floor: {statistics.median(float(f['iops']) for f in fl):.0f} IOPS, "
              f"{statistics.median(floor_wall):.0f} ns/IO wall, {statistics.median(floor_cpu):.0f} ns/IO CPU; "
              f"rb-run ÷ floor per I/O: wall {span(wall_ratio)}, CPU {span(cpu_ratio)}")
    print(f"     base CPU of a one-I/O run: rb-run {base['rb']:.2f} s, fio {base['fio']:.2f} s")
PY
