#!/usr/bin/env python3
"""The first Movies search in a fresh app with Movies in a sandboxed helper: how many are lost (issue #46, E-1).

Usage: first_search.py TRIES STRATA   -> one line: lost of TRIES, and the searches' median (min–max) in ms

A loopback stand-in for TMDB (this script's own HTTP server, answering /3/search/movie with one film) and, for
each try, a fresh data folder holding a search saved by an earlier `strata movies search` (E-1 needed one), then
the app as a user starts it in a fresh 80x24 pseudo-terminal with Movies alone and `"isolation": "process"`:
Enter on Movies, and as soon as its search field is drawn, the query and Enter typed at once, as a script types
them. A try is lost when the film's title isn't on the terminal within 10 s (before the fix: "Movies closed:
plugin movies's helper didn't answer within 5 s", and the query gone). Time: from the query's Enter to the title.
"""
import http.server, json, os, statistics, subprocess, sys, tempfile, threading, time
import pty_app

PAGE = json.dumps({"page": 1, "total_pages": 1, "total_results": 1, "results": [
    {"id": 550, "title": "Fight Club", "overview": "Soap.", "release_date": "1999-10-15", "poster_path": None}]}).encode()
# A v4 read access token: it rides in a header, which a helper may send to the host the config chose.
TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJzdHJhdGEifQ.c2lnbmF0dXJl"


class TMDB(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        found = self.path.startswith("/3/search/movie")
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(PAGE) if found else 0))
        self.end_headers()
        if found:
            self.wfile.write(PAGE)

    def log_message(self, *args):
        pass


def once(strata, base):
    with tempfile.TemporaryDirectory(prefix="strata-search-", ignore_cleanup_errors=True) as folder:
        config = os.path.join(folder, "strata.json")
        with open(config, "w") as file:
            json.dump({"features": {"blocks": {"enabled": False}, "gpt": {"enabled": False}, "running": {"enabled": False},
                                   "movies": {"isolation": "process", "settings": {"source": "tmdb", "baseURL": base}}}}, file)
        environment = {"TMDB_API_KEY": TOKEN, "SWIFT_BACKTRACE": "enable=no", "XDG_STATE_HOME": folder + "/state"}
        command = [strata, "--config", config, "--data-dir", folder + "/data"]
        subprocess.run(command + ["movies", "search", "alien"], env={**os.environ, **environment}, stdout=subprocess.DEVNULL, check=True)
        pid, fd = pty_app.start(command, environment)
        pty_app.expect(fd, b"quit", "the home screen")
        os.write(fd, b"jj")  # Blocks, LuckyVicky, Movies: the disabled ones are listed too
        pty_app.drain(fd, 0.3)
        os.write(fd, b"\r")
        pty_app.expect(fd, b"Search", "Movies")
        os.write(fd, b"fight club")
        start = time.perf_counter()
        os.write(fd, b"\r")
        found, seen = pty_app.read_until(fd, b"Fight Club", 10)
        elapsed = (time.perf_counter() - start) * 1000
        # Esc until the home screen shows (the list, then the search field, may each take one).
        for _ in range(3):
            os.write(fd, b"\x1b")
            if pty_app.read_until(fd, b"quit", 2)[0]:
                break
        pty_app.drain(fd, 0.1)
        pty_app.quit(pid, fd, b"q")
        return found, elapsed, seen


tries, strata = int(sys.argv[1]), sys.argv[2]
pty_app.plain_terminal()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TMDB)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"
lost, times = 0, []
for attempt in range(tries):
    found, elapsed, seen = once(strata, base)
    if found:
        times.append(elapsed)
    else:
        lost += 1
        print(f"try {attempt + 1} lost; the terminal showed: {seen[-300:]!r}", file=sys.stderr)
spread = f"{statistics.median(times):.2f} ({min(times):.2f}–{max(times):.2f}) ms" if times else "none"
print(f"lost {lost} of {tries}; the first search, Enter to the title: {spread}")
