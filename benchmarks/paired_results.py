"""Two arena results files (``--json``) of the same seed, rules and opponents, paired deal by deal.

A plain run (``--seats``) and a comparison (``--compare``) deal the same deals from a seed, and a bot
plays each the same way wherever it is run, so a bot measured once can later be paired with another
measured on the same seed, over the deals both files hold. ``FILE:K`` takes the tested bot (the first
listed) of the file's lineup K: 0 in a plain run, 0 (A) or 1 (B) in a comparison.

    python benchmarks/paired_results.py before.json after.json
    python benchmarks/paired_results.py compare.json:1 after.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from hjerterfri.arena.figures import interval
from hjerterfri.arena.results import MAX_SIZE
from hjerterfri.catalogue import Message
from hjerterfri.files import FileError, read_text
from hjerterfri.literal import printable


def read(spec: str) -> tuple[dict[str, Any], list[str], dict[int, float]]:
    """The file's header, the lineup and the tested bot's points per round deal by deal, from ``FILE`` or
    ``FILE:K``."""
    path, _, k = spec.rpartition(":")
    if not k.isdigit():
        path, k = spec, "0"
    lineup = int(k)
    try:
        text = read_text(Path(path), MAX_SIZE, Message("file.what.results"))  # a regular file only, never a FIFO
    except FileError as e:
        sys.exit(f"paired_results: {printable(str(e))}")
    try:
        lines = text.split("\n")[:-1]  # a last line without its newline was cut
        header = json.loads(lines[0])
        specs = header["lineups"][lineup]
        points = {}
        for line in lines[1:]:
            data = json.loads(line)
            if "deal" in data:
                points[data["deal"]] = statistics.fmean(p[0] for p in data["results"][lineup]["points"])
    except (ValueError, LookupError, TypeError) as e:
        sys.exit(printable(f"paired_results: {path}: not an arena results file with a lineup {lineup} ({e})"))
    return header, specs, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", help="FILE or FILE:K, the first bot (A)")
    parser.add_argument("b", help="FILE or FILE:K, the second bot (B)")
    args = parser.parse_args()
    (ha, la, pa), (hb, lb, pb) = read(args.a), read(args.b)
    for field in ("seed", "rules"):
        if ha[field] != hb[field]:
            sys.exit(f"paired_results: the files differ in their {field}: their deals are not the same deals")
    if la[1:] != lb[1:]:
        sys.exit(printable(f"paired_results: the opponents differ: {','.join(la[1:])} and {','.join(lb[1:])}"))
    deals = sorted(pa.keys() & pb.keys())
    if len(deals) < 2:
        sys.exit("paired_results: fewer than two deals in both files")
    against = ",".join(la[1:])
    print(printable(f"{len(deals)} deals in both, seed {ha['seed']}, {ha['rules']['name']}, against {against}"))
    rows = (("A", la[0], [pa[d] for d in deals]), ("B", lb[0], [pb[d] for d in deals]))
    for name, bot, xs in rows:
        mean, low, high = interval(xs)
        print(f"{name:<6} {mean:6.3f}   {low:.3f} to {high:.3f}   {printable(bot)}")
    diff = [pa[d] - pb[d] for d in deals]
    mean, low, high = interval(diff)
    print(f"A - B  {mean:+6.3f}   {low:+.3f} to {high:+.3f}   (differing in {sum(1 for x in diff if x)} deals)")


if __name__ == "__main__":
    main()
