#!/usr/bin/env python3
"""Feeds the peers' output and the replicas' output for the same workload to our re-implementations
of real, public parsers of that output (parsers/, README.md), and checks that each parser extracts
the same fields from both: the same keys, each value of the same shape once its numbers are
normalised (a value the peer gives and the replica does not, or one that turns from a number into
text, is a failure). Run by CTest (compat.parsers); every case is printed when a parser disagrees.

    compare.py --rb-fileio PATH --rb-dd PATH --rb-fsync PATH
"""
import argparse
import importlib
import pkgutil
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(HERE))
import parsers  # noqa: E402

NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)*(?:e[-+]?\d+)?")


RATE = re.compile(r"\d+(?:[.,]\d+)? ([kKMGTPEZY]?)(i?)B/s")


def same_magnitude(text):
    """A rate's unit prefix follows the measured speed ('669 MB/s' in one run, '1.2 GB/s' in the
    next), so both outputs get one magnitude before parsing; whether the unit is SI or IEC stays."""
    return RATE.sub(lambda m: f"1.0 M{m.group(2)}B/s", text)


def shape(value):
    """A value with each number replaced by N: '0.0123s' and '10.5s' have the same shape."""
    return NUMBER.sub("N", value) if isinstance(value, str) else repr(type(value))


def run_pair(peer_command, peer_dir, our_command, our_dir):
    """Both commands at once, each in its own folder: the timed cases (pg_test_fsync's 16 one-second
    tests, sysbench --time) take their time once, not twice. Exit status, stdout and stderr of each."""
    started = [subprocess.Popen(command, cwd=cwd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, errors="replace")
               for command, cwd in ((peer_command, peer_dir), (our_command, our_dir))]
    results = []
    for process in started:
        try:
            out, err = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            for p in started:
                p.kill()
            raise
        results.append((process.returncode, out, err))
    return results


def sysbench_cases(rb_fileio):
    common = " --file-num=4 --file-total-size=8M --file-block-size=16K"
    runs = ["--file-test-mode=rndrd --events=2000 --time=0", "--file-test-mode=seqwr --events=500 --time=0",
            "--file-test-mode=rndrw --events=2000 --time=0 --file-io-mode=async",
            "--file-test-mode=seqrd --events=2000 --time=0 --file-io-mode=mmap",
            "--file-test-mode=rndwr --events=300 --time=0 --percentile=0",
            "--file-test-mode=rndrd --events=2000 --time=0 --histogram=on",
            "--file-test-mode=rndrd --events=2000 --time=0 --verbosity=4",
            "--file-test-mode=rndrd --time=2 --report-interval=1"]
    cases = [("prepare", f"fileio{common} prepare")]
    cases += [(r, f"fileio{common} {r} run") for r in runs]
    cases.append(("cleanup", f"fileio{common} cleanup"))
    return [(name, "sysbench " + args, f"{rb_fileio} {args}") for name, args in cases]


def dd_cases(rb_dd):
    cases = [("file", "if=/dev/zero of=out bs=64k count=16"), ("pipe in", "of=out bs=4k count=64 < /dev/zero"),
             ("conv=fdatasync", "if=/dev/zero of=out bs=1M count=4 conv=fdatasync"),
             ("partial records", "if=/dev/zero of=out bs=1000 count=5 iflag=count_bytes"),
             ("status=noxfer", "if=/dev/zero of=out bs=4k count=8 status=noxfer"),
             ("status=progress", "if=/dev/zero of=out bs=4k count=8 status=progress")]
    return [(name, "dd " + args, f"{rb_dd} {args}") for name, args in cases]


def pg_test_fsync_cases(rb_fsync):
    # One pair of -s 1 runs (16 tests a second each), at once, each in its own temporary folder on the
    # disk: there they wait on their flushes, where on tmpfs each would keep a core busy for 16 s.
    pg = "/usr/lib/postgresql/15/bin/pg_test_fsync"
    return [("-s 1", f"{pg} -s 1 -f rb-compat-pg.$$", f"{rb_fsync} -s 1 -f rb-compat-rb.$$")]


def parsed(parser, out, err):
    """What a parser extracts, or the exception it raises (a crash the peer's output must cause too)."""
    try:
        return parser(out, err)
    except Exception as e:  # noqa: BLE001 - any failure of the parser is what is compared
        return {"raises": type(e).__name__}


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--rb-fileio", required=True)
    options.add_argument("--rb-dd", required=True)
    options.add_argument("--rb-fsync", required=True)
    args = options.parse_args()
    cases = {"sysbench": sysbench_cases(args.rb_fileio), "dd": dd_cases(args.rb_dd),
             "pg_test_fsync": pg_test_fsync_cases(args.rb_fsync)}
    modules = [importlib.import_module("parsers." + m.name) for m in pkgutil.iter_modules(parsers.__path__)]
    failures, checked = [], 0
    for peer, peer_cases in cases.items():
        own = [m for m in modules if m.PEER == peer]
        if not own:
            failures.append(f"{peer}: no parser in parsers/")
        peer_dir, our_dir = Path(tempfile.mkdtemp(prefix="rb-compat-")), Path(tempfile.mkdtemp(prefix="rb-compat-"))
        try:
            for name, peer_command, our_command in peer_cases:
                peer_out, our_out = run_pair(peer_command, peer_dir, our_command, our_dir)
                if peer_out[0] != our_out[0]:
                    failures.append(f"{peer} {name}: exit status {our_out[0]}, the peer's {peer_out[0]}")
                for module in own:
                    for parser_name, parser in module.PARSERS.items():
                        theirs = parsed(parser, *map(same_magnitude, peer_out[1:]))
                        ours = parsed(parser, *map(same_magnitude, our_out[1:]))
                        checked += 1
                        for key in sorted(set(theirs) | set(ours)):
                            a, b = theirs.get(key), ours.get(key)
                            if shape(a) != shape(b):
                                failures.append(f"{parser_name} on {peer} {name}: {key!r}: peer {a!r}, replica {b!r}")
        finally:
            shutil.rmtree(peer_dir)
            shutil.rmtree(our_dir)
    for f in failures:
        print(f)
    print(f"{checked} parser runs, {len(failures)} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
