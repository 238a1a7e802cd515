#!/usr/bin/env python3
"""Writes the seeds of the HelperWire and HelperScreenFrame fuzz targets: small valid streams of what a
plugin's helper sends (and, for HelperWire's reader 3, what strata sends it), in the formats of
Core/Host/Isolation (HelperWire, HelperScreenFrame, HelperFetch, HelperSocketRequest, HelperFileAsk, ...),
and a few that each reader must refuse. Run from anywhere: python3 Fuzz/HelperWire/make-seeds.py"""
import json, os, struct

here = os.path.dirname(os.path.abspath(__file__))
wire_corpus = os.path.join(here, "corpus")
screen_corpus = os.path.join(os.path.dirname(here), "HelperScreenFrame", "corpus")

KIND = dict(hello=1, refused=2, run=3, output=4, error=5, exit=6, cancel=7, screen=11, frame=12,
            streamOpen=13, streamHead=14, streamChunk=15, streamEnd=16, streamAck=17, streamCancel=18,
            socketOpen=19, socketAnswer=20, fileAsk=21, fileAnswer=22, completeAsk=23, completeAnswer=24)
VERSION = 7


def frame(kind, payload=b""):
    if isinstance(payload, str):
        payload = payload.encode()
    return struct.pack(">I", len(payload) + 1) + bytes([KIND[kind] if isinstance(kind, str) else kind]) + payload


def number(value):
    return struct.pack(">I", value & 0xFFFFFFFF)


def versions(lowest, highest):
    """A HelperVersions payload: the range an end speaks."""
    return number(lowest) + number(highest)


def hello(version, load=1500, register=250, speaks=(6, VERSION)):
    """A HelperHello payload: the version, the times in microseconds, and from version 7 the range (none: None)."""
    out = number(version) + struct.pack(">QQ", load, register)
    return out if speaks is None else out + versions(*speaks)


