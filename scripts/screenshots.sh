#!/usr/bin/env bash
# Regenerates the screenshots in docs/ (one per page kind, the top of each page) from the real runs
# in tests/fixtures/reports/ and the seed captures, through the code paths users run (raidbench
# --html-from, rb-compare --html), drawn by Debian's headless chromium and measured on the way by
# tests/report_html/check_pages.mjs (installed by scripts/install-deps.sh test: chromium, nodejs).
# Everything else runs in a temporary directory.
#   scripts/screenshots.sh [BUILD_DIR=build]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-$repo/build}")
raidbench=$build/examples/tools/suite/raidbench
rb_compare=$build/examples/tools/compare/rb-compare
[[ -x $raidbench && -x $rb_compare ]] || { echo "screenshots.sh: build the tools first (cmake --build $build)" >&2; exit 1; }
for tool in chromium node; do
  command -v $tool >/dev/null || { echo "screenshots.sh: $tool is missing (bash scripts/install-deps.sh test)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-screenshots.XXXXXX")
trap 'rm -rf "$work"' EXIT
seeds=$repo/tests/fixtures/seed-outputs
reports=$repo/tests/fixtures/reports

"$raidbench" --html-from "$reports/suite-quick-vm-1.json" --html "$work/report.html"
"$raidbench" --html-from "$reports/sweep-atto-quick-vm-1.json" --html "$work/sweep-atto.html"
"$raidbench" --html-from "$reports/sweep-iometer-quick-vm.json" --html "$work/sweep-iometer.html"
"$raidbench" --html-from "$reports/sweep-cdm-quick-vm.json" --html "$work/sweep-cdm.html"
"$rb_compare" "H720=$seeds/pg_test_fsync-9.1-perc-h720.txt" "H730=$seeds/pg_test_fsync-9.1-perc-h730.txt" \
  "--controller-file=H730=$seeds/megacli-adpallinfo-perc-h730-mini-excerpt.txt" \
  "--controller-file=H730=$seeds/megacli-ldgetprop-cache-perc-h730.txt" \
  "--controller-file=H730=$seeds/megacli-adpbbucmd-perc-h730-excerpt.txt" --controller-owns=H730 \
  --html "$work/compare.html" >/dev/null
"$rb_compare" "run-1=$reports/sweep-atto-quick-vm-1.json" "run-2=$reports/sweep-atto-quick-vm-2.json" --html "$work/compare-sweep-atto.html" >/dev/null
"$rb_compare" "run-1=$reports/sweep-cdm-quick-vm.json" "run-2=$reports/sweep-cdm-quick-vm.json" --html "$work/compare-sweep-cdm.html" >/dev/null
"$rb_compare" "run-1=$reports/sweep-iometer-quick-vm.json" "run-2=$reports/sweep-iometer-quick-vm.json" --html "$work/compare-sweep-iometer.html" >/dev/null
"$rb_compare" "H720=$seeds/pg_test_fsync-9.1-perc-h720.txt" "H730=$seeds/pg_test_fsync-9.1-perc-h730.txt" \
  "--controller-file=H730=$repo/tests/fixtures/controllers/megacli/ldpdinfo-perc-h700-two-raid1-degraded-failed-drive.txt" \
  --controller-owns=H730 --html "$work/compare-critical.html" >/dev/null
for n in 1 2 3; do
  mkdir -p "$work/fleet/db0$n"
  cp "$reports/suite-quick-vm-$n.json" "$work/fleet/db0$n/report.json"
done
"$rb_compare" --fleet "$work/fleet" --html "$work/fleet.html" >/dev/null

mkdir "$work/shots"
node "$repo/tests/report_html/check_pages.mjs" --widths 900 --shots "$work/shots" --shot-height 1200 "$work"/*.html
for shot in "$work"/shots/*-900.png; do
  name=$(basename "$shot" -900.png)
  cp "$shot" "$repo/docs/$name.png"
  echo "wrote docs/$name.png"
done
