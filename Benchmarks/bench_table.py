"""package-benchmark's Markdown output (stdin) as one table per group of benchmarks named `group/row`: each
row's medians (wall time, instructions, mallocs), and where the group has them, its ratio to its floor (the
group's "hand-written" row, or the row named like it with ", … (floor)" after) and Swinject's time divided by
its own.

  swift package benchmark --target DI --format markdown | python3 bench_table.py
"""
import re
import sys

SCALE = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6, "G": 1e9}
GROUPS = ["singleton resolve", "transient 3-level graph", "1,000 registrations + resolve",
          "8 threads × 1,000 singleton resolves", "Blocks", "Movies"]
ROWS = ["Strata", "Swinject", "swift-dependencies", "hand-written"]
GOALS = {
    "singleton resolve": "Strata within 3× of the floor, with no malloc",
    "transient 3-level graph": "Strata at least 10× Swinject",
    "Blocks/insert 10,000 blocks in one transaction": "< 100 ms",
    "Blocks/list 10,000 blocks": "< 20 ms",
}


def parse(text):
    """{benchmark: {metric: p50}} from the '### name' sections and their metric tables. The unit in a
    metric's name (package-benchmark picks ns, μs or ms, and K or M for counts) is applied: times come out in
    ns, counts as plain numbers."""
    results, name = {}, None
    for line in text.splitlines():
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
        elif name and line.startswith("| ") and not line.startswith("| Metric") and not line.startswith("|:"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            metric = re.sub(r"\s*\*$", "", cells[0])
            unit = re.search(r"\((ns|μs|us|ms|s|K|M|G)\)$", metric)
            try:
                value = float(cells[3].replace(",", ""))  # p50
            except (IndexError, ValueError):
                continue
            results[name][metric] = value * (SCALE[unit.group(1)] if unit else 1)
    return results


def metric(values, prefix):
    return next((value for key, value in values.items() if key.startswith(prefix)), None)


def duration(ns):
    if ns is None:
        return "n/a"
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}"
    return f"{ns:.3g} ns"


def count(value):
    return "n/a" if value is None else f"{value:,.0f}"


def main():
    results = parse(sys.stdin.read())
    if not results:
        sys.exit("no benchmark results on stdin")
    groups = sorted({name.split("/")[0] for name in results}, key=lambda g: GROUPS.index(g) if g in GROUPS else len(GROUPS))
    for group in groups:
        found = {name.split("/", 1)[1]: values for name, values in results.items() if name.startswith(group + "/")}
        rows = sorted(found, key=lambda r: ROWS.index(r) if r in ROWS else len(ROWS))
        wall = {row: metric(found[row], "Time (wall clock)") for row in rows}
        swinject = wall.get("Swinject")

        def floor_of(row):
            if "hand-written" in wall:
                return wall["hand-written"]
            own = next((r for r in rows if r.startswith(row + ",") and r.endswith("(floor)")), row if row.endswith("(floor)") else None)
            return wall.get(own) if own else None

        floor = any(floor_of(row) for row in rows)
        goal = GOALS.get(group)
        print(f"**{group}**" + (f" (goal: {goal})" if goal else ""))
        print()
        header = ["", "time, median", "instructions", "mallocs"] + (["vs its floor"] if floor else []) \
            + (["Swinject ÷ it"] if swinject else []) + (["goal"] if any(f"{group}/{r}" in GOALS for r in rows) else [])
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            ns = wall[row]
            cells = [row, duration(ns), count(metric(found[row], "Instructions")), count(metric(found[row], "Malloc (total)"))]
            if floor:
                cells.append(f"{ns / floor_of(row):.1f}×" if ns and floor_of(row) else "")
            if swinject:
                cells.append(f"{swinject / ns:.1f}×" if ns else "")
            if "goal" in header:
                cells.append(GOALS.get(f"{group}/{row}", ""))
            print("| " + " | ".join(cells) + " |")
        print()


if __name__ == "__main__":
    main()
