#!/usr/bin/env bash
# rb-compare --fleet on 1,000 hosts: one real report.json made here by `raidbench --quick`, copied
# to 1,000 host folders with every test's elapsed time perturbed (±10 %, a few hosts 40 % slower, a
# few with a failed battery), then compared; prints the wall time and the peak memory (RSS). Not
# part of CI. Issue 19's bar: under 5 s and under 500 MB.
#   benchmarks/fleet_compare.sh [BUILD_DIR=build-bench] [hosts=1000]
set -euo pipefail
source "$(dirname "$0")/common.sh"
HOSTS=${2:-1000}
bench_build "${1:-}" raidbench rb-compare
bench_scratch rb-fleet-bench

# The real report, with the seed's H730 dumps attached so that each host has a controller.
dumps=$repo/tests/fixtures/seed-outputs
(cd "$WORK" && "$BUILD/examples/tools/suite/raidbench" --quick --size 32M --test-seconds 0.5 --no-progress \
   --controller-file "$dumps/megacli-adpallinfo-perc-h730-mini-excerpt.txt" \
   --controller-file "$dumps/megacli-ldgetprop-cache-perc-h730.txt" \
   --controller-file "$dumps/megacli-adpbbucmd-perc-h730-excerpt.txt" --report report.json >/dev/null)

python3 - "$WORK/report.json" "$WORK/fleet" "$HOSTS" <<'PY'
import json, os, random, sys
src, out, hosts = sys.argv[1], sys.argv[2], int(sys.argv[3])
base = json.load(open(src))
random.seed(1)
for i in range(hosts):
    r = json.loads(json.dumps(base))
    slow = i % 97 == 5
    for t in r["tests"]:
        factor = random.uniform(0.9, 1.1) * (1 / 0.6 if slow else 1)
        t["result"]["statistics"]["elapsed_ns"] = int(t["result"]["statistics"]["elapsed_ns"] * factor)
    if i % 89 == 7 and r["controller"]:
        for c in r["controller"]["inventory"]["controllers"]:
            c["battery"]["state"] = "failed"
    d = os.path.join(out, f"host{i:04d}")
    os.makedirs(d)
    json.dump(r, open(os.path.join(d, "report.json"), "w"))
PY
size=$(du -sh "$WORK/fleet" | cut -f1)
/usr/bin/time -f '%e %M' -o "$WORK/time" "$BUILD/examples/tools/compare/rb-compare" --fleet "$WORK/fleet" --json >"$WORK/out.json"
read -r secs kb <"$WORK/time"
flags=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(len(j["flags"]))' "$WORK/out.json")
echo "hosts=$HOSTS reports=$size seconds=$secs peak_rss_mb=$((kb / 1024)) flags=$flags"
