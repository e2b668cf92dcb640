#!/usr/bin/env bash
# examples/fleet/raidbench.yml on this machine, as root: the package (package.build_deb's), installed,
# a quick suite run per host, the reports fetched, the scratch directories and the package removed.
# Five hosts: four local ones, each with its own scratch directory, and one unreachable. "good"
# installs the package, runs a quick suite and removes the package again (only it: they are all this
# machine); "ctrl-ok" and "ctrl-battery" collect controller inventories with the build tree's rb-ctrl
# from their own dumps (the second's capacitor has failed); "broken"'s command fails. The reports of
# the three arrive, the other two hosts are reported, and nothing is left behind. The inventory sets
# raidbench_serial: 1, and the commands run one at a time: each holds a lock directory for a second
# and fails if another host holds it (so with more than one at a time, a host fails).
set -euo pipefail
build_dir=$1 source_dir=$2 deb_dir=$3
if [[ $(id -u) != 0 ]]; then echo "not root: the playbook installs a package; skipped"; exit 0; fi
if dpkg-query -W -f='${Status}' raidbench 2>/dev/null | grep -q installed; then
  echo "raidbench is installed on this system already: skipped, to leave it as it is"; exit 0
fi
work=$(mktemp -d /tmp/raidbench-fleet-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
deb=$(ls "$deb_dir"/raidbench_*.deb)
cat > "$work/alone" <<ALONE
mkdir "$work/running" 2>/dev/null || { echo "another host's command is running" >&2; exit 99; }
sleep 1
ALONE
alone="sh $work/alone && { " done="; } ; rc=\$?; rmdir $work/running; exit \$rc"
cat > "$work/hosts" <<HOSTS
good ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_deb=$deb raidbench_remove_package=true raidbench_command="$alone raidbench --quick --size 16M --test-seconds 0.3 --no-progress --no-controller --dir run --report report.json$done"
ctrl-ok ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_command="$alone $build_dir/examples/tools/ctrl/rb-ctrl --json $source_dir/tests/fixtures/seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt > report.json$done"
ctrl-battery ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_command="$alone $build_dir/examples/tools/ctrl/rb-ctrl --json $source_dir/tests/fixtures/controllers/arcconf/getconfig-1-asr-71605-hba-raw-supercap-fatal.txt > report.json$done"
broken ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_command="$alone false$done"
ghost ansible_host=127.0.0.1 ansible_port=1 ansible_connection=ssh ansible_ssh_common_args='-o ConnectTimeout=3 -o BatchMode=yes'
[all:vars]
raidbench_serial=1
raidbench_poll=1
HOSTS
cd "$work"
status=0
ANSIBLE_NOCOLOR=1 ANSIBLE_HOST_KEY_CHECKING=False ANSIBLE_LOCAL_TEMP="$work/ansible-local" ANSIBLE_REMOTE_TEMP="$work/ansible-remote" \
  ansible-playbook -i hosts "$source_dir/examples/fleet/raidbench.yml" \
  -e raidbench_scratch="$work/scratch-{{ inventory_hostname }}" -e raidbench_results="$work/results" \
  -e raidbench_become=false > play.log 2>&1 || status=$?
fail() { echo "FAIL: $*"; cat play.log; exit 1; }
# The play ends non-zero (a host failed, one was unreachable), after running the others.
[[ $status != 0 ]] || fail "ansible-playbook exited 0 with a failed and an unreachable host"
grep -Eq '^good +: ok=[0-9]+ +changed=[0-9]+ +unreachable=0 +failed=0' play.log || fail "good did not complete"
! grep -q "another host's command is running" play.log || fail "raidbench_serial=1 in the inventory, and two hosts ran at once"
grep -Eq '^broken +: .*failed=[1-9]' play.log || fail "broken is not reported failed"
grep -Eq '^ghost +: .*unreachable=1' play.log || fail "ghost is not reported unreachable"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["schema"] == "raidbench.suite_report", r["schema"]' \
  "$work/results/good/report.json" || fail "no suite report fetched for good"
battery() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["inventory"]["controllers"][0]["battery"].get("state"))' "$1"; }
[[ $(battery "$work/results/ctrl-ok/report.json") == optimal ]] || fail "ctrl-ok's inventory"
[[ $(battery "$work/results/ctrl-battery/report.json") == failed ]] || fail "ctrl-battery's inventory"
grep -Eq '^ctrl-ok +: .*unreachable=0 +failed=0' play.log || fail "ctrl-ok did not complete"
[[ ! -e $work/results/broken/report.json ]] || fail "a report for broken"
for h in good ctrl-ok ctrl-battery broken; do [[ ! -e $work/scratch-$h ]] || fail "scratch-$h was left behind"; done
! dpkg-query -W -f='${Status}' raidbench 2>/dev/null | grep -q installed || fail "the package is still installed"
[[ ! -e /usr/bin/rb-dd ]] || fail "/usr/bin/rb-dd is still there"
echo "ok"
