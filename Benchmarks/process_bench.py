"""Whole-process timings with hyperfine.

  python3 process_bench.py alone COMMAND [ARGS...]          # "median min max" ms over 30 runs
  python3 process_bench.py versus FLOOR COMMAND [ARGS...]   # "median min max floor-median ratio-median ratio-min ratio-max"

`versus` interleaves the two (floor, command, floor, …; 30 pairs, one hyperfine run of each per pair, after
a warm-up of both), and its ratio is the median of the pairs' ratios, so that the machine's moment-to-moment
noise slows both sides of a pair. hyperfine itself runs each command's runs back to back.
"""
import json
import shlex
import statistics
import subprocess
import sys
import tempfile

PAIRS = 30


def hyperfine(commands, runs, warmup=0):
    """Each run's seconds, per command (argument lists), in order; hyperfine runs each command's runs back to
    back."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "-N", "--style", "none", "-w", str(warmup), "-r", str(runs), "--export-json", export.name]
        arguments += [shlex.join(command) for command in commands]
        subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return [result["times"] for result in json.load(open(export.name))["results"]]


def spread(samples):
    return f"{statistics.median(samples):.2f} {min(samples):.2f} {max(samples):.2f}"


def main():
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "alone":
        (times,) = hyperfine([arguments], runs=PAIRS, warmup=3)
        print(spread([t * 1000 for t in times]))
    elif mode == "versus":
        floor, command = [arguments[0]], arguments[1:]
        hyperfine([floor, command], runs=1, warmup=1)
        floors, commands = [], []
        for _ in range(PAIRS):
            (f,), (c,) = hyperfine([floor, command], runs=1)
            floors.append(f * 1000)
            commands.append(c * 1000)
        ratios = [c / f for f, c in zip(floors, commands)]
        print(f"{spread(commands)} {statistics.median(floors):.2f} {spread(ratios)}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
