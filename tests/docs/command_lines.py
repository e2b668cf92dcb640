#!/usr/bin/env python3
"""Every command line of the README and docs/*.md uses only options the tool has.

In each fenced code block, and in each inline code span outside them, a line (after an optional "$ " prompt, joined with its "\\" continuation
lines) that starts with one of raidbench's tools, or with scripts/main.sh (whose options go to
raidbench), is a command line; each "--name" on it, up to a "#" comment, must appear in that
tool's --help (for a subcommand, `raidbench sweep|ab` or `rb-durable serve|write|verify`, in its
own --help; for rb-fileio, in sysbench's `--help` or `fileio help` as well). A usage synopsis ("rb-ctrl [--json[=FILE]] …") is checked
the same way. Prints each command line that names an option its tool lacks, and exits 1 if any.

usage: command_lines.py TOOL=PATH... -- FILE.md...
"""
import re
import subprocess
import sys

split = sys.argv.index("--")
tools = dict(arg.split("=", 1) for arg in sys.argv[1:split])
files = sys.argv[split + 1:]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


SUBCOMMANDS = {"raidbench": ("sweep", "ab"), "rb-durable": ("serve", "write", "verify")}


def subcommand(tool, command):
    words = command.split()
    second = words[1].rstrip(":") if len(words) > 1 else ""
    return second if second in SUBCOMMANDS.get(tool, ()) else None


def help_text(tool, sub):
    path = tools[tool]
    commands = [[path, sub, "--help"]] if sub else [[path, "--help"]]
    if tool == "rb-fileio":
        commands.append([path, "fileio", "help"])
    out = ""
    for command in commands:
        run = subprocess.run(command, capture_output=True, text=True, timeout=60)
        out += run.stdout + run.stderr
    return out


def command_lines(text):
    spans = re.findall(r"`([^`\n]+)`", FENCE.sub("", text))
    for block in FENCE.findall(text) + spans:
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.splitlines():
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            line = re.sub(r"^(sudo |bash )", "", line)
            words = line.split()
            if not words:
                continue
            first = words[0].rsplit("/", 1)[-1]
            if first == "main.sh":
                first = "raidbench"
            if first in tools:
                yield first, line


helps = {}
checked = 0
bad = []
for name in files:
    with open(name, encoding="utf-8") as f:
        text = f.read()
    for tool, line in command_lines(text):
        command = line.split(" #", 1)[0]
        sub = subcommand(tool, command)
        key = (tool, sub)
        if key not in helps:
            helps[key] = set(OPTION.findall(help_text(tool, sub)))
        missing = sorted(set(OPTION.findall(command)) - helps[key])
        checked += 1
        if missing:
            bad.append(f"{name}: {', '.join(missing)} not in {tool}{' ' + sub if sub else ''} --help: {line}")
for line in bad:
    print(line)
print(f"{checked} command lines checked, {len(bad)} with an option the tool lacks")
sys.exit(1 if bad else 0)
