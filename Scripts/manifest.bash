# The list of what Scripts/install wrote under a prefix, sourced by Scripts/install and Scripts/uninstall.
# One line per entry, relative to the prefix: "f PATH" for a file, "d PATH" for a folder install made.

manifest_name="lib/strata/INSTALLED"

# Prints the manifest FILE's entries, refusing (exit 1) one that could point outside the prefix.
manifest_read() {
    local kind path
    while IFS=' ' read -r kind path; do
        case "$kind/$path" in
            f/* | d/*) ;;
            *) echo "strata: $1 has a line that is not 'f PATH' or 'd PATH'; it was not written by Scripts/install" >&2; return 1 ;;
        esac
        case "/$path/" in
            // | /./* | */../* | */./* | *//*)
                echo "strata: $1 names '$path', which is not a path inside the prefix; nothing was changed" >&2; return 1 ;;
        esac
        printf '%s %s\n' "$kind" "$path"
    done <"$1"
}

# Removes the entries read from standard input under PREFIX: files first, then folders deepest first, each
# folder only if it is empty (so what someone else put there stays, and so does the folder).
manifest_remove() {
    local prefix="$1" lines kind path
    lines="$(cat)"
    while read -r kind path; do
        [ "$kind" = f ] || continue
        if [ -f "$prefix/$path" ] || [ -L "$prefix/$path" ]; then rm -f "$prefix/$path"; fi
    done <<<"$lines"
    while read -r kind path; do
        [ "$kind" = d ] || continue
        [ -d "$prefix/$path" ] && rmdir "$prefix/$path" 2>/dev/null || true
    done < <(sort -r <<<"$lines")
}
