"""Where a plugin helper's start goes, and `blocks list` through a helper against in process, for one or more
builds interleaved (RESULTS.md section 7, issue #46).

  python3 helper_start.py phases RUNS STRATA [STRATA …]   # strace timestamps of `blocks list`, phase medians
  python3 helper_start.py ratio PAIRS STRATA [STRATA …] [--floor HELLO]
                                                        # whole commands with hyperfine, helper ÷ in process;
                                                        # with HELLO (the hello world), taking turns with them too,
                                                        # what the helper adds (helper − in process) ÷ HELLO's time

Each STRATA is a release build's `strata` with `libBlocksPlugin.so` beside it; each gets a folder of its own
(a config per isolation mode, Blocks in that build's folder, one block added) and the builds take turns, one
run each, so that the machine's moment-to-moment load falls on all of them.

phases: `strace -f --seccomp-bpf -ttt` of `strata blocks list` with `"isolation": "process"` (only process
creation, `openat`, the socket's sends and receives and `exit_group` are stopped for, so the untraced system
calls run at full speed; the traced ones still cost strace's stop, so the phases are longer than without it and
only their shares and differences count). The phases, by the first event of each in the trace:
  strata's start   strata's `execve` → the clone into the helper's namespaces (strata's own start, config,
                   discovery, routing and the helper's launch: its config file written)
  namespaces       that clone → the helper's `execve` (the namespaces, /proc, Landlock, seccomp, in the child)
  exec + loader    the helper's `execve` → its first act in `main`: its config opened (up to wire version 7) or
                   the handshake read from its socket (version 8)
  config + catalog that → the plugin's library opened by `dlopen` (its load link): the config read, the plugin
                   folder searched and the catalog made, or the handshake and the plugin record (version 8)
  plugin's load    that → the helper's hello sent (`dlopen`, the ABI checks, registration)
  the command      the hello → the helper's exit frame sent (strata sends the command, the helper runs it)
  strata's end     the exit frame → strata's end (the helper's end waited for, its accounting line)
"""
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_bench import hyperfine  # noqa: E402

PHASES = ["strata's start", "namespaces", "exec + loader", "config + catalog", "plugin's load", "the command", "strata's end"]
TRACED = "execve,clone,clone3,openat,sendto,sendmsg,recvfrom,recvmsg,exit_group"


def fixture(strata, folder):
    """A config per isolation mode in `folder` (Blocks from `strata`'s folder) and a data folder with one block;
    answers the command line of `blocks list` for a mode."""
    data = os.path.join(folder, "data")
    configs = {}
    for mode in ("process", "none"):
        configs[mode] = os.path.join(folder, f"{mode}.json")
        with open(configs[mode], "w") as file:
            file.write('{"pluginDirectories": ["%s"], "features": {"blocks": {"isolation": "%s"}}}\n' % (os.path.dirname(strata), mode))
    command = lambda mode: [strata, "--config", configs[mode], "--data-dir", data, "blocks", "list"]
    subprocess.run(command("none")[:-1] + ["add", "Deep", "work", "--hours", "4"], stdout=subprocess.DEVNULL, check=True)
    return command


def unescape(literal):
    """The first bytes of a string strace printed (C escapes, octal among them)."""
    out, index = bytearray(), 0
    simple = {"n": 10, "t": 9, "r": 13, "v": 11, "f": 12, "a": 7, "b": 8, "\\": 92, '"': 34}
    while index < len(literal) and len(out) < 8:
        char = literal[index]
        if char == '"':
            break
        if char != "\\":
            out += char.encode()
            index += 1
            continue
        following = literal[index + 1]
        if following in simple:
            out.append(simple[following])
            index += 2
        elif following == "x":
            out.append(int(literal[index + 2:index + 4], 16))
            index += 4
        else:
            digits = re.match(r"[0-7]{1,3}", literal[index + 1:]).group(0)
            out.append(int(digits, 8))
            index += 1 + len(digits)
    return bytes(out)


def frame_kind(line, call):
    """The kind byte of the frame a `sendto` on the helper's socket (descriptor 3) writes, or None."""
    match = re.search(call + r'\(3, "(.*)', line)
    if not match:
        return None
    head = unescape(match.group(1))
    return head[4] if len(head) > 4 else None


