"""Parsers of PostgreSQL 15 pg_test_fsync's report (README.md: repository, path and commit of each)."""
import re

PEER = "pg_test_fsync"


def qbit_probe(out, err):
    """qbit-mining-bootstrap prism_load_probe.py: fdatasync in the one-write section, which ends at a
    blank line followed by text."""
    section = re.search(r"Compare file sync methods using one 8kB write:(.*?)(?:\n\s*\n\S|\Z)", out, re.S)
    m = section and re.search(r"^\s*fdatasync\s+([\d.]+)\s+ops/sec\s+([\d.]+)\s+usecs/op", section.group(1), re.M)
    return {"ops_per_second": m.group(1) if m else None, "usecs_per_op": m.group(2) if m else None}


def qbit_ab(out, err):
    """qbit-mining-bootstrap prism_load_ab.py: from 'using one 8kB write' to the next 'Compare'."""
    start = out.find("using one 8kB write")
    section = out[start:] if start >= 0 else ""
    end = section.find("\nCompare", 1)
    section = section[:end] if end >= 0 else section
    m = re.search(r"^\s*fdatasync\s+([\d.]+) ops/sec\s+(\d+) usecs/op", section, re.M)
    return {"ops_per_second": m.group(1) if m else None, "usecs_per_op": m.group(2) if m else None}


def fpp(out, err):
    """Willmac16/fpp capture-env.sh: the first all-digit word on the first line naming fdatasync that
    has one (stdout and stderr merged)."""
    for line in (out + err).splitlines():
        if "fdatasync" in line:
            numbers = [w for w in line.split() if re.fullmatch(r"[0-9.]+", w)]
            if numbers:
                return {"fdatasync_ops_per_sec": numbers[0]}
    return {"fdatasync_ops_per_sec": None}


PARSERS = {"Qbit-Org/qbit-mining-bootstrap probe": qbit_probe, "Qbit-Org/qbit-mining-bootstrap ab": qbit_ab,
           "Willmac16/fpp": fpp}
