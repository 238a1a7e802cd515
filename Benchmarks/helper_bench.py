"""Plugin helpers (Core/Host/Isolation): the Markdown rows of RESULTS.md's section 7.

  python3 helper_bench.py STRATA            # a release build's strata, with libStrataFixtureHostile.so beside it
  python3 helper_bench.py STRATA BASELINE   # round trips only, interleaved with another build's (5 rounds each)

One message round trip: starts the helper, `strata __helper-sandboxed hostile <this pid>` with its socket on
descriptor 3 and the config strata would write for it (strata removes its own once the helper has read it), as strata
does but without the kernel sandbox (which only strata's child can apply), shakes hands (in the version
the build speaks: a helper that refuses another names its own), then sends
`hostile echo hi` as a `run` frame 2,000 times (after 200 to warm up) and times each from the send to the
`exit` frame: a request in, the helper's dispatch and one trivial command, its output and exit code out. The
loop that sends and times is C (`wire_trip.c`, compiled here with the toolchain's clang), so that the
interpreter's own cost stays out of it. The floor: the same loop against a forked C process that answers
each `run` with an `output` and an `exit` frame at once (what the wire, the kernel and the loop cost). `blocks list` through a helper against in process: whole
processes with hyperfine, interleaved in 30 pairs (the ratio is the median of the pairs' ratios), on the same
database; then the CPU (user + system, hyperfine's means over 20 runs) and `perf stat` (20
runs, the helper included: task-clock and page faults) of each.
"""
import json
import os
import re
import shlex
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_bench import hyperfine  # noqa: E402

HELLO, REFUSED, RUN = 1, 2, 3
# The opening hello every build since wire version 6 reads (HelperHandshake.opening; a build of version 7 or
# later takes a lone one as a strata of version 6, and speaks 6, whose frames after the handshake are 7's); a
# build that speaks another says which, and is asked again in it.
VERSION = 6


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


WIRE_TRIP = None


def wire_trip():
    """`wire_trip.c` compiled (once, into a temporary folder): the C loop that sends and times."""
    global WIRE_TRIP
    if WIRE_TRIP is None:
        folder = tempfile.mkdtemp()
        WIRE_TRIP = os.path.join(folder, "wire_trip")
        compiler = shutil.which("clang") or shutil.which("cc")
        subprocess.run([compiler, "-O2", "-o", WIRE_TRIP, os.path.join(os.path.dirname(os.path.abspath(__file__)), "wire_trip.c")], check=True)
    return WIRE_TRIP


def exchange(host, request):
    """µs of each of 2,000 run → exit exchanges over `host` (after 200 to warm up), timed by the C loop."""
    output = subprocess.run([wire_trip(), "2000", "200", request.hex()], pass_fds=(3, host.fileno()), check=True,
                            stdout=subprocess.PIPE, preexec_fn=lambda: os.dup2(host.fileno(), 3)).stdout
    return [float(line) for line in output.split()]


def helper(strata, visible, data, plugin, version):
    """A started helper of `plugin` (reading config `visible`) that shook hands speaking `version`: its socket
    and process, or the version it speaks when it refused another (it says so)."""
    host, helper = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    child = subprocess.Popen([strata, "--config", visible, "--data-dir", data, "__helper-sandboxed", plugin, str(os.getpid())],
                             pass_fds=(3, helper.fileno()), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, preexec_fn=lambda: os.dup2(helper.fileno(), 3))
    helper.close()
    send(host, HELLO, struct.pack(">I", version))
    kind, payload = receive(host)
    if kind == HELLO:
        return host, child
    host.close()
    child.wait()
    spoken = re.search(r"speaks (?:wire )?versions? (\d+)", payload.decode())
    if not spoken:
        sys.exit(f"the helper refused: {payload.decode()}")
    return int(spoken.group(1))


def request(words, version):
    """A `run` frame's payload: JSON up to version 3; since version 4 a flags byte (0: not a terminal, no
    files), the number of words as 4 big-endian bytes, and each word as its 4-byte length and UTF-8
    (HelperRequest.payload)."""
    if version < 4:
        return json.dumps({"words": words, "isTerminal": False}).encode()
    encoded = [word.encode() for word in words]
    return bytes([0]) + struct.pack(">I", len(encoded)) + b"".join(struct.pack(">I", len(word)) + word for word in encoded)


