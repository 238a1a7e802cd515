#!/usr/bin/env python3
"""Edit -> new code on screen under `strata dev`, in a real pseudo-terminal.

Usage: dev_loop.py EDITS STRATA  -> prints "median min max" in seconds, and the first build's seconds.
Scaffolds a plugin with `strata plugins new`, starts `strata dev` on it and opens its screen, then EDITS times
saves a new title string into the screen's source and waits until that string has been written to the terminal:
inotify, `swift build` (incremental, debug), staging the library, restarting the app and its first frame of the
plugin's screen, all included. Each edit waits for the previous one to be on screen.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time
import pty_app

edits, strata = int(sys.argv[1]), sys.argv[2]
work = tempfile.mkdtemp(prefix="strata-dev-bench-")
try:
    subprocess.run([strata, "plugins", "new", "Bench", "--path", work], check=True, stdout=subprocess.DEVNULL)
    package = os.path.join(work, "Bench")
    source = os.path.join(package, "Sources/BenchPresentation/BenchScreen.swift")
    os.mkdir(os.path.join(work, "plugins"))
    config = os.path.join(work, "strata.json")
    with open(config, "w") as f:
        f.write('{"pluginDirectories": ["%s"]}' % os.path.join(work, "plugins"))

    pid, fd = pty_app.start([strata, "--config", config, "--data-dir", os.path.join(work, "data"), "dev", package],
                            {"XDG_STATE_HOME": os.path.join(work, "state")})

    def wait_for(text, seconds):
        found, seen = pty_app.read_until(fd, text, seconds)
        if not found:
            sys.exit(f"no {text!r} on screen within {seconds} s; the terminal showed: {seen[-400:]!r}")

    started = time.perf_counter()
    wait_for(b"quit", 900)
    first_build = time.perf_counter() - started
    os.write(fd, b"\r")
    wait_for(b"Who should be greeted?", 30)
    previous, times = "Who should be greeted?", []
    for n in range(edits):
        title = f"Edit number {n} on screen"
        with open(source) as f:
            text = f.read()
        start = time.perf_counter()
        with open(source, "w") as f:
            f.write(text.replace(previous, title))
        wait_for(title.encode(), 300)
        times.append(time.perf_counter() - start)
        previous = title
    pty_app.quit(pid, fd, b"\x1bq")
    print(f"{statistics.median(times):.1f} {min(times):.1f} {max(times):.1f} {first_build:.0f}")
finally:
    shutil.rmtree(work, ignore_errors=True)
