#!/usr/bin/env python3
"""The alerting rules on rb-ctrl's own output, for every real controller capture of the tests.

For each capture, rb-ctrl --prometheus gives the raidbench_verdict series a host would export and
rb-ctrl --json the verdicts it made. One promtool test holds them all, one `instance` per capture,
and expects exactly: RaidbenchCritical on every critical verdict, RaidbenchWarning on every warning
that does not pass on its own, RaidbenchWarningLasting on none before a day, nothing on an info.
The metrics must carry the verdicts that fired, no more and no fewer.

usage: alerts_from_captures.py RB_CTRL PROMTOOL ALERT_RULES FIXTURES_DIR WORK_DIR
"""
import json
import os
import re
import subprocess
import sys

rb_ctrl, promtool, rules, fixtures, work = sys.argv[1:6]
TRANSIENT = {"battery_unhealthy", "array_busy"}  # the rules RaidbenchWarningLasting waits a day on
SAMPLE = re.compile(r'^raidbench_verdict\{rule="((?:[^"\\]|\\.)*)",severity="(\w+)",subject="((?:[^"\\]|\\.)*)"\} 1$')


def unescape(v):
    return re.sub(r'\\(.)', lambda m: '\n' if m.group(1) == 'n' else m.group(1), v)


def quote(v):
    return '"' + v.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


series, critical, warning = [], [], []
captures = 0
for root, _, files in sorted(os.walk(os.path.join(fixtures, "controllers"))):
    for name in sorted(files):
        if name.endswith((".md", ".tsv")):
            continue
        path = os.path.join(root, name)
        verdicts = subprocess.run([rb_ctrl, "--json", path], capture_output=True, text=True)
        if verdicts.returncode != 0:
            continue  # a capture rb-ctrl cannot read (not a whole dump): nothing to export
        fired = {(v["rule"], v["severity"], v["subject"]) for v in json.loads(verdicts.stdout)["verdicts"] if v["fired"]}
        metrics = subprocess.run([rb_ctrl, "--prometheus", path], capture_output=True, text=True, check=True).stdout
        exported = set()
        for line in metrics.splitlines():
            if line.startswith("raidbench_verdict{"):
                m = SAMPLE.match(line)
                if not m:
                    sys.exit(f"{path}: unexpected sample: {line}")
                exported.add((unescape(m.group(1)), m.group(2), unescape(m.group(3))))
        if exported != fired:
            sys.exit(f"{path}: the metrics carry {sorted(exported)}, the verdicts that fired are {sorted(fired)}")
        captures += 1
        instance = os.path.relpath(path, fixtures)
        for rule, severity, subject in sorted(fired):
            labels = f'instance={quote(instance)},rule={quote(rule)},severity={quote(severity)},subject={quote(subject)}'
            series.append({"series": "raidbench_verdict{" + labels + "}", "values": "1x60"})
            alert = {"exp_labels": {"severity": severity, "instance": instance, "rule": rule, "subject": subject},
                     "exp_annotations": {"summary": f"{instance} {subject}: {rule}"}}
            if severity == "critical":
                critical.append(alert)
            elif severity == "warning" and rule not in TRANSIENT:
                warning.append(alert)

if captures < 50 or not critical or not warning:
    sys.exit(f"too little to test: {captures} captures, {len(critical)} critical and {len(warning)} warning verdicts")
test = {
    "rule_files": [os.path.abspath(rules)],
    "evaluation_interval": "1m",
    "tests": [{
        "interval": "1m",
        "input_series": series,
        "alert_rule_test": [
            {"eval_time": "40m", "alertname": "RaidbenchCritical", "exp_alerts": critical},
            {"eval_time": "40m", "alertname": "RaidbenchWarning", "exp_alerts": warning},
            {"eval_time": "40m", "alertname": "RaidbenchWarningLasting", "exp_alerts": []},
        ],
    }],
}
out = os.path.join(work, "alerts_from_captures_test.json")
with open(out, "w") as f:
    json.dump(test, f, indent=1)
result = subprocess.run([promtool, "test", "rules", out], capture_output=True, text=True)
sys.stdout.write(result.stdout[-4000:])
if result.returncode != 0:
    sys.exit(f"promtool failed on {out}")
print(f"{captures} captures: {len(critical)} critical and {len(warning)} warning alerts, as the verdicts say")
