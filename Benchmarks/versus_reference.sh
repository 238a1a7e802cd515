#!/usr/bin/env bash
# Issue #52's start-up rows for this build and a reference build of strata, in the same rounds against the hello
# world floor (rounds_bench.py), so that each row also reads as this build ÷ the reference.
#
# Why: a row's ratio to the floor moves with the machine. The build that read 1.46× for `blocks list` on
# 2026-11-26 (21a4aab) reads 1.7–1.9× on 2026-12-06's machine, interleaved with the same floor (RESULTS.md §2,
# "A build's ratio to the floor moves with the machine"); two builds of strata side by side move together.
# A benchmark: it prints numbers and never fails on them.
#
# Usage: Benchmarks/versus_reference.sh REFERENCE_CHECKOUT [ROUNDS]
#   REFERENCE_CHECKOUT: another checkout of strata, e.g. `git worktree add /tmp/ref 21a4aab`; it is built in
#   release there (its own .build and .build-bench), as this tree is here. ROUNDS: 60 unless given.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
[ $# -ge 1 ] && [ -d "$1" ] || { sed -n 2,12p "$0" | sed 's/^# \{0,1\}//'; exit 2; }
reference="$(cd "$1" && pwd)"
rounds="${2:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tree in "$root" "$reference"; do
    echo "==> building $tree (release: strata, the Blocks plugin, the benchmarks' plugins)" >&2
    (cd "$tree" && swift build -c release --product strata && swift build -c release --product BlocksPlugin) >&2
    for product in HelloWorld TrivialBench WideBench; do
        (cd "$tree/Benchmarks" && swift build -c release --scratch-path "$tree/.build-bench" --product "$product") >&2
    done
done
hello="$root/.build-bench/release/HelloWorld"

# Each build gets its own state, data and plugin folders: the 4 feature plugins of its own build, one block,
# and 500 copies of each benchmark plugin built against its own SDK.
prepare() { # NAME TREE
    local name="$1" tree="$2" folder="$work/$1"
    mkdir -p "$folder/state" "$folder/data" "$folder/p500" "$folder/p500w"
    printf '{"pluginDirectories": ["%s"]}\n' "$tree/.build/release" > "$folder/four.json"
    for kind in p500 p500w; do
        local source="$tree/.build-bench/release/libTrivialBench.so"
        [ "$kind" = p500w ] && source="$tree/.build-bench/release/libWideBench.so"
        python3 - "$source" "$folder/$kind" <<'PY'
import sys
source, folder = open(sys.argv[1], "rb").read(), sys.argv[2]
assert source.count(b'"bench00000"') >= 1, "the plugin's descriptor id is not bench00000"
for i in range(1, 501):
    with open(f"{folder}/libBench{i:05d}Plugin.so", "wb") as copy:
        copy.write(source.replace(b'"bench00000"', f'"bench{i:05d}"'.encode()))
PY
        printf '{"pluginDirectories": ["%s"]}\n' "$folder/$kind" > "$folder/$kind.json"
    done
    local strata=("$tree/.build/release/strata" --data-dir "$folder/data")
    XDG_STATE_HOME="$folder/state" "${strata[@]}" --config "$folder/four.json" blocks add Focus --hours 4 >/dev/null
    for config in four p500 p500w; do  # the catalogs, as every run after the first finds them
        XDG_STATE_HOME="$folder/state" "${strata[@]}" --config "$folder/$config.json" plugins list >/dev/null
    done
}
prepare reference "$reference"
prepare this "$root"

command_of() { # NAME TREE CONFIG WORDS…: one rounds_bench COMMAND string
    local name="$1" tree="$2" config="$3"; shift 3
    printf 'XDG_STATE_HOME=%q %q --config %q --data-dir %q %s' "$work/$name/state" "$tree/.build/release/strata" \
        "$work/$name/$config.json" "$work/$name/data" "$*"
}
echo "Reference: $reference at $(git -C "$reference" rev-parse --short HEAD); this: $root at $(git -C "$root" rev-parse --short HEAD)."
for row in "four --version" "four plugins list" "four blocks list" "p500 plugins list" "p500w plugins list"; do
    read -r config words <<<"$row"
    echo
    echo "### \`strata $words\` ($config)"
    python3 "$here/rounds_bench.py" "$rounds" "$hello" \
        "reference" "$(command_of reference "$reference" "$config" "$words")" \
        "this build" "$(command_of this "$root" "$config" "$words")"
done
