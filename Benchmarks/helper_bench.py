"""Plugin helpers (Core/Host/Isolation): the Markdown rows of RESULTS.md's section 7.

  python3 helper_bench.py STRATA   # a release build's strata, with libStrataFixtureHostile.so beside it

One message round trip: starts `strata __helper hostile <this pid>` with its socket on descriptor 3, as strata
does, shakes hands, then sends `hostile echo hi` as a `run` frame 2,000 times (after 200 to warm up) and
times each from the send to the `exit` frame: a request in, the helper's dispatch and one trivial command, its
output and exit code out. `blocks list` through a helper against in process: whole processes with hyperfine,
interleaved in 30 pairs (the ratio is the median of the pairs' ratios), on the same database.
"""
import json
import os
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_bench import hyperfine  # noqa: E402

HELLO, REFUSED, RUN, OUTPUT, ERROR, EXIT = 1, 2, 3, 4, 5, 6
VERSION = 2  # HelperWire.version


def send(sock, kind, payload=b""):
    sock.sendall(struct.pack(">IB", len(payload) + 1, kind) + payload)


def receive(sock):
    header = b""
    while len(header) < 5:
        chunk = sock.recv(5 - len(header))
        if not chunk:
            raise EOFError("the helper closed its socket")
        header += chunk
    length, kind = struct.unpack(">IB", header)
    payload = b""
    while len(payload) < length - 1:
        payload += sock.recv(length - 1 - len(payload))
    return kind, payload


def round_trip(strata, config, data, plugin, words):
    """Median, min and max µs of one run → exit exchange with a started helper."""
    host, helper = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    child = subprocess.Popen([strata, "--config", config, "--data-dir", data, "__helper", plugin, str(os.getpid())],
                             pass_fds=(3, helper.fileno()), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, preexec_fn=lambda: os.dup2(helper.fileno(), 3))
    helper.close()
    send(host, HELLO, struct.pack(">I", VERSION))
    kind, payload = receive(host)
    if kind != HELLO:
        sys.exit(f"the helper refused: {payload.decode()}")
    request = json.dumps({"words": words, "isTerminal": False}).encode()
    samples = []
    for index in range(2200):
        start = time.perf_counter_ns()
        send(host, RUN, request)
        while receive(host)[0] != EXIT:
            pass
        if index >= 200:
            samples.append((time.perf_counter_ns() - start) / 1000)
    host.close()
    child.wait()
    return statistics.median(samples), min(samples), max(samples)


def main():
    strata = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp()
    try:
        os.chmod(folder, 0o755)
        plugins, data = os.path.join(folder, "plugins"), os.path.join(folder, "data")
        os.mkdir(plugins)
        shutil.copy(os.path.join(os.path.dirname(strata), "libStrataFixtureHostile.so"), os.path.join(plugins, "libHostilePlugin.so"))
        configs = {}
        for mode in ("process", "none"):
            configs[mode] = os.path.join(folder, f"{mode}.json")
            with open(configs[mode], "w") as file:
                json.dump({"pluginDirectories": [plugins, os.path.dirname(strata)],
                           "features": {"hostile": {"isolation": mode}, "blocks": {"isolation": mode}}}, file)
        median, low, high = round_trip(strata, configs["process"], data, "hostile", ["hostile", "echo", "hi"])
        command = lambda mode: [strata, "--config", configs[mode], "--data-dir", data, "blocks", "list"]
        subprocess.run(command("none")[:-1] + ["add", "Deep", "work", "--hours", "4"], stdout=subprocess.DEVNULL, check=True)
        hyperfine([command("none"), command("process")], runs=2, warmup=2)
        alone, helped = [], []
        for _ in range(30):
            (a,), (h,) = hyperfine([command("none"), command("process")], runs=1)
            alone.append(a * 1000)
            helped.append(h * 1000)
        ratios = [h / a for a, h in zip(alone, helped)]
        spread = lambda s, unit: f"{statistics.median(s):.{1 if unit == 'µs' else 2}f} {unit} ({min(s):.1f}–{max(s):.1f})"
        print("| measure | goal | result |")
        print("|---|---|---|")
        print(f"| one message round trip (`run` → `exit`, a trivial command), median of 2,000 | ≤ 50 µs | {median:.1f} µs ({low:.1f}–{high:.1f}) |")
        print(f"| `blocks list` in process | | {spread(alone, 'ms')} |")
        print(f"| `blocks list` through a sandboxed helper | | {spread(helped, 'ms')} |")
        print(f"| helper ÷ in process, median of 30 pairs | ≤ 2× | {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}) |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
