"""GPX side of the benchmark: builds a 100,000-point track from a real one and times gpxpy on it.

  python3 gpx_bench.py make SOURCE.gpx OUT.gpx [POINTS]   # interpolate SOURCE's points up to POINTS
  python3 gpx_bench.py time FILE.gpx [REPEATS]             # gpxpy parse + length_2d: "median min max ms length_m"
"""
import statistics
import sys
import time
import xml.etree.ElementTree as ET


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


def timed(path, repeats=7):
    import gpxpy
    samples = []
    length = 0.0
    for _ in range(repeats + 1):
        start = time.perf_counter()
        with open(path) as f:
            gpx = gpxpy.parse(f)
        length = gpx.length_2d()
        samples.append((time.perf_counter() - start) * 1000)
    samples = samples[1:]
    print(f"{statistics.median(samples):.2f} {min(samples):.2f} {max(samples):.2f} {length:.1f}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 100_000)
    else:
        timed(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 7)
