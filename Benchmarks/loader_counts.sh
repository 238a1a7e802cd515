#!/usr/bin/env bash
# The dynamic loader's work at start, counted (the machine's load doesn't change counts): for `strata --version`
# and `strata blocks list` (in process, the catalog already built), the shared objects loaded, the loader's
# relocations, the symbol bindings, and the lookups in one object each binding took (a binding looks in each
# object of the search order until one defines the symbol: `LD_DEBUG=symbols` prints a line per object).
#
#   Benchmarks/loader_counts.sh [BUILD_DIR [EXECUTABLE]]     default: .build/release strata
set -euo pipefail
build=$(cd "${1:-$(dirname "$0")/../.build/release}" && pwd)
exe=${2:-strata}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '{"pluginDirectories": ["%s"]}' "$build" >"$work/strata.json"
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
run() { "$build/$exe" --config "$work/strata.json" --data-dir "$work/data" "$@"; }
run blocks list >/dev/null 2>&1 || true
for words in "--version" "blocks list"; do
    # shellcheck disable=SC2086
    stats=$(LD_DEBUG=statistics run $words 2>&1 >/dev/null)
    # shellcheck disable=SC2086
    objects=$(LD_DEBUG=files run $words 2>&1 >/dev/null | grep -c "generating link map" || true)
    # shellcheck disable=SC2086
    lookups=$(LD_DEBUG=symbols run $words 2>&1 >/dev/null | grep -c "lookup in file=" || true)
    # shellcheck disable=SC2086
    bindings=$(LD_DEBUG=bindings run $words 2>&1 >/dev/null | grep -c "binding file" || true)
    relocations=$(grep -E "final number of relocations:" <<<"$stats" | awk '{print $NF}')
    relative=$(grep -E "number of relative relocations" <<<"$stats" | head -1 | awk '{print $NF}')
    echo "$exe $words: $objects shared objects, $relocations relocations (+ $relative relative), $bindings symbol bindings, $lookups lookups in an object"
done