def round_trip(strata, config, data, plugin, words):
    """µs of each run → exit exchange with a started helper, in the wire version its build speaks."""
    subprocess.run([strata, "--config", config, "--data-dir", data] + words, stdout=subprocess.DEVNULL, check=True)
    # What HelperServer.visibleConfig gives a helper: its plugin's folder, and the plugin in its process.
    visible = os.path.join(os.path.dirname(config), "helper.json")
    with open(visible, "w") as file:
        json.dump({"pluginDirectories": [os.path.join(os.path.dirname(config), "plugins")],
                   "features": {plugin: {"settings": {}, "isolation": "none"}}}, file)
    version = VERSION
    started = helper(strata, visible, data, plugin, version)
    if isinstance(started, int):
        version = started
        started = helper(strata, visible, data, plugin, version)
    host, child = started
    samples = exchange(host, request(words, version))
    host.close()
    child.wait()
    return samples


def floor():
    """µs of each run → exit exchange with a forked C process that answers at once."""
    output = subprocess.run([wire_trip(), "--floor", "2000", "200", request(["hostile", "echo", "hi"], VERSION).hex()], check=True,
                            stdout=subprocess.PIPE).stdout
    return [float(line) for line in output.split()]


def cpu(command):
    """Mean ms of user + system CPU over 20 runs (hyperfine), and `perf stat`'s mean task-clock ms and page
    faults over 20 runs (the helper included; this machine's perf has no instruction counter)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        subprocess.run(["hyperfine", "-N", "--style", "none", "-w", "2", "-r", "20", "--export-json", export.name, shlex.join(command)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        result = json.load(open(export.name))["results"][0]
    stat = subprocess.run(["perf", "stat", "-x", ",", "-r", "20", "-e", "task-clock,page-faults", "--"] + command,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr
    counted = {line.split(",")[2]: float(line.split(",")[0]) for line in stat.splitlines() if line.count(",") > 3}
    return (result["user"] + result["system"]) * 1000, counted["task-clock"], counted["page-faults"]


def fixture(strata, folder):
    """In `folder`: the Hostile fixture as a drop-in, a config per isolation mode (for it and Blocks), and a
    data folder; answers the configs by mode, and the data folder."""
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
    return configs, data


def main():
    strata = os.path.abspath(sys.argv[1])
    if len(sys.argv) > 2:
        return versus(strata, os.path.abspath(sys.argv[2]))
    folder = tempfile.mkdtemp()
    try:
        configs, data = fixture(strata, folder)
        helper_trip = round_trip(strata, configs["process"], data, "hostile", ["hostile", "echo", "hi"])
        floor_trip = floor()
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
        print(f"| one message round trip (`run` → `exit`, a trivial command), median of 2,000 | ≤ 50 µs | {spread(helper_trip, 'µs')} |")
        print(f"| the same exchange with a C echo process (the wire's and the loop's floor) | | {spread(floor_trip, 'µs')} |")
        print(f"| `blocks list` in process | | {spread(alone, 'ms')} |")
        print(f"| `blocks list` through a sandboxed helper | | {spread(helped, 'ms')} |")
        print(f"| helper ÷ in process, median of 30 pairs | ≤ 2× | {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}) |")
        for mode, name in (("none", "in process"), ("process", "through a sandboxed helper")):
            milliseconds, clock, faults = cpu(command(mode))
            print(f"| `blocks list` {name}: user + system CPU; perf task-clock, page faults (helper included) | | {milliseconds:.1f} ms; {clock:.1f} ms, {faults:.0f} |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def versus(strata, baseline):
    """Round trips of `strata`, of `baseline` and of the C floor, interleaved in 5 rounds: each one's
    median of the rounds' medians, in µs."""
    medians = {strata: [], baseline: [], "floor": []}
    for _ in range(5):
        for build in (strata, baseline):
            folder = tempfile.mkdtemp()
            try:
                configs, data = fixture(build, folder)
                medians[build].append(statistics.median(round_trip(build, configs["process"], data, "hostile", ["hostile", "echo", "hi"])))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        medians["floor"].append(statistics.median(floor()))
    for name, values in medians.items():
        print(f"{name}: {statistics.median(values):.1f} µs (rounds {', '.join(f'{v:.1f}' for v in values)})")


if __name__ == "__main__":
    main()
