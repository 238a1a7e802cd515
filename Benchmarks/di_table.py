"""The DI rows: package-benchmark's Markdown output (stdin) as one table per scenario, each contender's
medians side by side with its ratio to the hand-written floor and to Swinject.

  swift package benchmark --target DI --format markdown | python3 di_table.py
"""
import re
import sys

GOALS = {
    "singleton resolve": "Strata within 3× of the floor; no malloc",
    "transient 3-level graph": "Strata at least 10× Swinject",
}


SCALE = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6, "G": 1e9}
ORDER = ["singleton resolve", "transient 3-level graph", "1,000 registrations + resolve", "8 threads × 1,000 singleton resolves"]
CONTENDERS = ["Strata", "Swinject", "swift-dependencies", "hand-written"]


def parse(text):
    """{benchmark name: {metric: p50}} from the '### name' sections and their metric tables; a metric's unit
    in parentheses (package-benchmark picks ns, μs or ms, and K or M for counts) is applied: times come out
    in ns, counts as plain numbers."""
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


def main():
    results = parse(sys.stdin.read())
    scenarios = sorted({name.split("/")[0] for name in results}, key=lambda s: ORDER.index(s) if s in ORDER else len(ORDER))
    for scenario in scenarios:
        found = {name.split("/", 1)[1]: values for name, values in results.items() if name.startswith(scenario + "/")}
        contenders = {c: found[c] for c in sorted(found, key=lambda c: CONTENDERS.index(c) if c in CONTENDERS else 9)}
        wall = lambda c: metric(contenders[c], "Time (wall clock)")
        floor, swinject = contenders.get("hand-written"), contenders.get("Swinject")
        goal = GOALS.get(scenario)
        print(f"**{scenario}**" + (f" (goal: {goal})" if goal else ""))
        print()
        print("| contender | ns, median | instructions, median | mallocs, median | vs hand-written | Swinject ÷ it |")
        print("|---|---|---|---|---|---|")
        for contender, values in contenders.items():
            ns, instructions, mallocs = wall(contender), metric(values, "Instructions"), metric(values, "Malloc (total)")
            versus_floor = f"{ns / wall('hand-written'):.1f}×" if floor and ns else ""
            swinject_ratio = f"{wall('Swinject') / ns:.1f}×" if swinject and ns else ""
            cell = lambda v: "n/a" if v is None else f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
            print(f"| {contender} | {cell(ns)} | {cell(instructions)} | {cell(mallocs)} | {versus_floor} | {swinject_ratio} |")
        print()


if __name__ == "__main__":
    main()
