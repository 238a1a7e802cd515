#!/usr/bin/env python3
"""Opening a feature in the app, to its first frame drawn, in process and through a sandboxed helper (issue #46).

Usage: open_feature.py RUNS STRATA [STRATA ...] [FEATURE ...]
    -> a Markdown row per build and feature: each mode's median (min–max) in ms, and the median of the runs'
       ratios (helper ÷ in process). A STRATA is a path (it has a /), with its plugins beside it; the builds
       take turns too.

Each run starts the app as a user does (supervisor included) in a fresh 80x24 pseudo-terminal, with a data folder
of its own and only FEATURE enabled, `"isolation": "none"` or `"process"`; waits for the home screen, reads until
the terminal has been still for 300 ms (a person takes longer than that to press a key), then sends Enter and
times it to the arrival of the feature's first screen (the words below, which the home screen doesn't show). The feature is
selected with j first, and the terminal left still again.
The two modes take turns, one run each, so that the moment's load falls on both; every run is a fresh app, so
each opening loads the feature's plugin (in process) or starts its helper (isolated) as the first one of a day
does. FEATURE: blocks, movies, gpt or running (default: all four).
"""
import json, os, statistics, sys, tempfile, time
import pty_app

# What each feature's root screen draws that the home screen doesn't.
FIRST_SCREEN = {"blocks": b"Timers", "gpt": b"Grandma", "movies": b"title", "running": b"Records"}


def once(strata, feature, mode):
    with tempfile.TemporaryDirectory(prefix="strata-open-", ignore_cleanup_errors=True) as folder:
        config = os.path.join(folder, "strata.json")
        with open(config, "w") as file:
            features = {name: {"enabled": name == feature} for name in FIRST_SCREEN}
            features[feature]["isolation"] = mode
            json.dump({"features": features}, file)
        pid, fd = pty_app.start([strata, "--config", config, "--data-dir", folder + "/data"],
                                {"SWIFT_BACKTRACE": "enable=no", "XDG_STATE_HOME": folder + "/state"})
        pty_app.expect(fd, b"quit", f"{feature} ({mode})")
        pty_app.drain(fd, 0.3)
        # The home screen lists the four in this order, the disabled ones too.
        for _ in range(list(FIRST_SCREEN).index(feature)):
            os.write(fd, b"j")
            pty_app.drain(fd, 0.3)
        start = time.perf_counter()
        os.write(fd, b"\r")
        pty_app.expect(fd, FIRST_SCREEN[feature], f"{feature} ({mode})")
        elapsed = (time.perf_counter() - start) * 1000
        # Esc back to the home screen first: in Movies' search field, q is typed.
        os.write(fd, b"\x1b")
        pty_app.expect(fd, b"quit", f"{feature} ({mode})")
        pty_app.drain(fd, 0.1)
        code = pty_app.quit(pid, fd, b"q")
        if code != 0:
            sys.exit(f"{feature} ({mode}): the app exited with {code} after q")
        return elapsed


runs, words = int(sys.argv[1]), sys.argv[2:]
builds, chosen = [w for w in words if "/" in w], [w for w in words if "/" not in w] or list(FIRST_SCREEN)
pty_app.plain_terminal()
spread = lambda s: f"{statistics.median(s):.2f} ({min(s):.2f}–{max(s):.2f})"
print("| build | feature | in process, ms | through a sandboxed helper, ms | helper ÷ in process, median of runs (min–max) |")
print("|---|---|---|---|---|")
for feature in chosen:
    inside, helper = {b: [] for b in builds}, {b: [] for b in builds}
    for _ in range(runs):
        for build in builds:
            inside[build].append(once(build, feature, "none"))
            helper[build].append(once(build, feature, "process"))
    for build in builds:
        ratios = [h / i for h, i in zip(helper[build], inside[build])]
        print(f"| {build} | {feature} | {spread(inside[build])} | {spread(helper[build])} | {statistics.median(ratios):.2f}× "
              f"({min(ratios):.2f}–{max(ratios):.2f}) |", flush=True)
