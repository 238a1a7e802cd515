"""HTTP clients, each a whole process of Benchmarks' HTTPBench, against loopback servers started here.

  python3 http_bench.py HTTPBENCH     # prints the Markdown table of section 5

Two measures:
- CPU while waiting: one GET to a server that accepts and never answers, until the client's 5 s idle
  timeout; user + system CPU seconds of the whole process (wait4), median of 3 runs. The floor is a
  blocking socket asleep in recv(2).
- Time per request: 500 sequential GETs of a 1 KiB body over a connection already made (a keep-alive
  server, one thread per connection), median of 5 runs. The floor is HTTP/1.1 by hand on one socket,
  which also says how fast this server answers.
"""
import os
import socket
import statistics
import subprocess
import sys
import threading

CLIENTS = [("Strata (libcurl multi, own loop)", "strata"), ("URLSession (FoundationNetworking)", "urlsession"),
           ("AsyncHTTPClient 1.37.0 (SwiftNIO)", "asynchttpclient"), ("blocking socket (floor)", "raw")]
WAIT_SECONDS = 5
REQUESTS = 500
BODY = b'{"page":1,"results":[' + b",".join(b'{"id":%d,"title":"Dune"}' % i for i in range(40)) + b"]}"


def listener():
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    return server


def serve_forever(server, handle):
    def accept():
        while True:
            connection, _ = server.accept()
            threading.Thread(target=handle, args=(connection,), daemon=True).start()
    threading.Thread(target=accept, daemon=True).start()
    return f"http://127.0.0.1:{server.getsockname()[1]}/3/search/movie"


def keep_alive(connection):
    """Answers every request on the connection with BODY, until the client closes it."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(BODY)
    pending = b""
    with connection:
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        while True:
            while b"\r\n\r\n" not in pending:
                data = connection.recv(65536)
                if not data:
                    return
                pending += data
            _, pending = pending.split(b"\r\n\r\n", 1)
            connection.sendall(head + BODY)


def silent(connection):
    """Reads the request and never answers; the client gives up."""
    with connection:
        while connection.recv(65536):
            pass


def cpu_seconds(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    bench = sys.argv[1]
    fast, quiet = serve_forever(listener(), keep_alive), serve_forever(listener(), silent)
    print(f"| client | CPU s while waiting {WAIT_SECONDS} s, median (min–max) | µs per request, median (min–max) |")
    print("|---|---|---|")
    for label, client in CLIENTS:
        waits = []
        for _ in range(3):
            seconds, _ = cpu_seconds([bench, "wait", client, quiet, str(WAIT_SECONDS)])
            waits.append(seconds)
        requests = []
        for _ in range(5):
            out = subprocess.run([bench, "get", client, fast, str(REQUESTS)], capture_output=True, text=True)
            if out.returncode == 0:
                requests.append(float(out.stdout.strip()))
        wait_text = f"{statistics.median(waits):.2f} ({min(waits):.2f}–{max(waits):.2f})"
        request_text = (f"{statistics.median(requests):.0f} ({min(requests):.0f}–{max(requests):.0f})" if requests
                        else "failed (run HTTPBench get by hand to see why)")
        print(f"| {label} | {wait_text} | {request_text} |")


if __name__ == "__main__":
    main()
