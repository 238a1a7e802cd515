#!/usr/bin/env python3
"""Time from exec to the home screen's first complete frame of the interactive app, in a real pseudo-terminal.

Usage: first_frame.py RUNS STRATA [ARGS...]  -> prints "median min max" in milliseconds.
The frame counts as drawn when the key help's last item ("quit") has been written to the terminal; then `q`
is sent and the app must exit 0. The app runs as a user starts it, supervisor included.
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

runs, argv = int(sys.argv[1]), sys.argv[2:]
one(argv)  # warm the page cache
times = [one(argv) for _ in range(runs)]
print(f"{statistics.median(times):.2f} {min(times):.2f} {max(times):.2f}")
