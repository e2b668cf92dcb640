#!/usr/bin/env bash
# Comparisons against a known truth (issue 34), with `raidbench ab` on this host's disk:
#  (a) A/A interleaved: identical sides, COMPARISONS times; goal: at most one comparison with any call.
#  (b) an injected difference: B's setup caps O_DIRECT reads with a cgroup v1 blkio throttle
#      (blkio.throttle.read_bps_device = CAP bytes/s on the scratch directory's disk, for a cgroup this
#      script's shell moves itself into), A's setup lifts it (0). Only reads the process issues itself
#      are throttled: the suite's "seq read O_DIRECT" (rate and p99); the buffered reads are served
#      from the page cache (the files were just written), and writes are not capped. Truth: B's
#      median O_DIRECT read rate within 10 % of CAP; both "seq read O_DIRECT" rows called (slower,
#      higher latency); no other row called.
#  (c) an injected drift: both sides capped, A at DRIFT_A, B's cap raised at every run (DRIFT_FROM +
#      DRIFT_STEP × (round − 1), around A's): the drift of B against A is named on the capped rate
#      row (its trend across the rounds significant, and in the headline) and no difference is
#      called. (The p99 of the capped reads follows the throttle's time slices more than the cap: its
#      values are printed, its trend is not part of the truth.)
# Needs root, cgroup v1's blkio controller with CONFIG_BLK_DEV_THROTTLING, and a disk-backed BASE (not
# tmpfs: the cap is per block device). Not part of CI; the figures go to benchmarks/RESULTS.md.
#   benchmarks/compare_truth.sh [BUILD_DIR=build]
# PARTS picks the parts (default abc: all three); DRIFTS runs (c) that many times (default 1) and
# counts the runs that hold its truth, e.g. PARTS=c DRIFTS=5 benchmarks/compare_truth.sh build.
# DRIFT_STALL=1 also stalls (c)'s last run of B, injected: its cap is half the step's (a stall at the
# end of the series, which hid the drift from Mann–Kendall over all runs once; the truth is unchanged).
# KEEP=DIR keeps each comparison's JSON there (DIR/NAME.json), for a look after the scratch is gone.
set -euo pipefail
source "$(dirname "$0")/common.sh"
BUILD=$(realpath -m "${1:-$repo/build}")
BASE=${BASE:-/var/tmp}
PARTS=${PARTS:-abc}
DRIFTS=${DRIFTS:-1}
ROUNDS=${ROUNDS:-10}
COMPARISONS=${COMPARISONS:-3}
CAP=${CAP:-20000000}
DRIFT_A=${DRIFT_A:-30000000}
DRIFT_FROM=${DRIFT_FROM:-20000000}
DRIFT_STEP=${DRIFT_STEP:-2000000}
DRIFT_STALL=${DRIFT_STALL:-0}
KEEP=${KEEP:-}
SUITE=(--quick --no-controller --size 32M --test-seconds 0.5)
[[ $PARTS =~ ^[abc]+$ && $DRIFTS =~ ^[1-9][0-9]*$ && $DRIFT_STALL =~ ^[01]$ && ( -z $KEEP || -d $KEEP ) ]] ||
  { echo "compare_truth: PARTS is made of a, b, c; DRIFTS a whole number from 1; DRIFT_STALL 0 or 1; KEEP a directory" >&2; exit 2; }
release_build "$BUILD" raidbench-suite
raidbench=$BUILD/examples/tools/suite/raidbench

