"""Parsers of sysbench 1.0.20 fileio's report (README.md: repository, path and commit of each)."""
import re

PEER = "sysbench"


def adamisrael_fileio2json(out, err):
    """mysql-benchmark: for each key, the first '<key>:' anywhere, then the rest of that line."""
    text = "\n".join(out.splitlines(keepends=True))
    keys = ["total time", "total number of events", "total time taken by event execution", "min", "avg", "max",
            "approx.  95 percentile", "events (avg/stddev)", "execution time (avg/stddev)"]
    fields = {}
    for key in keys:
        m = re.search(re.escape(key) + r":\s+(.*)", text)
        fields[key] = m.group(1).strip() if m else ""
    return fields


def clusterbuster(out, err):
    """clusterbuster: stdout line by line, stripped and lower-cased; the first anchored pattern
    that matches a line sets its field, and a later line with the same prefix overwrites it."""
    size = r"([0-9]+([kmgt]i)?)b"
    patterns = [("files", rf"([0-9]+) *files, *{size}"), ("block size", rf"block size *{size}"),
                ("rdwr ratio", r"read/write ratio for combined random io test: *([0-9]+(\.[0-9]+)?)"),
                ("fsync freq", r"periodic fsync enabled, calling fsync.. each ([0-9]+)"),
                ("final fsync", r"calling fsync.. at the end of test, (enabled|disabled)"),
                ("io mode", r"using (.*) i/o mode"), ("reads/s", r"reads/s: *([0-9.]+)"),
                ("writes/s", r"writes/s: *([0-9.]+)"), ("fsyncs/s", r"fsyncs/s: *([0-9.]+)"),
                ("read mib/s", r"read, mib/s: *([0-9.]+)"), ("written mib/s", r"written, mib/s: *([0-9.]+)"),
                ("total time", r"total time: *([0-9.]+)s"), ("min", r"min: *([0-9.]+)"), ("avg", r"avg: *([0-9.]+)"),
                ("max", r"max: *([0-9.]+)"), ("95th", r"95th percentile: *([0-9.]+)")]
    fields = {}
    for line in out.splitlines():
        line.encode("ascii")  # it decodes each line as ASCII: any other byte is an error
        line = line.strip().lower()
        for name, pattern in patterns:
            m = re.match(pattern, line)
            if m:
                fields[name] = m.group(1)
                break
    return fields


def arcaflow(out, err):
    """arcaflow-plugin-sysbench: stdout and stderr merged, every space removed, each line with a
    colon split in exactly two (more colons: ValueError); an empty value opens a section, and a
    key: value line before any section is an UnboundLocalError in the plugin."""
    fields, section = {}, None
    for line in (out + err).replace(" ", "").splitlines():
        if ":" not in line:
            continue
        key, value = line.split(":")
        if value == "":
            section = re.sub(r"\((.*?)\)", "", key)
            continue
        if section is None:
            raise UnboundLocalError("a key: value line before any section")
        if "(avg/stddev)" in key:
            value = [float(v) for v in value.split("/")]
        elif key[0].isdigit():
            key, value = "percentile", (re.match(r"([0-9]+)", key).group(0), value)
        elif key == "totaltime":
            value = float(value.rstrip("s"))
        elif value.isnumeric():
            value = int(value)
        fields[f"{section}/{key}"] = value
    return fields


def benchmark_wrapper(out, err):
    """cloud-bulldozer benchmark-wrapper: stdout only, spaces removed, the same two-way split; the
    values of result sections become floats (a word there is a ValueError)."""
    fields, section = {}, None
    for line in out.replace(" ", "").splitlines():
        if ":" not in line:
            continue
        key, value = line.split(":")
        if value == "":
            section = "options" if "options" in key else key
            continue
        if section is None:
            fields[key] = float(value)
            continue
        if "(avg/stddev)" in key:
            value = [float(v) for v in value.split("/")]
        elif key == "Totaloperations":
            value = value.split("(")
        elif key == "totaltime":
            key, value = "totaltime(seconds)", float(value.rstrip("s"))
        elif "option" not in section:
            value = float(value)
        fields[f"{section}/{key}"] = value
    return fields


def iobench(out, err):
    """iobench.sh: the indented lines of six keys whose value is a decimal, by position."""
    keep = re.compile(r"^\s+((read|write)s/s|(read|written), MiB/s|avg|95th percentile):\s+\d+\.\d+$")
    values = [line.split(":", 2)[1].strip() for line in out.splitlines() if keep.match(line)]
    return dict(zip(["rdIOps", "wrIOps", "rdMiBps", "wrMiBps", "latMsAvg", "latMs95th", "extra"], values))


def lkp_tests(out, err):
    """lkp-tests stats/fileio: unanchored latency patterns, one sample per matching line."""
    fields = {}
    for line in out.splitlines():
        for name in ["max", "min", "avg", "95th percentile", "sum"]:
            m = re.search(re.escape(name) + r":\s+([\d.]+)", line)
            if m:
                fields.setdefault(f"latency_{name}_ms", []).append(m.group(1))
                break
    return {k: " ".join(v) for k, v in fields.items()}


PARSERS = {"AdamIsrael/mysql-benchmark": adamisrael_fileio2json, "RobertKrawitz/clusterbuster": clusterbuster,
           "arcalot/arcaflow-plugin-sysbench": arcaflow, "cloud-bulldozer/benchmark-wrapper": benchmark_wrapper,
           "n0099/iobench.sh": iobench, "fengguang/lkp-tests": lkp_tests}
