"""Whole processes in rounds against a floor: each round runs the floor, then every command once in a new
random order, and each command's wall time and CPU time (user + system, from `wait4`) is divided by the floor's
of the same round. A row is the median of its rounds' ratios, so that the moment's load slows both sides alike;
CPU time is what a busy machine sways least. The last columns divide each command by the first one of the same
round (a reference build, say): a ratio of two builds of strata, which the machine's speed moves far less than
either build's ratio to the floor.

  python3 rounds_bench.py ROUNDS FLOOR NAME COMMAND [NAME COMMAND ...]

FLOOR and each COMMAND are one string each, split as a shell would, and may start with VAR=value words, which
are set for that program alone (no `env` process in between). Everything runs with its output thrown away,
after three runs each to warm the caches. Example, two builds of strata and the hello world floor:

  python3 rounds_bench.py 60 .build-bench/release/HelloWorld \\
      "reference" "XDG_STATE_HOME=/tmp/ref-state /tmp/ref/strata --config ref.json blocks list" \\
      "this build" ".build/release/strata --config this.json blocks list"
"""
import os
import random
import shlex
import statistics
import sys
import time


def parse(command):
    words = shlex.split(command)
    environment = dict(os.environ)
    while words and "=" in words[0] and not words[0].startswith(("/", ".")):
        name, value = words.pop(0).split("=", 1)
        environment[name] = value
    if not words:
        sys.exit(f"no program in {command!r}")
    return words, environment


def run(program):
    """Wall and CPU milliseconds of one run."""
    words, environment = program
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        start = time.perf_counter()
        pid = os.posix_spawnp(words[0], words, environment,
                              file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = (time.perf_counter() - start) * 1000
    finally:
        os.close(null)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{shlex.join(words)} failed ({os.waitstatus_to_exitcode(status)})")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    if len(sys.argv) < 5 or len(sys.argv) % 2 == 0:
        sys.exit(__doc__)
    rounds, floor = int(sys.argv[1]), parse(sys.argv[2])
    commands = [(sys.argv[i], parse(sys.argv[i + 1])) for i in range(3, len(sys.argv), 2)]
    for program in [floor] + [program for _, program in commands]:
        for _ in range(3):
            run(program)
    names = [name for name, _ in commands]
    floors, ms, walls, cpus, first_walls, first_cpus = [], *({n: [] for n in names} for _ in range(5))
    for _ in range(rounds):
        floor_wall, floor_cpu = run(floor)
        floors.append(floor_wall)
        this_round = {name: run(program) for name, program in random.sample(commands, len(commands))}
        first_wall, first_cpu = this_round[names[0]]
        for name, (wall, cpu) in this_round.items():
            ms[name].append(wall)
            walls[name].append(wall / floor_wall)
            cpus[name].append(cpu / floor_cpu if floor_cpu > 0 else float("nan"))
            first_walls[name].append(wall / first_wall)
            first_cpus[name].append(cpu / first_cpu if first_cpu > 0 else float("nan"))
    print(f"{rounds} rounds, the floor {statistics.median(floors):.2f} ms, load average {os.getloadavg()[0]:.1f}")
    print(f"| command | ms, median | wall ÷ floor, median (quartiles) | CPU ÷ floor | wall ÷ {names[0]} | CPU ÷ {names[0]} |")
    print("|---|---|---|---|---|---|")
    for name in names:
        q = statistics.quantiles(walls[name], n=4)
        print(f"| {name} | {statistics.median(ms[name]):.2f} | {statistics.median(walls[name]):.2f}× ({q[0]:.2f}–{q[2]:.2f}) "
              f"| {statistics.median(cpus[name]):.2f}× | {statistics.median(first_walls[name]):.2f}× | {statistics.median(first_cpus[name]):.2f}× |")


if __name__ == "__main__":
    main()
