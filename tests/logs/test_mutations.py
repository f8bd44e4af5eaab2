"""Mutated logs: nothing but LogError ever comes out of load, and lenient mode never raises."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hjerterfri.gamelog import LogError, Partial, dumps, from_dict, load

VALID = Path(__file__).parent.parent / "data" / "logs" / "valid-finished.json"
TEXT = VALID.read_text(encoding="utf-8")
DATA = json.loads(TEXT)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in the data, as a tuple of keys and indices."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


PATHS = paths(DATA)[1:]
LIST_ITEMS = [p for p in PATHS if isinstance(p[-1], int)]

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["QS", "2C", "AH", "TD", "left", "human", "middel", "win", "dansk", "hjerterfri-log"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


@st.composite
def mutated(draw) -> Any:
    data = copy.deepcopy(DATA)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        try:
            parent, key = get(data, path[:-1]), path[-1]
            parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation moved things
        if not isinstance(parent, dict | list):
            continue  # a string there now (indexing it works, changing it does not)
        kind = draw(st.sampled_from(["delete", "replace", "swap", "add-key"]))
        if kind == "delete":
            del parent[key]
        elif kind == "replace":
            parent[key] = draw(values)
        elif kind == "swap":
            other = draw(st.sampled_from(PATHS))
            try:
                oparent, okey = get(data, other[:-1]), other[-1]
                parent[key], oparent[okey] = oparent[okey], parent[key]
            except (KeyError, IndexError, TypeError):
                continue
        elif isinstance(parent[key], dict):
            parent[key][draw(st.text(max_size=8))] = draw(values)
    return data


def check(data: Any) -> None:
    try:
        record = from_dict(data, "mutated.json")
    except LogError as e:
        assert "\n" not in str(e) and str(e).startswith("mutated.json")
        strict_error = e
    else:
        strict_error = None
        assert from_dict(json.loads(dumps(record)), "again.json") is not None
    partial = from_dict(data, "mutated.json", lenient=True)
    assert isinstance(partial, Partial)
    assert (partial.error is None) == (strict_error is None)
    if strict_error is not None:
        assert str(partial.error) == str(strict_error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_json_level_mutations_give_only_log_errors(data):
    check(data)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LIST_ITEMS), st.sampled_from(LIST_ITEMS))
def test_swapping_any_two_list_items_gives_only_log_errors(a, b):
    data = copy.deepcopy(DATA)
    pa, pb = get(data, a[:-1]), get(data, b[:-1])
    pa[a[-1]], pb[b[-1]] = pb[b[-1]], pa[a[-1]]
    check(data)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, len(TEXT)), st.text(max_size=3))
def test_cut_or_spliced_text_gives_only_log_errors(tmp_path_factory, cut, insert):
    path = tmp_path_factory.mktemp("cut") / "cut.json"
    path.write_text(TEXT[:cut] + insert + TEXT[cut + len(insert) :], encoding="utf-8")
    try:
        load(path)
    except LogError as e:
        assert "\n" not in str(e)
    assert isinstance(load(path, lenient=True), Partial)
