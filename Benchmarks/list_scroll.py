#!/usr/bin/env python3
"""Scrolling the Movies list end to end, with and without poster thumbnails, in a real pseudo-terminal.

Usage: list_scroll.py RUNS STRATA  -> one line per terminal: median and min of the time to move the selection
from the first of 20 results to the last (19 presses of j sent at once, then ?, until the keys dialog is
drawn: a frame for each key, in order), and the bytes the app wrote meanwhile.

A loopback server stands in for TMDB: a search answered with 20 movies, each with a poster, all served as
libjpeg-turbo's test picture (Tests/Fixtures/Data/images; the repository has no real posters). Each run has a
fresh data folder, so the thumbnails come from the server, not the disk cache. Terminals:
  kitty       TERM=xterm-kitty, 80x24 cells of 9x20 pixels: thumbnails through the kitty graphics protocol
  halfblocks  TERM=xterm-256color COLORTERM=truecolor: a half-block thumbnail column
  text        TERM=xterm-256color: no thumbnails (text as before)
"""
import fcntl, http.server, json, os, pathlib, signal, statistics, struct, sys, tempfile, termios, threading, time
import pty_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSTER = (ROOT / "Tests/Fixtures/Data/images/testorig.libjpeg-turbo.jpg").read_bytes()
PAGE = json.dumps({"page": 1, "total_pages": 1, "total_results": 20, "results": [
    {"id": i, "title": f"Movie {i}", "overview": "", "release_date": "1999-10-15", "poster_path": f"/p{i}.jpg"}
    for i in range(20)]}).encode()


class TMDB(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body, kind = (PAGE, "application/json") if self.path.startswith("/3/search/movie") else (POSTER, "image/jpeg")
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


def one(strata, base, terminal):
    environment, (xpixel, ypixel) = TERMINALS[terminal]
    folder = tempfile.mkdtemp(prefix="strata-scroll-")
    config = pathlib.Path(folder, "strata.json")
    config.write_text(json.dumps({"features": {"gpt": {"enabled": False}, "movies": {"settings": {
        "source": "tmdb", "baseURL": base, "imagesBaseURL": base}}}}))
    pid, fd = pty_app.start([strata, "--config", str(config), "--data-dir", folder + "/data"],
                            dict(environment, TMDB_API_KEY="0123456789abcdef0123456789abcdef", NO_COLOR=""))
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
    # 19 presses of j at once, as a held key sends them, then ? whose dialog ("these keys") comes after
    # the 19 frames: the app draws a frame after each key, in order.
    start = time.perf_counter()
    os.write(fd, b"j" * 19 + b"?")
    found, seen = read_until(fd, b"these keys", terminal)
    written = len(seen)
    elapsed = (time.perf_counter() - start) * 1000
    os.kill(pid, signal.SIGTERM)  # the keys dialog is open: end the app as a closed terminal would
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed, written


def read_until(fd, text, terminal):
    """pty_app.read_until, ending the benchmark with what the terminal showed if `text` doesn't come."""
    try:
        found, seen = pty_app.read_until(fd, text, 10)
    except OSError:
        found, seen = False, b"(the app ended)"
    if not found:
        sys.exit(f"{terminal}: waited for {text!r}; the terminal showed: {seen[-600:]!r}")
    return found, seen


runs, strata = int(sys.argv[1]), sys.argv[2]
for name in ("TMUX", "STY", "KITTY_WINDOW_ID", "TERM_PROGRAM", "COLORTERM", "NO_COLOR"):
    os.environ.pop(name, None)  # the terminal is the one each run describes
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TMDB)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"
for terminal in TERMINALS:
    one(strata, base, terminal)  # warm the page cache
    results = [one(strata, base, terminal) for _ in range(runs)]
    times = [elapsed for elapsed, _ in results]
    print(f"{terminal:11} {statistics.median(times):7.1f} ms median, {min(times):7.1f} min, "
          f"{statistics.median(written for _, written in results):9.0f} bytes written")
