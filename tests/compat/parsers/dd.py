"""Parsers of GNU dd 9.1's statistics on stderr (README.md: repository, path and commit of each)."""
import re

PEER = "dd"


def vdsm(out, err):
    """oVirt vdsm storage check: the elapsed seconds on the last line of stderr."""
    m = re.match(r".*, ([\de\-.]+) s,[^,]+", err.splitlines()[-1])
    if not m:
        raise ValueError("no match")
    return {"seconds": m.group(1)}


def teddysun_bench(out, err):
    """teddysun/across bench.sh: the last comma-separated field of the last line, MB/s unless GB/s."""
    last = (out + err).splitlines()[-1].split(",")[-1].strip()
    words = last.split()
    return {"io": last, "unit is GB/s": str(len(words) > 1 and words[1] == "GB/s")}


def yabs(out, err):
    """yet-another-bench-script: the last two words of every line that says 'copied'."""
    return {"copied": "\n".join(" ".join(line.split()[-2:]) for line in (out + err).splitlines() if "copied" in line)}


def galaxy_benchmarker(out, err):
    """GalaxyBenchmarker: 'N MB/s' at the end of the last line, else 0."""
    m = re.search(r" s, ([0-9\.]+) MB/s$", err.splitlines()[-1])
    return {"bw_in_mb": m.group(1) if m else "0"}


def nench(out, err):
    """nench: the last comma field of the last line, scaled by its unit (TB/GB/MB/KB per second)."""
    io = (out + err).splitlines()[-1].split(",")[-1]
    unit = next((u for u in ["TB/s", "GB/s", "MB/s", "KB/s"] if u in io), "B/s")
    return {"io": io.strip(), "unit": unit}


def ereuse_workbench(out, err):
    """eReuse workbench: the second-to-last word of stderr and the first two letters of the last."""
    words = err.split()
    unit = words[-1][0:2]
    if unit not in ("bytes", "KB", "MB", "GB"):
        raise AssertionError(f"unit {unit}")
    return {"value": words[-2].replace(",", "."), "unit": unit}


PARSERS = {"oVirt/vdsm": vdsm, "teddysun/across": teddysun_bench, "masonr/yet-another-bench-script": yabs,
           "usegalaxy-eu/GalaxyBenchmarker": galaxy_benchmarker, "n-st/nench": nench,
           "eReuse/workbench": ereuse_workbench}
