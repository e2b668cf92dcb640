#!/usr/bin/env bash
# Regenerates the README's screenshots (docs/*.png) from a real report, a real comparison and a real
# sweep, through the same --html code path users run, drawn by headless Chromium (Debian's chromium,
# installed by scripts/install-deps.sh test). Everything runs in a temporary directory.
#   scripts/screenshots.sh [BUILD_DIR=build]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-$repo/build}")
[[ -x $build/examples/tools/suite/raidbench && -x $build/examples/tools/compare/rb-compare ]] ||
  { echo "screenshots.sh: build the tools first (cmake --build $build)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "screenshots.sh: chromium is missing (bash scripts/install-deps.sh test)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-screenshots.XXXXXX")
trap 'rm -rf "$work"' EXIT
seeds=$repo/tests/fixtures/seed-outputs

(cd "$work" && "$build/examples/tools/suite/raidbench" --quick --no-progress --no-controller --report report.json --html report.html >/dev/null)
(cd "$work" && "$build/examples/tools/suite/raidbench" sweep atto --quick --no-progress --json=atto.json --html atto.html >/dev/null)
"$build/examples/tools/compare/rb-compare" "H720=$seeds/pg_test_fsync-9.1-perc-h720.txt" "H730=$seeds/pg_test_fsync-9.1-perc-h730.txt" \
  "--controller-file=H730=$seeds/megacli-adpallinfo-perc-h730-mini-excerpt.txt" \
  "--controller-file=H730=$seeds/megacli-ldgetprop-cache-perc-h730.txt" \
  "--controller-file=H730=$seeds/megacli-adpbbucmd-perc-h730-excerpt.txt" --controller-owns=H730 \
  --html "$work/compare.html" >/dev/null

shot() {  # shot PAGE PNG HEIGHT
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$work/profile" --window-size=1100,"$3" --screenshot="$2" "file://$1" 2>/dev/null
  echo "wrote $2"
}
shot "$work/report.html" "$repo/docs/report.png" 2300
shot "$work/compare.html" "$repo/docs/compare.png" 1500
shot "$work/atto.html" "$repo/docs/sweep-atto.png" 520
