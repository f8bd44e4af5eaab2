"""Each broken file in tests/data/logs gives one LogError naming the file, the place and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from hjerterfri.gamelog import MAX_BYTES, LogError, load

DATA = Path(__file__).parent.parent / "data" / "logs"

# file -> (the place, a piece of the reason)
BROKEN = {
    "not-json-truncated": ("line 66, column 58", "not valid JSON: a string is not closed"),
    "not-json-trailing-comma": ("line 18, column 13", "not valid JSON"),
    "not-a-log": ("", "not a hjerterfri log"),
    "wrong-format": ("format", "'chess-pgn'"),
    "newer-version": ("version", "newer hjerterfri (log version 2"),
    "unknown-field-sedd": ("", "unknown field 'sedd' (did you mean 'seed'?)"),
    "missing-seats": ("", "the field 'seats' is missing"),
    "duplicate-key": ("", "the key 'seed' appears twice"),
    "rules-unknown-field-targt": ("rules", "'targt' (did you mean 'target'?)"),
    "seat-unknown-bot-midel": ("seats[2], player", "'midel' (did you mean 'middel'?)"),
    "no-card-round-2-deal": ("round 2, deal of seat 2", "not a card: '1X'"),
    "card-dealt-twice-round-1": ("round 1, deal", "3C is dealt twice (to seat 0 and seat 3)"),
    "pass-not-in-hand-round-1": ("round 1, passes", "seat 0 (Ida) cannot pass 9C: the card is not in the hand"),
    "pass-two-cards-round-2": ("round 2, passes", "3 cards must be passed"),
    "wrong-pass-direction-round-2": ("round 2, pass", "the rules pass 'right' in round 2, not 'left'"),
    "not-following-suit-round-3-trick-6": ("round 3, trick 6", "seat 2 (Øst) cannot play 8H: must follow suit ♦"),
    "hearts-not-broken-round-2-trick-6": ("round 2, trick 6", "cannot play JH: hearts are not broken"),
    "wrong-winner-round-3-trick-7": ("round 3, trick 7, winner", "the log says 0, but the cards give 3"),
    "wrong-leader-round-1-trick-4": ("round 1, trick 4", "seat 0 (Ida) won the last trick and leads"),
    "points-dont-add-up-round-2": ("round 2, points", "the log says [3, 1, 8, 15], but the cards give [2, 1, 8, 15]"),
    "totals-dont-add-up-round-3": ("round 3, totals", "the cards give [3, 22, 8, 45]"),
    "wrong-result-winner": ("result, winners", "the log says [1], but the cards give [0]"),
    "result-missing-after-game-over": ("result", "the game is over (win), but the result is null"),
    "trick-before-every-pass-round-2": ("round 2, trick 1", "before every seat has passed (Øst has not)"),
    "round-2-after-unfinished-round-1": ("round 2", "round 1 is not over"),
    "short-trick-round-1-trick-5": ("round 1, trick 5", "has 3 cards, but another trick follows it"),
    "card-as-number-round-2-trick-3": ("round 2, trick 3, card 2", 'a card is written as text like "QS", not 12'),
}


def test_every_file_is_covered():
    files = {p.stem for p in DATA.glob("*.json")}
    assert files == set(BROKEN) | {"valid-finished"}


def test_the_valid_file_loads():
    record = load(DATA / "valid-finished.json")
    assert len(record.game.rounds) == 3 and record.is_finished


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_gives_one_log_error_with_the_place(name):
    where, reason = BROKEN[name]
    path = DATA / f"{name}.json"
    with pytest.raises(LogError) as info:
        load(path)
    e = info.value
    assert e.path == str(path)
    assert e.where == where
    assert reason in e.reason
    assert "\n" not in str(e) and str(e).startswith(f"{path}: ")


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_lenient_load_keeps_what_came_before_the_problem(name):
    partial = load(DATA / f"{name}.json", lenient=True)
    assert partial.error is not None and partial.error.where == load_error(name).where
    where = BROKEN[name][0]
    if where.startswith("round "):
        number = int(where.split(",")[0].split()[1])
        if number == 1 and where.startswith("round 1, deal"):
            assert partial.record is None  # no game without its first deal
        else:
            assert partial.record is not None
            assert len(partial.record.game.rounds) in (number - 1, number)


def load_error(name: str) -> LogError:
    with pytest.raises(LogError) as info:
        load(DATA / f"{name}.json")
    return info.value


def test_lenient_stops_in_the_middle_of_the_round(tmp_path):
    partial = load(DATA / "not-following-suit-round-3-trick-6.json", lenient=True)
    r = partial.record.game.round
    assert r.number == 3 and len(r.tricks) == 5 and len(r.trick) == 1


def test_a_file_too_big_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no disk used
    with pytest.raises(LogError, match="at most"):
        load(path)


def test_deep_nesting_is_a_log_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(LogError, match="nested too deeply"):
        load(path)


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "hjerterfri-log", "name": "\xd8st"}')
    with pytest.raises(LogError, match="not UTF-8"):
        load(path)


def test_missing_file_is_a_log_error(tmp_path):
    with pytest.raises(LogError, match="cannot read the file"):
        load(tmp_path / "nope.json")


def test_nan_is_refused(tmp_path):
    path = tmp_path / "nan.json"
    text = (DATA / "valid-finished.json").read_text().replace('"seed": 2', '"seed": NaN', 1)
    path.write_text(text)
    with pytest.raises(LogError, match="NaN"):
        load(path)


def test_a_number_of_thousands_of_digits_is_named_without_pythons_advice(tmp_path):
    path = tmp_path / "long.json"
    text = (DATA / "valid-finished.json").read_text().replace('"seed": 2', '"seed": ' + "9" * 5000, 1)
    path.write_text(text)
    with pytest.raises(LogError, match="a number of more than 4300 digits") as caught:
        load(path)
    assert "set_int_max_str_digits" not in str(caught.value)


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("points", lambda rd, rec: rd["points"].__setitem__(rd["points"].index(0), False)),
        ("totals", lambda rd, rec: rd["totals"].__setitem__(0, float(rd["totals"][0]))),
        ("result", lambda rd, rec: rec["result"]["totals"].__setitem__(0, float(rec["result"]["totals"][0]))),
        ("result", lambda rd, rec: rec["result"]["winners"].__setitem__(0, bool(rec["result"]["winners"][0]))),
    ],
)
def test_a_number_in_a_list_must_be_a_whole_number_as_on_its_own(field, change):
    """false for 0 and 3.0 for 3 were taken inside a round's points and totals and the result's lists,
    though refused as a trick's points."""
    import json

    from hjerterfri.gamelog import from_dict

    data = json.loads((DATA / "valid-finished.json").read_text(encoding="utf-8"))
    change(data["rounds"][0], data)
    with pytest.raises(LogError) as e:
        from_dict(data, "g.json")
    assert "the log says" in str(e.value) and field in str(e.value)
