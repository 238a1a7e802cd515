#!/usr/bin/env python3
"""A keypress to the redrawn frame on a feature's screen, in process and through a sandboxed helper.

Usage: key_frame.py SAMPLES STRATA   -> Markdown rows: the median (min–max) in ms of each, and their ratio

The app runs as a user starts it (supervisor included) in a real 80x24 pseudo-terminal, with Blocks opened
from the home screen, once with `"isolation": "none"` and once with `"isolation": "process"`. On the Blocks
menu, j and k are sent in turn; each is timed from the write of the key to the arrival of the frame that moves
the selection marker (`›`): for the helper, the key crosses to it, its screen handles it and draws, the frame
crosses back and strata draws it. After each, whatever else the app writes within 30 ms is read and dropped,
so that each key starts from a still screen. SAMPLES after 20 to warm up, the two modes interleaved by run.
"""
import json, os, statistics, sys, tempfile, time
import pty_app

MARKER = "›".encode()


def session(strata, mode, samples):
    with tempfile.TemporaryDirectory(prefix="strata-keys-", ignore_cleanup_errors=True) as folder:
        config = os.path.join(folder, "strata.json")
        with open(config, "w") as file:
            json.dump({"features": {"gpt": {"enabled": False}, "movies": {"enabled": False}, "running": {"enabled": False},
                                   "blocks": {"isolation": mode}}}, file)
        pid, fd = pty_app.start([strata, "--config", config, "--data-dir", folder + "/data"], {"SWIFT_BACKTRACE": "enable=no"})
        pty_app.expect(fd, b"quit", mode)
        os.write(fd, b"\r")  # Blocks is the first feature
        pty_app.expect(fd, b"Timers", mode)
        pty_app.drain(fd, 0.3)
        times = []
        for index in range(samples + 20):
            start = time.perf_counter()
            os.write(fd, b"jk"[index % 2:index % 2 + 1])
            pty_app.expect(fd, MARKER, mode)
            elapsed = (time.perf_counter() - start) * 1000
            pty_app.drain(fd, 0.03)
            if index >= 20:
                times.append(elapsed)
        code = pty_app.quit(pid, fd, b"q")
        if code != 0:
            sys.exit(f"{mode}: the app exited with {code} after q")
        return times


samples, strata = int(sys.argv[1]), sys.argv[2]
pty_app.plain_terminal()
results = {"none": [], "process": []}
for _ in range(3):
    for mode in results:
        results[mode] += session(strata, mode, samples // 3)
spread = lambda s: f"{statistics.median(s):.2f} ms ({min(s):.2f}–{max(s):.2f})"
print(f"| a keypress to the redrawn frame, Blocks menu, in process, median of {len(results['none'])} | | {spread(results['none'])} |")
print(f"| a keypress to the redrawn frame through a sandboxed helper, median of {len(results['process'])} | ≤ 2 ms | "
      f"{spread(results['process'])} |")
print(f"| helper − in process, medians | | {statistics.median(results['process']) - statistics.median(results['none']):.2f} ms |")
