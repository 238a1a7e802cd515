#!/usr/bin/env python3
"""Edit -> new code on screen under `strata dev`, in a real pseudo-terminal.

Usage: dev_loop.py EDITS STRATA  -> prints "median min max" in seconds, and the first build's seconds.
Scaffolds a plugin with `strata plugins new`, starts `strata dev` on it and opens its screen, then EDITS times
saves a new title string into the screen's source and waits until that string has been written to the terminal:
inotify, `swift build` (incremental, debug), staging the library, restarting the app and its first frame of the
plugin's screen, all included. Each edit waits for the previous one to be on screen.
"""
import fcntl, os, pty, select, shutil, statistics, struct, subprocess, sys, tempfile, termios, time

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

    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", XDG_STATE_HOME=os.path.join(work, "state"))
        os.execv(strata, [strata, "--config", config, "--data-dir", os.path.join(work, "data"), "dev", package])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""

    def wait_for(text, seconds):
        global seen
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                seen += os.read(fd, 65536)
                if text in seen:
                    seen = b""
                    return
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
    os.write(fd, b"\x1bq")
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    print(f"{statistics.median(times):.1f} {min(times):.1f} {max(times):.1f} {first_build:.0f}")
finally:
    shutil.rmtree(work, ignore_errors=True)
