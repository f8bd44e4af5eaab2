"""Challenge codes: every challenge there round-trips, every kind of bad code is refused in one line."""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hjerterfri.challenge import (
    ALPHABET,
    DEALING,
    LEVELS,
    MAX_DEALS,
    PRESETS,
    VARIANTS,
    Challenge,
    ChallengeError,
    decode,
)
from hjerterfri.engine import deal_cards
from hjerterfri.rules import preset


@st.composite
def challenges(draw):
    players = draw(st.integers(3, 5))
    no_pass = draw(st.booleans())
    return Challenge(
        draw(st.sampled_from(PRESETS)),
        players,
        draw(st.sampled_from(VARIANTS)),
        draw(st.integers(-(2**64), 2**64)),
        draw(st.integers(1, MAX_DEALS)),
        tuple(draw(st.sampled_from(LEVELS)) for _ in range(players - 1)),
        draw(st.integers(0, players - 1)),
        no_pass,
        None if no_pass else draw(st.none() | st.integers(1, 14)),
    )


@given(challenges())
def test_every_challenge_round_trips_through_its_code(challenge):
    code = challenge.code
    assert decode(code) == challenge
    assert code.startswith(f"HJ{DEALING}-")
    assert len(code) <= 40 and all(c in ALPHABET or c == "-" for c in code[2:])


def test_a_code_is_short_for_an_everyday_seed():
    challenge = Challenge("dansk", 4, "standard", 123456, 8, ("middel",) * 3)
    assert challenge.code == "HJ1-Y4G1-A700-4S"
    assert len(challenge.code) <= 16


@pytest.mark.parametrize(
    "typed", ["hj1-y4g1-a700-4s", " HJ1 Y4G1 A700 4S ", "HJ1Y4G1A7004S", "HJ1-Y4G1-A7OO-4S", "HJ1-Y4G1-A700-4s"]
)
def test_a_code_is_read_as_people_type_it(typed):
    assert decode(typed).seed == 123456


@given(challenges(), st.data())
def test_every_single_mistyped_character_is_caught(challenge, data):
    code = challenge.code
    places = [i for i, c in enumerate(code) if i >= 3 and c != "-"]
    i = data.draw(st.sampled_from(places))
    wrong = data.draw(st.sampled_from([c for c in ALPHABET if c != code[i]]))
    with pytest.raises(ChallengeError, match="mistyped"):
        decode(code[:i] + wrong + code[i + 1 :])


def test_two_neighbours_swapped_are_caught():
    code = Challenge("svensk", 3, "no-two", 424242, 12, ("svær", "let"), 2).code
    chars = [i for i, c in enumerate(code) if i >= 4 and c != "-"]
    caught = 0
    pairs = 0
    for a, b in itertools.pairwise(chars):
        if code[a] == code[b]:
            continue
        swapped = list(code)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        pairs += 1
        try:
            decode("".join(swapped))
        except ChallengeError:
            caught += 1
    assert pairs and caught == pairs


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no challenge code"),
        ("HJ", "no challenge code"),
        ("XY1-Y4G1-A700-4S", "no challenge code"),
        ("HJ1-Y4G1-AU00-4S", "'U' is not one of its characters"),
        ("HJ1-Y4G1-A700-4S!", "'!' is not one of its characters"),
        ("HJ1-" + "1" * 40, "too long"),
        ("HJ2-Y4G1-A700-4S", "version 2 of the dealing; this hjerterfri deals by version 1"),
        ("HJ1-Y4G1-A700-4T", "mistyped"),
    ],
)
def test_each_bad_code_is_refused_in_one_line(text, says):
    with pytest.raises(ChallengeError, match=says) as caught:
        decode(text)
    assert "\n" not in str(caught.value)


def test_a_code_naming_what_this_version_does_not_know_is_refused():
    from hjerterfri import challenge as codec

    # A preset number beyond the table: made by hand, with a check character that fits.
    body = [DEALING, *[ALPHABET.index(c) for c in "Y4G1A700"]]
    body[-1] |= 3  # the two lowest bits are the preset's number: 3 is none
    text = "HJ" + "".join(ALPHABET[d] for d in body) + ALPHABET[codec._check(body)]
    with pytest.raises(ChallengeError, match="does not know"):
        decode(text)


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"preset": "hus"}, "preset"),
        ({"players": 2}, "3 to"),
        ({"variant": "fast"}, "unknown variant"),
        ({"deals": 0}, "1 to 64 deals"),
        ({"deals": 65}, "1 to 64 deals"),
        ({"human": 4}, "no seat 4"),
        ({"opponents": ("middel",) * 2}, "2 opponents"),
        ({"opponents": ("middel", "middel", "mybot:Bot")}, "not 'mybot:Bot'"),
        ({"seed": 2**70}, "too large"),
        ({"pass_count": 15}, "1 to 14 cards"),
        ({"pass_count": 2, "no_pass": True}, "or none"),
    ],
)
def test_a_challenge_no_code_can_carry_is_refused(fields, says):
    base = {"preset": "dansk", "players": 4, "variant": "standard", "seed": 1, "deals": 8, "opponents": ("middel",) * 3}
    with pytest.raises(ChallengeError, match=says):
        Challenge(**(base | fields))


def test_the_dealing_is_the_version_the_codes_say():
    """If this fails, the same seed deals other cards: raise challenge.DEALING (old codes are then refused)."""
    digest = hashlib.sha256()
    for name, players in (("dansk", 4), ("dansk", 3), ("svensk", 5)):
        for seed in (0, 1, 7, 123456):
            for number in (1, 2, 5):
                hands, kitty = deal_cards(preset(name, players), seed, number)
                digest.update(repr((hands, kitty)).encode())
    assert DEALING == 1
    assert digest.hexdigest()[:16] == "4659b855de469601"
