#!/usr/bin/env python3
"""Time from exec to the home screen's first complete frame of the interactive app, in a real pseudo-terminal.

Usage: first_frame.py RUNS STRATA [ARGS...]              -> "median min max" in milliseconds
       first_frame.py RUNS --floor HELLO STRATA [ARGS...] -> "median min max floor-median ratio-median ratio-min ratio-max"
The frame counts as drawn when the key help's last item ("quit") has been written to the terminal; then `q`
is sent and the app must exit 0. The app runs as a user starts it, supervisor included. With --floor, each
run is paired with one of HELLO (the hello world floor) in the same kind of terminal, timed from exec to its
greeting, and the ratio is the median of the pairs' ratios, as process_bench.py does.
"""
import statistics, sys, time
import pty_app

def one(argv):
    start = time.perf_counter()
    pid, fd = pty_app.start(argv, {})
    found, seen = pty_app.read_until(fd, b"quit", 10)
    elapsed = (time.perf_counter() - start) * 1000
    code = pty_app.quit(pid, fd, b"q")
    if not found:
        sys.exit(f"no home screen within 10 s; the terminal showed: {seen[-400:]!r}")
    if code != 0:
        sys.exit(f"the app exited with {code} after q")
    return elapsed

def floor(argv):
    start = time.perf_counter()
    pid, fd = pty_app.start(argv, {})
    found, seen = pty_app.read_until(fd, b"Hello, world!", 10)
    elapsed = (time.perf_counter() - start) * 1000
    pty_app.quit(pid, fd, b"")
    if not found:
        sys.exit(f"the floor printed nothing within 10 s: {seen[-200:]!r}")
    return elapsed

def spread(samples):
    return f"{statistics.median(samples):.2f} {min(samples):.2f} {max(samples):.2f}"

runs, argv = int(sys.argv[1]), sys.argv[2:]
hello = None
if argv[0] == "--floor":
    hello, argv = [argv[1]], argv[2:]
one(argv)  # warm the page cache
if hello is None:
    print(spread([one(argv) for _ in range(runs)]))
else:
    floor(hello)
    pairs = [(floor(hello), one(argv)) for _ in range(runs)]
    floors, times = [f for f, _ in pairs], [t for _, t in pairs]
    print(f"{spread(times)} {statistics.median(floors):.2f} {spread([t / f for f, t in pairs])}")