WORK=$(mktemp -d "$BASE/rb-compare-truth.XXXXXX")
cgroup=/sys/fs/cgroup/blkio/raidbench-truth
# The scratch directory's whole disk: the throttle is keyed by the disk, not a partition.
dev=$(findmnt -no MAJ:MIN -T "$WORK" | tr -d ' ')
[[ -e /sys/dev/block/$dev/partition ]] && dev=$(cat "/sys/dev/block/$dev/../dev")
[[ -e /sys/dev/block/$dev ]] || { echo "compare_truth: $WORK is not on a block device ($dev)" >&2; exit 1; }
mkdir -p "$cgroup"
cleanup() {
  echo "$dev 0" > "$cgroup/blkio.throttle.read_bps_device" 2> /dev/null || true
  echo $$ > /sys/fs/cgroup/blkio/cgroup.procs
  rmdir "$cgroup" 2> /dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
echo $$ > "$cgroup/cgroup.procs"  # this shell, and so raidbench ab and its runs
cap() { echo "echo '$dev $1' > $cgroup/blkio.throttle.read_bps_device"; }

echo "# $(date -u '+%F %H:%M UTC'), $(uname -r), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# disk $dev ($(cat /sys/dev/block/$dev/uevent | sed -n 's/^DEVNAME=//p')), $(findmnt -no FSTYPE -T "$WORK") at $WORK"
echo "# suite: ${SUITE[*]}; $ROUNDS ABBA rounds a comparison"

# One comparison: raidbench ab with the given options; prints its wall time and the calls.
ab() {
  local name=$1
  shift
  local started=$SECONDS
  nice "$raidbench" ab --no-progress --rounds "$ROUNDS" --out "$WORK/$name" --a "$WORK/scratch-a" --b "$WORK/scratch-b" "$@" \
    -- "${SUITE[@]}" > "$WORK/$name.txt"
  local c=$WORK/$name/comparison.json
  [[ -z $KEEP ]] || cp "$c" "$KEEP/$name.json"
  printf '%-10s %4d s  calls: %s\n' "$name" $((SECONDS - started)) \
    "$(jq -r '[.rows[] | select(.sides[1].change.noise == "beyond noise") | "\(.test) \(.metric) \(.sides[1].change.word) \(.sides[1].change.percent | floor) %"] | if length == 0 then "none" else join("; ") end' "$c")"
}
calls() { jq '[.rows[] | select(.sides[1].change.noise == "beyond noise")] | length' "$WORK/$1/comparison.json"; }

if [[ $PARTS == *a* ]]; then
  echo "## (a) A/A interleaved"
  with_call=0
  for i in $(seq "$COMPARISONS"); do
    ab "aa-$i"
    (($(calls "aa-$i") == 0)) || with_call=$((with_call + 1))
  done
  echo "A/A: $with_call of $COMPARISONS comparisons contain a call (goal: at most 1)"
fi

if [[ $PARTS == *b* ]]; then
  echo "## (b) injected difference: B's O_DIRECT reads capped at $CAP B/s"
  ab capped --a-setup "$(cap 0)" --b-setup "$(cap "$CAP")"
  c=$WORK/capped/comparison.json
  jq -r --argjson cap "$CAP" '
    .rows[] | select(.test == "seq read O_DIRECT" and .rate) |
    "B median \(.sides[1].median / 1e6 | . * 100 | round / 100) MB/s, cap \($cap / 1e6) MB/s: \((.sides[1].median / $cap - 1) * 100 | . * 10 | round / 10) % off (truth: within 10 %); A median \(.sides[0].median / 1e6 | round) MB/s"' "$c"
  jq -r '.rows[] | "  \(.test) / \(.metric): \(.sides[1].change.noise) \(.sides[1].change.word) \(.sides[1].change.percent | . * 10 | round / 10) % [\(.sides[1].change.interval.low_percent // "-" | tostring | .[0:6]) .. \(.sides[1].change.interval.high_percent // "-" | tostring | .[0:6])]"' "$c"
  jq -r '
    ([.rows[] | select(.test == "seq read O_DIRECT")] | all(.sides[1].change.noise == "beyond noise" and .sides[1].change.word == "slower")) as $throttled |
    ([.rows[] | select(.test != "seq read O_DIRECT" and .sides[1].change.noise == "beyond noise")] | length) as $others |
    "throttled rows all called slower: \($throttled); unthrottled rows called: \($others) (truth: true; 0)"' "$c"
fi

[[ $PARTS == *c* ]] || exit 0
held=0
for k in $(seq "$DRIFTS"); do
  echo "## (c) injected drift, $k of $DRIFTS: A capped at $DRIFT_A B/s, B from $DRIFT_FROM B/s up $DRIFT_STEP B/s a round$( ((DRIFT_STALL)) && echo ", B's last run at half its cap")"
  ab "drift-$k" --a-setup "$(cap "$DRIFT_A")" \
    --b-setup "b=\$(($DRIFT_FROM + $DRIFT_STEP * (RAIDBENCH_AB_ROUND - 1))); [ $DRIFT_STALL = 1 ] && [ \$RAIDBENCH_AB_ROUND = $ROUNDS ] && b=\$((b / 2)); echo \"$dev \$b\" > $cgroup/blkio.throttle.read_bps_device"
  c=$WORK/drift-$k/comparison.json
  jq -r '.rows[] | select(.test == "seq read O_DIRECT") | "  \(.test) / \(.metric): \(.sides[1].change.noise), B/A trend \(.sides[1].change.drift.side.percent_per_run | . * 10 | round / 10) %/round, p = \(.sides[1].change.drift.side.p | tostring), significant: \(.sides[1].change.drift.side.significant)
      A by round: \([.sides[0].values[] | if . > 1000 then ./1e6 | round else . * 1e3 | round end | tostring] | join(" ")); B: \([.sides[1].values[] | if . > 1000 then ./1e6 | round else . * 1e3 | round end | tostring] | join(" ")) (MB/s or ms)"' "$c"
  jq -r '
    ([.rows[] | select(.test == "seq read O_DIRECT" and .rate)] | all(.sides[1].change.drift.side.significant)) as $named |
    "drift named on the capped rate row: \($named); rows called: \([.rows[] | select(.sides[1].change.noise == "beyond noise")] | length) (truth: true; 0)"' "$c"
  grep -h -e '^B against' -e '^Drift' "$WORK/drift-$k.txt"
  jq -e '([.rows[] | select(.test == "seq read O_DIRECT" and .rate)] | all(.sides[1].change.drift.side.significant)) and
    ([.rows[] | select(.sides[1].change.noise == "beyond noise")] | length == 0)' "$c" > /dev/null && held=$((held + 1))
done
echo "(c): the drift named and nothing called in $held of $DRIFTS runs"
