#!/usr/bin/env bash
# examples/fleet/raidbench.yml on this machine, as root: the package built by cpack, installed,
# a quick suite run per host, the reports fetched, the scratch directories and the package removed.
# Three hosts: two local ones (one of them fails on purpose; only the good one installs and removes
# the package, as both are this machine) and one unreachable; the good one's report arrives, the
# other two are reported, and nothing is left behind.
set -euo pipefail
build_dir=$1 source_dir=$2
if [[ $(id -u) != 0 ]]; then echo "not root: the playbook installs a package; skipped"; exit 0; fi
if dpkg-query -W -f='${Status}' raidbench 2>/dev/null | grep -q installed; then
  echo "raidbench is installed on this system already: skipped, to leave it as it is"; exit 0
fi
work=$(mktemp -d /tmp/raidbench-fleet-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/pkg" >/dev/null
deb=$(ls "$work"/pkg/*.deb)
cat > "$work/hosts" <<HOSTS
good ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_deb=$deb raidbench_remove_package=true raidbench_command="raidbench --quick --size 16M --test-seconds 0.3 --no-progress --no-controller --dir run --report report.json"
broken ansible_connection=local ansible_python_interpreter=/usr/bin/python3 raidbench_command=false
ghost ansible_host=127.0.0.1 ansible_port=1 ansible_connection=ssh ansible_ssh_common_args='-o ConnectTimeout=3 -o BatchMode=yes'
HOSTS
cd "$work"
status=0
ANSIBLE_NOCOLOR=1 ANSIBLE_HOST_KEY_CHECKING=False ANSIBLE_LOCAL_TEMP="$work/ansible-local" ANSIBLE_REMOTE_TEMP="$work/ansible-remote" \
  ansible-playbook -i hosts "$source_dir/examples/fleet/raidbench.yml" \
  -e raidbench_scratch="$work/scratch-{{ inventory_hostname }}" -e raidbench_results="$work/results" \
  -e raidbench_become=false -e raidbench_serial=2 > play.log 2>&1 || status=$?
fail() { echo "FAIL: $*"; cat play.log; exit 1; }
# The play ends non-zero (a host failed, one was unreachable), after running the others.
[[ $status != 0 ]] || fail "ansible-playbook exited 0 with a failed and an unreachable host"
grep -Eq '^good +: ok=[0-9]+ +changed=[0-9]+ +unreachable=0 +failed=0' play.log || fail "good did not complete"
grep -Eq '^broken +: .*failed=[1-9]' play.log || fail "broken is not reported failed"
grep -Eq '^ghost +: .*unreachable=1' play.log || fail "ghost is not reported unreachable"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["schema"] == "raidbench.suite_report", r["schema"]' \
  "$work/results/good/report.json" || fail "no suite report fetched for good"
[[ ! -e $work/results/broken/report.json ]] || fail "a report for broken"
[[ ! -e $work/scratch-good && ! -e $work/scratch-broken ]] || fail "a scratch directory was left behind"
! dpkg-query -W -f='${Status}' raidbench 2>/dev/null | grep -q installed || fail "the package is still installed"
[[ ! -e /usr/bin/rb-dd ]] || fail "/usr/bin/rb-dd is still there"
echo "ok"