def js(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def style(flags=0, fg=0, bg=0):
    def color(c):
        return bytes([10]) + bytes(c) if isinstance(c, tuple) else bytes([c])
    return bytes([flags]) + color(fg) + color(bg)


def screen(header, rows, pictures=()):
    """A HelperScreenFrame payload: the header's length, its JSON, then each row's runs, then the pictures
    (placement(...)), as many as the header says."""
    full = dict(sequence=0, path=[], help=[], keys=[], isAnimating=False, bells=0, width=0, height=0)
    full.update(header)
    if pictures:
        full["pictures"] = len(pictures)
    body = js(full)
    out = struct.pack(">I", len(body)) + body
    for runs in rows:
        out += struct.pack(">H", len(runs))
        for st, text in runs:
            raw = text.encode()
            out += st + struct.pack(">H", len(raw)) + raw
    return out + b"".join(pictures)


def placement(column, row, width, height, id, pixels=None):
    """A picture a frame places: its cells, the helper's id, then its size in pixels and its RGB pixels
    (pixels: (width, height)), or 0 x 0 for one strata holds from the frame before."""
    out = struct.pack(">HHHHI", column, row, width, height, id)
    if pixels is None:
        return out + struct.pack(">HH", 0, 0)
    w, h = pixels
    return out + struct.pack(">HH", w, h) + bytes((i * 37) % 256 for i in range(w * h * 3))


screens = {
    "empty.frame": screen({}, []),
    "timers.frame": screen(
        dict(sequence=3, result="handled", path=["Blocks", "Timers"], help=[["q", "quit"], ["↑↓", "move"]],
             keys=[["q", "quit"], ["↑↓", "move"], ["Enter", "open"]], leavingQuestion="Leave Blocks?", isAnimating=True,
             bells=1, width=12, height=3),
        [[(style(), "  "), (style(1, 2), "ok"), (style(8, 0, 4), " 12:00")],
         [(style(4, (255, 128, 0), (0, 0, 40)), "日本語 ✓")],
         []]),
    "failure.frame": screen(dict(sequence=1, failure="found no screens in the plugin"), []),
    "exit.frame": screen(dict(sequence=7, result="exit", width=1, height=1), [[(style(15, 9, 10 and (1, 2, 3)), "x")]]),
    "hostile.frame": screen(
        dict(sequence=0, path=["\u001b]0;title\u0007Blocks", "\u202eevil"], help=[["\u009b31m", "\u001b[2Jclear"]],
             keys=[["\r", "\n"]], leavingQuestion="\u001bP1;2q\u001b\\?", failure=None, width=4, height=2),
        [[(style(), "\u001b[31mred\u0085")], [(style(2), "e\u0301\u200d👩‍💻")]]),
    "largest.frame": screen(dict(width=300, height=120), [[(style(), "#" * 300)]] + [[] for _ in range(119)]),
    # A poster sent, a thumbnail sent and placed twice, and a picture placed by an id strata holds.
    "pictures.frame": screen(dict(sequence=2, width=12, height=4), [[], [(style(), "Fight Club")], [], []],
                             [placement(0, 0, 4, 4, 1, (6, 9)), placement(5, 0, 2, 1, 2, (4, 2)), placement(5, 2, 2, 1, 2),
                              placement(8, 3, 1, 1, 7)]),
}
# The frames of a session in which pictures are sent, placed again by id, and one placed by an id never sent.
picture_frames = [screen(dict(width=12, height=4), [[], [], [], []], [placement(0, 0, 4, 4, 1, (6, 9)), placement(5, 0, 2, 1, 2, (4, 2))]),
                  screen(dict(width=12, height=4), [[], [], [], []], [placement(0, 0, 4, 4, 1), placement(5, 1, 2, 1, 2)]),
                  screen(dict(width=12, height=4), [[], [], [], []], [placement(0, 0, 4, 4, 1)]),
                  screen(dict(width=12, height=4), [[], [], [], []], [placement(5, 0, 2, 1, 2)])]

fetch = dict(id=1, url="https://api.example.org/v1/items?q=1", method="GET", headers={"Accept": "application/json"},
             timeout=30, maxResponseBytes=1048576)
fetch_chosen = dict(id=2, url="http://127.0.0.1:8080/upload", method="POST",
                    headers={"Authorization": "Bearer sk-fuzz-0123456789", "X-Trace": "1"},
                    body="c2stZnV6ei0wMTIzNDU2Nzg5", timeout=5, maxResponseBytes=-1)
fetch_undeclared = dict(id=3, url="https://elsewhere.example.com/", method="GET", headers={}, timeout=1e308,
                        maxResponseBytes=9223372036854775807)
sockets = [dict(id=1, endpoint="connect", host="example.org", port=443, timeout=5),
           dict(id=2, endpoint="listen", host="127.0.0.1", port=8080, timeout=0),
           dict(id=3, endpoint="connect", host="10.0.0.5", port=22, timeout=-1)]
ask = dict(id=1, path="~/tracks/lake.gpx", purpose="the track to show\non the map", extensions=["gpx", "GPX"])
ask_relative = dict(id=2, path="../a/./b/../notes.txt", purpose="", extensions=[])


def texts(*values):
    """A count and that many length-prefixed texts (HelperRequest's words, positionals, values, flags)."""
    return number(len(values)) + b"".join(number(len(v.encode())) + v.encode() for v in values)


def routed(positionals, options, flags):
    """The parse of a routed command line (wire version 9), after the path's length: positionals, each option
    with its values, flags."""
    out = texts(*positionals) + number(len(options))
    for name, values in options.items():
        out += number(len(name.encode())) + name.encode() + texts(*values)
    return out + texts(*flags)


def helper_stream(reader, read_size, *frames):
    return bytes([reader, read_size - 1]) + b"".join(frames)


wire = {
    # 0: the handshake, then a command.
    "handshake-command.bin": helper_stream(0, 256, frame("hello", hello(VERSION)), frame("output", "hello\n"),
                                           frame("error", "warning: \u001b[31mred\u001b[0m\n"), frame("exit", number(0))),
    "handshake-refused.bin": helper_stream(0, 7, frame("refused", "this kernel has no Landlock, so the plugin can't be sandboxed")),
    "handshake-old-version.bin": helper_stream(0, 1, frame("hello", number(4))),
    # A helper of version 6 (no range), one with no version in common, one that didn't take the highest both speak.
    "handshake-version-6.bin": helper_stream(0, 5, frame("hello", hello(6, speaks=None)), frame("exit", number(0))),
    "handshake-no-common.bin": helper_stream(0, 256, frame("hello", hello(0, 0, 0, speaks=(10, 11)))),
    "handshake-not-highest.bin": helper_stream(0, 256, frame("hello", hello(6, speaks=(6, 7)))),
    # 1: a command under way.
    "command-output.bin": helper_stream(1, 3, frame("output", "line 1\nline 2\r\n"), frame("output", "\r50%\u001b[K"),
                                        frame("output", "\u0007"), frame("error", b"\xff\xfe not UTF-8"), frame("exit", number(0xFFFFFFFF))),
    "command-http.bin": helper_stream(1, 64, frame("streamOpen", js(fetch)), frame("streamAck", number(1) + number(16384)),
                                      frame("streamCancel", number(1)), frame("streamOpen", js(fetch_chosen)),
                                      frame("streamOpen", js(fetch_undeclared)), frame("exit", number(2))),
    "command-stream-acks.bin": helper_stream(1, 256, frame("streamOpen", js(fetch)),
                                             *[frame("streamAck", number(1) + number(16384)) for _ in range(5)],
                                             frame("streamOpen", js(dict(fetch, id=2, url="https://a.example.net/x"))),
                                             frame("streamAck", number(2) + number(0xFFFFFFFF)), frame("streamCancel", number(2)),
                                             frame("streamAck", number(1) + number(65536)), frame("exit", number(0))),
    # A key in a header's name, to a host only the user chose (HelperNetwork checks the values; README.md).
    "command-key-in-header-name.bin": helper_stream(1, 256, frame("streamOpen", js(dict(
        id=1, url="http://127.0.0.1:8080/", method="GET", headers={"X-sk-fuzz-0123456789": "1"}, timeout=5, maxResponseBytes=1000)))),
    # The key with a combining mark after it (one Character with its last, so a Character's search missed it), in a
    # header to a host only the user chose, and in a path asked for (the audit file): found by hand, fixed (README.md).
    "command-key-combining.bin": helper_stream(1, 256, frame("streamOpen", js(dict(
        id=1, url="http://127.0.0.1:8080/", method="GET", headers={"Authorization": "Bearer sk-fuzz-0123456789\u0301"}, timeout=5,
        maxResponseBytes=1000)))),
    "screen-ask-key-combining.bin": helper_stream(2, 256, frame("fileAsk", js(dict(
        id=1, path="~/sk-fuzz-0123456789\u0301.gpx", purpose="x", extensions=["gpx"])))),
    "command-sockets.bin": helper_stream(1, 200, *[frame("socketOpen", js(s)) for s in sockets], frame("exit", number(1))),
    "command-out-of-turn.bin": helper_stream(1, 256, frame("frame", screens["empty.frame"])),
    "exit-without-code.bin": helper_stream(1, 256, frame("exit", b"\x00\x01")),
    # 2: a screen session.
    "screen-pictures.bin": helper_stream(2, 256, *[frame("frame", payload) for payload in picture_frames]),
    "screen-frames.bin": helper_stream(2, 256, frame("frame", screens["timers.frame"]), frame("frame", screens["hostile.frame"]),
                                       frame("frame", screens["empty.frame"])),
    "screen-asks.bin": helper_stream(2, 32, frame("fileAsk", js(ask)), frame("fileAsk", js(ask_relative)), frame("fileAsk", js(ask)),
                                     frame("fileAsk", js(ask)), frame("fileAsk", js(dict(ask, id=9)))),
    "screen-requests.bin": helper_stream(2, 100, frame("streamOpen", js(fetch)), frame("socketOpen", js(sockets[0])),
                                         frame("frame", screens["failure.frame"])),
    # Tab in a path field: the first ask is listed (the fuzzer's working directory, the repository), the others not.
    "screen-completion.bin": helper_stream(2, 64, frame("completeAsk", js(dict(id=1, typed="Fuzz/", extensions=["swift"]))),
                                           frame("completeAsk", js(dict(id=2, typed="", extensions=[]))),
                                           frame("completeAsk", js(dict(id=3, typed="~/../.x", extensions=["gpx"])))),
    "screen-completion-root.bin": helper_stream(2, 256, frame("completeAsk", js(dict(id=7, typed="/", extensions=[])))),
    # Frames the wire refuses.
    "unknown-kind.bin": helper_stream(1, 256, frame(99, b"?")),
    "empty-frame.bin": helper_stream(1, 256, b"\x00\x00\x00\x00"),
    "too-large.bin": helper_stream(1, 256, b"\x00\x10\x00\x02\x04"),
    # 3: what strata sends, read by the helper.
    "to-helper.bin": helper_stream(
        3, 256, frame("hello", number(6)), frame("hello", versions(6, VERSION)),
        frame("run", bytes([3]) + number(3) + number(7) + b"running" + number(5) + b"track" + number(16) + b"--track=lake.gpx"
              + js([dict(index=2, prefix="--track=", name="lake.gpx")])),
        frame("run", bytes([1]) + number(1) + number(4) + b"help"),
        # Version 9: the command routed and parsed by strata (flag 4), with its files, and without.
        frame("run", bytes([7]) + texts("running", "import", "--track=lake.gpx", "--json", "--", "-x") + number(2)
              + routed(["-x"], {"--track": ["lake.gpx"], "--page": ["1", "2"]}, ["--json"])
              + js([dict(index=2, prefix="--track=", name="lake.gpx")])),
        frame("run", bytes([4]) + texts("movies", "search", "héat") + number(2) + routed(["héat"], {}, [])),
        frame("cancel"),
        frame("streamHead", js(dict(id=1, status=200, headers={"Content-Type": "text/plain"}))),
        frame("streamChunk", number(1) + b"hello"),
        frame("streamEnd", js(dict(id=1, status=200, headers={}))),
        frame("streamHead", js(dict(id=2, status=0, headers={}, failure="api.example.org is not declared"))),
        frame("socketAnswer", js(dict(id=1))),
        frame("socketAnswer", js(dict(id=2, failure="system", text="connect", code=111))),
        frame("screen", js(dict(sequence=1, action="key", key="c:q", context=dict(width=80, height=24, frame=0, colors=True,
                                                                                   pictures=False, cellWidth=8, cellHeight=16, trueColor=True)))),
        frame("screen", js(dict(sequence=2, action="key", key="p:pasted text", context=dict(width=300, height=120, frame=9, colors=False,
                                                                                            pictures=True, cellWidth=1, cellHeight=1000, trueColor=False)))),
        frame("fileAnswer", js(dict(id=1, path="/home/fuzz/tracks/lake.gpx"))),
        frame("fileAnswer", js(dict(id=2, path="/x", refusal={"denied": {}}))),
        frame("fileAnswer", js(dict(id=3, path="/x", refusal={"unreadable": {"_0": "no such file"}}))),
        frame("fileAnswer", js(dict(id=4, path="/x", refusal={"tooLarge": {"_0": 268435456}}))),
        frame("completeAnswer", js(dict(id=1, paths=["Fuzz/", "Fuzz/run"])))),
    # The helper's handshake with a strata of version 6 (no range beside the opening), and with one it has none in common.
    "to-helper-rangeless.bin": helper_stream(3, 256, frame("hello", number(6))),
    "to-helper-no-common.bin": helper_stream(3, 1, frame("hello", number(6)), frame("hello", versions(10, 12)), frame("cancel")),
}

for folder, seeds in ((wire_corpus, wire), (screen_corpus, screens)):
    os.makedirs(folder, exist_ok=True)
    for name, data in seeds.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
    print(f"{len(seeds)} seeds in {os.path.relpath(folder)}")
