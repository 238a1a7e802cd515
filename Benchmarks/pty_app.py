"""The interactive app in a real pseudo-terminal, for the benchmarks that time what reaches the screen."""
import fcntl, os, pty, select, struct, sys, termios, time


def plain_terminal():
    """Leaves out of this process's environment, and so of every app it starts, what would tell strata it runs
    inside another terminal program (tmux, screen, kitty, …) rather than the plain pseudo-terminal it gets."""
    for name in ("TMUX", "STY", "KITTY_WINDOW_ID", "TERM_PROGRAM", "COLORTERM", "NO_COLOR"):
        os.environ.pop(name, None)


def start(argv, environment):
    """Starts argv on a new 80x24 pseudo-terminal (TERM=xterm-256color) with `environment` added; returns (pid, fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-256color", **environment})  # environment may set TERM
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_until(fd, text, seconds, seen=b""):
    """Reads the terminal until `text` was written or `seconds` passed; returns (found, what was read)."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            seen += os.read(fd, 65536)
            if text in seen:
                return True, seen
    return False, seen


def quit(pid, fd, key):
    """Sends `key`, reads the terminal until the app closes it, and returns the app's exit code."""
    os.write(fd, key)
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def expect(fd, text, label):
    """Reads the terminal until `text` was written (within 10 s), else exits saying what `label` waited for."""
    found, seen = read_until(fd, text, 10)
    if not found:
        sys.exit(f"{label}: waited for {text!r}; the terminal showed: {seen[-400:]!r}")


def drain(fd, quiet):
    """Reads and drops what the terminal writes until it has been still for `quiet` seconds."""
    while select.select([fd], [], [], quiet)[0]:
        os.read(fd, 65536)