def phases(trace):
    """Each phase's ms in one strace output (see the module's doc)."""
    lines = [line.split(None, 2) for line in open(trace) if line[0].isdigit()]
    events = [(int(pid), float(time), rest) for pid, time, rest in (l for l in lines if len(l) == 3)]
    strata = events[0][0]
    marks = {"exec": events[0][1]}
    helper = None
    for pid, time, rest in events:
        if "spawn" not in marks and rest.startswith("clone(") and "CLONE_NEWUSER" in rest:
            marks["spawn"] = time
        elif "helper exec" not in marks and rest.startswith("execve(") and pid != strata:
            marks["helper exec"], helper = time, pid
        elif pid == helper and "main" not in marks and (
            (rest.startswith("openat(") and "helper-configs" in rest) or rest.startswith("recvfrom(3,")
        ):
            marks["main"] = time
        elif helper and "load" not in marks and rest.startswith("openat(") and "/strata-load-" in rest:
            marks["load"] = time
        elif helper and "hello" not in marks and frame_kind(rest, "sendto") == 1:
            marks["hello"] = time
        elif helper and "hello" in marks and "exit frame" not in marks and frame_kind(rest, "sendto") == 6:
            marks["exit frame"] = time
        elif pid == strata and rest.startswith("+++ exited"):
            marks["end"] = time
    order = ["exec", "spawn", "helper exec", "main", "load", "hello", "exit frame", "end"]
    missing = [name for name in order if name not in marks]
    if missing:
        raise RuntimeError(f"{trace}: no {', '.join(missing)} in the trace")
    return [(marks[b] - marks[a]) * 1000 for a, b in zip(order, order[1:])]


def measure_phases(runs, builds):
    folder = tempfile.mkdtemp()
    commands = [fixture(strata, tempfile.mkdtemp(dir=folder)) for strata in builds]
    samples = [[] for _ in builds]
    trace = os.path.join(folder, "trace")
    for round in range(runs + 2):
        for index, command in enumerate(commands):
            subprocess.run(["strace", "-f", "--seccomp-bpf", "-ttt", "-e", "trace=" + TRACED, "-o", trace] + command("process"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            if round >= 2:  # two to warm up
                samples[index].append(phases(trace))
    print("| phase | " + " | ".join(builds) + " |")
    print("|---|" + "---|" * len(builds))
    for phase, name in enumerate(PHASES + ["total"]):
        cells = []
        for runs_of_build in samples:
            values = [sum(run) if name == "total" else run[phase] for run in runs_of_build]
            cells.append(f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})")
        print(f"| {name} | " + " | ".join(cells) + " |")


def measure_ratio(pairs, builds, floor=None):
    folder = tempfile.mkdtemp()
    commands = [fixture(strata, tempfile.mkdtemp(dir=folder)) for strata in builds]
    every = [command(mode) for command in commands for mode in ("none", "process")] + ([[floor]] if floor else [])
    hyperfine(every, runs=2, warmup=2)
    times = [[] for _ in every]
    for _ in range(pairs):
        for index, (seconds,) in enumerate(hyperfine(every, runs=1)):
            times[index].append(seconds * 1000)
    print("| build | `blocks list` in process, ms | through a sandboxed helper, ms | helper ÷ in process, median of the rounds (range) |"
          + (" the floor, ms | what the helper adds ÷ the floor, median of the rounds (range) |" if floor else ""))
    print("|---|---|---|---|" + ("---|---|" if floor else ""))
    spread = lambda s: f"{statistics.median(s):.2f} ({min(s):.1f}–{max(s):.1f})"
    ratio = lambda r: f"{statistics.median(r):.2f}× ({min(r):.2f}–{max(r):.2f})"
    for index, strata in enumerate(builds):
        alone, helped = times[2 * index], times[2 * index + 1]
        row = f"| {strata} | {spread(alone)} | {spread(helped)} | {ratio([h / a for a, h in zip(alone, helped)])} |"
        if floor:
            row += f" {spread(times[-1])} | {ratio([(h - a) / f for a, h, f in zip(alone, helped, times[-1])])} |"
        print(row)


def main():
    mode, count, words = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    floor = words[words.index("--floor") + 1] if "--floor" in words else None
    builds = [os.path.abspath(path) for path in words if path not in ("--floor", floor)]
    print(f"load average at start: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    if mode == "ratio":
        measure_ratio(count, builds, floor)
    else:
        measure_phases(count, builds)
    print(f"load average at end: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
