"""Two whole commands interleaved with hyperfine (A, B, A, …; one run of each per pair, after a warm-up of
both), and B's time over A's as the median (and range) of the pairs' ratios, so that the moment's load slows
both sides of a pair.

  python3 pair_bench.py "COMMAND A" "COMMAND B" PAIRS
"""
import json, statistics, subprocess, sys, tempfile
a, b, pairs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def run(cmds):
    with tempfile.NamedTemporaryFile(suffix=".json") as e:
        subprocess.run(["hyperfine","-N","--style","none","-r","1","--export-json",e.name]+cmds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return [r["times"][0]*1000 for r in json.load(open(e.name))["results"]]
run([a,b])
A,B=[],[]
for _ in range(pairs):
    x,y=run([a,b]); A.append(x); B.append(y)
r=[y/x for x,y in zip(A,B)]
print(f"A {statistics.median(A):.2f} ms  B {statistics.median(B):.2f} ms  B/A median {statistics.median(r):.2f}x ({min(r):.2f}-{max(r):.2f})")
