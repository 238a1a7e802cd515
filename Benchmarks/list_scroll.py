#!/usr/bin/env python3
"""Scrolling the Movies list end to end, with and without poster thumbnails, in a real pseudo-terminal.

Usage: list_scroll.py RUNS STRATA [ISOLATION [TERMINAL...]]  -> two lines per terminal: the median and min of the time to move the
selection from the first of 20 results to the last ("down": 19 presses of j sent at once, then ?, until the
keys dialog is drawn: a frame for each key, in order) and back ("up", k, every thumbnail then in memory),
the CPU time the app used meanwhile (its process and the supervisor's, from /proc: less swayed by other load
than the wall clock; 10 ms ticks), and the bytes it wrote.

A loopback server stands in for TMDB: a search answered with 20 movies, each with a poster, each served as
libjpeg-turbo's test picture (Tests/Fixtures/Data/images; the repository has no real posters) decoding a little
brighter or darker than the others, so that every row has a picture of its own. Each run has a
fresh data folder, so the thumbnails come from the server, not the disk cache; the timing starts once the
first screen's thumbnails have arrived (the app has written nothing for 0.5 s); "down" includes loading those
of the rows scrolled into view. Terminals:
  kitty       TERM=xterm-kitty, 80x24 cells of 9x20 pixels: thumbnails through the kitty graphics protocol
  halfblocks  TERM=xterm-256color COLORTERM=truecolor: a half-block thumbnail column
  text        TERM=xterm-256color: no thumbnails (text as before)
ISOLATION is where Movies runs, `none` (strata's process, the default) or `process` (its sandboxed helper, whose
frames carry the thumbnails); TERMINALS, those to run (all three by default).
"""
import fcntl, http.server, json, os, pathlib, select, signal, statistics, struct, sys, tempfile, termios, threading, time
import pty_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSTER = (ROOT / "Tests/Fixtures/Data/images/testorig.libjpeg-turbo.jpg").read_bytes()


def poster(index):
    """The test picture with the first quantization table's DC step changed by `index`: a JPEG that decodes to
    other pixels (brighter or darker), so that each row's thumbnail is a picture of its own."""
    table = POSTER.index(b"\xff\xdb") + 5
    data = bytearray(POSTER)
    data[table] = (data[table] + index) % 255 + 1
    return bytes(data)


POSTERS = {f"/p{index}.jpg": poster(index) for index in range(20)}
PAGE = json.dumps({"page": 1, "total_pages": 1, "total_results": 20, "results": [
    {"id": i, "title": f"Movie {i}", "overview": "", "release_date": "1999-10-15", "poster_path": f"/p{i}.jpg"}
    for i in range(20)]}).encode()


class TMDB(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/3/search/movie"):
            body, kind = PAGE, "application/json"
        else:  # /t/p/w92/p<i>.jpg
            body, kind = POSTERS.get(self.path[self.path.rindex("/"):], POSTER), "image/jpeg"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # a thumbnail whose row scrolled away: strata cancelled it

    def log_message(self, *arguments):
        pass


TERMINALS = {
    "kitty": ({"TERM": "xterm-kitty"}, (720, 480)),
    "halfblocks": ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, (0, 0)),
    "text": ({"TERM": "xterm-256color", "COLORTERM": ""}, (0, 0)),
}


def one(strata, base, terminal, isolation):
    environment, (xpixel, ypixel) = TERMINALS[terminal]
    with tempfile.TemporaryDirectory(prefix="strata-scroll-", ignore_cleanup_errors=True) as folder:
        config = pathlib.Path(folder, "strata.json")
        config.write_text(json.dumps({"features": {"gpt": {"enabled": False}, "movies": {"isolation": isolation, "settings": {
            "source": "tmdb", "baseURL": base, "imagesBaseURL": base}}}}))
        # A v4 token goes in a header, which a helper may send to the host the config chose (a v3 key, in the
        # address, only strata's process sends there).
        pid, fd = pty_app.start([strata, "--config", str(config), "--data-dir", folder + "/data"],
                                dict(environment, TMDB_API_KEY="eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJzdHJhdGEifQ.c2lnbmF0dXJl", NO_COLOR=""))
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, xpixel, ypixel))
        found, seen = read_until(fd, b"quit", terminal)
        for _ in range(6):  # down to Movies
            if b"\xe2\x80\xba Movies" in seen:
                break
            os.write(fd, b"j")
            found, seen = read_until(fd, b"\xe2\x80\xba ", terminal)
        os.write(fd, b"\r")
        found, seen = read_until(fd, b"Search", terminal)
        os.write(fd, b"the\r")
        found, seen = read_until(fd, b"1 of 20", terminal)
        settle(fd)  # the thumbnails of the first screen arrive: the scrolling is timed from a still screen
        down = timed(fd, pid, b"j", terminal)
        os.write(fd, b"\x1b")  # the keys dialog closes
        settle(fd)
        up = timed(fd, pid, b"k", terminal)
        os.kill(pid, signal.SIGTERM)  # the keys dialog is open: end the app as a closed terminal would
        try:
            while os.read(fd, 65536):
                pass
        except OSError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
        return down, up


def read_until(fd, text, terminal):
    """pty_app.read_until, ending the benchmark with what the terminal showed if `text` doesn't come."""
    try:
        found, seen = pty_app.read_until(fd, text, 10)
    except OSError:
        found, seen = False, b"(the app ended)"
    if not found:
        sys.exit(f"{terminal}: waited for {text!r}; the terminal showed: {seen[-600:]!r}")
    return found, seen


def timed(fd, pid, key, terminal):
    """19 presses of `key` at once, as a held key sends them, then ?, whose dialog ("these keys") comes after
    the 19 frames (the app draws a frame after each key, in order): (ms, CPU ms, bytes written)."""
    start, cpu = time.perf_counter(), cpu_seconds(pid)
    os.write(fd, key * 19 + b"?")
    found, seen = read_until(fd, b"these keys", terminal)
    return (time.perf_counter() - start) * 1000, (cpu_seconds(pid) - cpu) * 1000, len(seen)


def cpu_seconds(pid):
    """The CPU time (user + system) of `pid` and its children so far: the app runs under a supervisor."""
    total, pending = 0, [pid]
    while pending:
        process = pending.pop()
        with open(f"/proc/{process}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        with open(f"/proc/{process}/task/{process}/children") as children:
            pending += [int(child) for child in children.read().split()]
    return total


def settle(fd, quiet=0.5, limit=10):
    """Reads what the app writes until it has written nothing for `quiet` seconds (at most `limit`)."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return
        os.read(fd, 65536)


runs, strata = int(sys.argv[1]), sys.argv[2]
isolation = sys.argv[3] if len(sys.argv) > 3 else "none"
pty_app.plain_terminal()  # the terminal is the one each run describes
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TMDB)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"
for terminal in sys.argv[4:] or TERMINALS:
    one(strata, base, terminal, isolation)  # warm the page cache
    results = [one(strata, base, terminal, isolation) for _ in range(runs)]
    for name, index in (("down", 0), ("up", 1)):
        passes = [result[index] for result in results]
        print(f"{terminal:11} {name:5} {statistics.median(p[0] for p in passes):7.1f} ms median, "
              f"{min(p[0] for p in passes):7.1f} min, {statistics.median(p[1] for p in passes):5.0f} ms CPU median, "
              f"{statistics.median(p[2] for p in passes):7.0f} bytes written")
