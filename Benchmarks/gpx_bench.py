"""GPX side of the benchmark: builds large tracks from a real one and reports hyperfine's timings of them.

  python3 gpx_bench.py make SOURCE.gpx OUT.gpx [POINTS]   # interpolate SOURCE's points up to POINTS
  python3 gpx_bench.py length FILE.gpx                     # gpxpy: parse + length_2d, prints metres
  python3 gpx_bench.py compare FILE.gpx RUNS STRATA [ARGS...]
      # strata running track, xmllint --stream (the floor), gpxpy and gpsbabel on FILE as whole processes
      # (hyperfine), with each one's peak memory and the lengths compared: a Markdown table
"""
import json
import shutil
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET

from process_bench import hyperfine


def make(source, out, points=100_000):
    ns = {"g": "http://www.topografix.com/GPX/1/1"}
    tree = ET.parse(source)
    root = tree.getroot()
    uri = root.tag[1:].split("}")[0] if root.tag.startswith("{") else ""
    ns = {"g": uri} if uri else {}
    q = (lambda t: f"g:{t}") if uri else (lambda t: t)
    real = [(float(p.get("lat")), float(p.get("lon"))) for p in root.iter(f"{{{uri}}}trkpt" if uri else "trkpt")]
    steps = max(1, -(-points // max(1, len(real) - 1)))
    coords = []
    for (a_lat, a_lon), (b_lat, b_lon) in zip(real, real[1:]):
        for k in range(steps):
            f = k / steps
            coords.append((a_lat + (b_lat - a_lat) * f, a_lon + (b_lon - a_lon) * f))
            if len(coords) == points:
                break
        if len(coords) == points:
            break
    with open(out, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<gpx version="1.1" creator="strata benchmark (interpolated from %s)" xmlns="http://www.topografix.com/GPX/1/1">\n' % source.split("/")[-1])
        f.write("<trk><name>benchmark</name><trkseg>\n")
        for i, (lat, lon) in enumerate(coords):
            s = i % 60
            m = (i // 60) % 60
            h = (i // 3600) % 24
            d = 1 + i // 86400
            f.write(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>10.0</ele><time>2024-01-{d:02d}T{h:02d}:{m:02d}:{s:02d}Z</time></trkpt>\n')
        f.write("</trkseg></trk>\n</gpx>\n")
    print(len(coords))


def length(path):
    import gpxpy
    with open(path) as f:
        print(f"{gpxpy.parse(f).length_2d():.1f}")


def peak_mib(command):
    """Peak resident memory of one run, in MiB, as GNU time reports it (a parent's ru_maxrss for its children
    would count the parent's own pages, copied before exec)."""
    if not shutil.which("/usr/bin/time"):
        return float("nan")
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def compare(path, runs, strata):
    commands = [("xmllint --stream --noout (libxml2's streaming reader: the floor)", ["xmllint", "--stream", "--noout", path]),
                ("strata running track", strata + ["running", "track", path]),
                ("gpxpy 1.6.2: parse + length_2d", [sys.executable, __file__, "length", path]),
                ("gpsbabel: read", ["gpsbabel", "-i", "gpx", "-f", path])]
    missing = [name for name, command in commands if not shutil.which(command[0])]
    commands = [(name, command) for name, command in commands if shutil.which(command[0])]
    timings = hyperfine([command for _, command in commands], runs=runs, warmup=1)
    floor = statistics.median(timings[0])
    print("| program | ms, median (min–max) | vs the floor | peak memory |")
    print("|---|---|---|---|")
    for (name, command), times in zip(commands, timings):
        median = statistics.median(times)
        print(f"| {name} | {median * 1000:.0f} ({min(times) * 1000:.0f}–{max(times) * 1000:.0f}) | {median / floor:.2f}× "
              f"| {peak_mib(command):.1f} MiB |")
    for name in missing:
        print(f"| {name} | not installed | | |")
    ours = json.loads(subprocess.run(strata + ["running", "track", path, "--json"], capture_output=True, text=True, check=True).stdout)
    print()
    try:
        theirs = float(subprocess.run([sys.executable, __file__, "length", path], capture_output=True, text=True, check=True).stdout)
        print(f"Length: Strata {ours['lengthKm']:.3f} km, gpxpy {theirs / 1000:.3f} km "
              f"({abs(ours['lengthKm'] * 1000 - theirs) / theirs * 100:.3f} % apart; goal within 0.5 %).")
    except (subprocess.CalledProcessError, ValueError):
        print(f"Length: Strata {ours['lengthKm']:.3f} km (gpxpy could not be run to compare).")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 100_000)
    elif sys.argv[1] == "length":
        length(sys.argv[2])
    else:
        compare(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
