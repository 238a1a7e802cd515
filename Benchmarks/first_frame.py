#!/usr/bin/env python3
"""Time from exec to the home screen's first complete frame of the interactive app, in a real pseudo-terminal.

Usage: first_frame.py RUNS STRATA [ARGS...]  -> prints "median min max" in milliseconds.
The frame counts as drawn when the key help's last item ("quit") has been written to the terminal; then `q`
is sent and the app must exit 0. The app runs as a user starts it, supervisor included.
"""
import fcntl, os, pty, select, statistics, struct, sys, termios, time

def one(argv):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen, elapsed = b"", None
    deadline = start + 10
    while elapsed is None and time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            seen += os.read(fd, 65536)
            if b"quit" in seen:
                elapsed = (time.perf_counter() - start) * 1000
    os.write(fd, b"q")
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    if elapsed is None:
        sys.exit(f"no home screen within 10 s; the terminal showed: {seen[-400:]!r}")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the app exited with {os.waitstatus_to_exitcode(status)} after q")
    return elapsed

runs, argv = int(sys.argv[1]), sys.argv[2:]
one(argv)  # warm the page cache
times = [one(argv) for _ in range(runs)]
print(f"{statistics.median(times):.2f} {min(times):.2f} {max(times):.2f}")
