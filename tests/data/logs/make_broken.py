"""Writes the broken logs in this directory (run once from the repository root; the files are committed).

    .venv/bin/python tests/data/logs/make_broken.py

Each file is a valid bot game (seed 2, target 30: three rounds) with one thing broken,
named for what is broken. tests/logs/test_broken.py says where each one must fail.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))

from logs.helpers import new_record, play_out  # noqa: E402

from hjerterfri.gamelog import LogError, _format, from_dict, to_dict  # noqa: E402


def write(name: str, data) -> None:
    text = data if isinstance(data, str) else _format(data, 0) + "\n"
    (HERE / f"{name}.json").write_text(text, encoding="utf-8")


def error_of(data) -> LogError | None:
    try:
        from_dict(copy.deepcopy(data))
    except LogError as e:
        return e
    return None


def swapped(data, rnd: int, want: str):
    """A copy where a seat's card in some trick of round ``rnd`` is swapped with one it plays later,
    such that loading fails with ``want`` in the reason, as early in the round as possible after trick 5."""
    tricks = data["rounds"][rnd - 1]["tricks"]
    for t in range(5, len(tricks)):
        for i in range(4):
            seat = (tricks[t]["leader"] + i) % 4
            for u in range(t + 1, len(tricks)):
                j = (seat - tricks[u]["leader"]) % 4
                d = copy.deepcopy(data)
                a, b = d["rounds"][rnd - 1]["tricks"][t], d["rounds"][rnd - 1]["tricks"][u]
                a["cards"][i], b["cards"][j] = b["cards"][j], a["cards"][i]
                e = error_of(d)
                if e and want in e.reason and e.where == f"round {rnd}, trick {t + 1}":
                    return d
    raise SystemExit(f"no swap in round {rnd} gives {want!r}")


def main() -> None:
    good = to_dict(play_out(new_record(seed=2, target=30)))
    assert error_of(good) is None and len(good["rounds"]) == 3
    text = _format(good, 0) + "\n"
    write("valid-finished", good)

    write("not-json-truncated", text[: len(text) // 2])
    write("not-json-trailing-comma", text.replace('"seed": 2,', '"seed": 2,,', 1))
    write("not-a-log", {"name": "a shopping list", "items": ["milk"]})
    write("wrong-format", {**good, "format": "chess-pgn"})
    write("newer-version", {**good, "version": 2})
    d = dict(good)
    d["sedd"] = d.pop("seed")
    write("unknown-field-sedd", d)
    write("missing-seats", {k: v for k, v in good.items() if k != "seats"})
    write("duplicate-key", text.replace('"seed": 2,', '"seed": 2,\n  "seed": 3,', 1))
    d = copy.deepcopy(good)
    d["rules"]["targt"] = d["rules"].pop("target")
    write("rules-unknown-field-targt", d)
    d = copy.deepcopy(good)
    d["seats"][2]["player"] = "midel"
    write("seat-unknown-bot-midel", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["deal"][2][4] = "1X"
    write("no-card-round-2-deal", d)
    d = copy.deepcopy(good)
    d["rounds"][0]["deal"][3][0] = d["rounds"][0]["deal"][0][0]
    write("card-dealt-twice-round-1", d)
    d = copy.deepcopy(good)
    hand1 = d["rounds"][0]["deal"][1]
    d["rounds"][0]["passed"][0][0] = next(c for c in hand1 if c not in d["rounds"][0]["passed"][1])
    write("pass-not-in-hand-round-1", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["passed"][3] = d["rounds"][1]["passed"][3][:2]
    write("pass-two-cards-round-2", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["pass"] = "left"
    write("wrong-pass-direction-round-2", d)
    write("not-following-suit-round-3-trick-6", swapped(good, 3, "must follow suit"))
    write("hearts-not-broken-round-2-trick-6", swapped(good, 2, "hearts are not broken"))
    d = copy.deepcopy(good)
    t = d["rounds"][2]["tricks"][6]
    t["winner"] = (t["winner"] + 1) % 4
    write("wrong-winner-round-3-trick-7", d)
    d = copy.deepcopy(good)
    t = d["rounds"][0]["tricks"][3]
    t["leader"] = (t["leader"] + 1) % 4
    write("wrong-leader-round-1-trick-4", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["points"][0] += 1
    write("points-dont-add-up-round-2", d)
    d = copy.deepcopy(good)
    d["rounds"][2]["totals"][3] -= 5
    write("totals-dont-add-up-round-3", d)
    d = copy.deepcopy(good)
    d["result"]["winners"] = [(d["result"]["winners"][0] + 1) % 4]
    write("wrong-result-winner", d)
    d = copy.deepcopy(good)
    d["result"] = None
    write("result-missing-after-game-over", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["passed"][2] = None
    write("trick-before-every-pass-round-2", d)
    d = copy.deepcopy(good)
    del d["rounds"][0]["tricks"][5:]
    for k in ("points", "totals", "moon"):
        del d["rounds"][0][k]
    write("round-2-after-unfinished-round-1", d)
    d = copy.deepcopy(good)
    d["rounds"][0]["tricks"][4]["cards"].pop()
    write("short-trick-round-1-trick-5", d)
    d = copy.deepcopy(good)
    d["rounds"][1]["tricks"][2]["cards"][1] = 12
    write("card-as-number-round-2-trick-3", d)
    for name in sorted(p.stem for p in HERE.glob("*.json")):
        e = error_of(json.loads((HERE / f"{name}.json").read_text())) if not name.startswith("not-json") else None
        print(f"{name:40} {e}")


if __name__ == "__main__":
    main()
