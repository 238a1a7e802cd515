#!/usr/bin/env python3
"""Builds movies-catalog.json, the offline `catalog` source of the Movies feature, from the Vega movie table.

Source: vega/vega-datasets data/movies.json at cad85578e232704bb0453544742440038038c6a2
(blob e38178f99454568c5160fc759184a1a1471cc558, BSD-3-Clause); `git hash-object movies.json` of the file
you pass must print that blob id.

Run from the repository root, with a copy of that file:
    python3 Features/Movies/Data/Resources/make_catalog.py path/to/movies.json \
        > Features/Movies/Data/Resources/movies-catalog.json

What it does to each row (nothing is invented):
- id: the row's 1-based position in the source array (stable: the source is pinned by its blob id).
- title: numeric titles (1776, 2012, 9, ...) become text; the one row with a null title is skipped.
  Titles that were UTF-8/cp1252 text decoded as Mac Roman ("AmÈlie", "pi˘") are repaired when encoding
  them back to Mac Roman and decoding as cp1252 succeeds ("Amélie", "più"); others ("Alien³") stay as is.
- date: "Jun 12 1998" becomes "1998-06-12". The table's newest films are from 2010, but 22 films from 1915
  to 1946 carry dates a century late ("Gone with the Wind", "Dec 15 2039": a two-digit-year pivot in the
  table's origin); a year after 2012 is moved back 100 years.
- every other field keeps its value under a short camelCase key and is left out when null.
Reading with Python's json module accepts the source's CRLF line endings.
"""
import datetime
import json
import sys

FIELDS = {
    "Major Genre": "genre", "Director": "director", "Distributor": "distributor", "MPAA Rating": "mpaa",
    "Running Time min": "minutes", "IMDB Rating": "imdbRating", "IMDB Votes": "imdbVotes",
    "Rotten Tomatoes Rating": "rottenTomatoes", "Creative Type": "creativeType", "Source": "basedOn",
    "US Gross": "usGross", "Worldwide Gross": "worldwideGross", "Production Budget": "budget",
}

# The table's films end in 2010; later years are two-digit years read in the wrong century.
LAST_YEAR = 2012


def repaired(title):
    try:
        fixed = title.encode("mac_roman").decode("cp1252")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return title
    return fixed


def main(path):
    with open(path, encoding="utf-8") as source:
        rows = json.load(source)
    movies, skipped, fixed, shifted = [], [], [], []
    for index, row in enumerate(rows, start=1):
        title = row["Title"]
        if title is None:
            skipped.append(index)
            continue
        title = str(title)
        if any(ord(c) > 127 for c in title):
            repair = repaired(title)
            if repair != title:
                fixed.append(f"{title} -> {repair}")
                title = repair
        movie = {"id": index, "title": title}
        date = datetime.datetime.strptime(row["Release Date"], "%b %d %Y").date()
        if date.year > LAST_YEAR:
            shifted.append(f"{title}: {date.isoformat()} -> {date.replace(year=date.year - 100).isoformat()}")
            date = date.replace(year=date.year - 100)
        movie["date"] = date.isoformat()
        for key, short in FIELDS.items():
            if row.get(key) is not None:
                movie[short] = row[key]
        movies.append(movie)
    out = sys.stdout
    out.write('{"source":"vega/vega-datasets data/movies.json@cad85578e232704bb0453544742440038038c6a2",\n')
    out.write('"license":"BSD-3-Clause (vega-datasets)",\n"movies":[\n')
    out.write(",\n".join(json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in movies))
    out.write("\n]}\n")
    print(f"{len(movies)} movies; skipped rows with a null title: {skipped}", file=sys.stderr)
    for line in fixed:
        print(f"repaired: {line}", file=sys.stderr)
    for line in shifted:
        print(f"date moved back a century: {line}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
