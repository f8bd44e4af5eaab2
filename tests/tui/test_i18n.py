"""Every text in every language, card names in words, and every engine refusal explained."""

from __future__ import annotations

import string

import pytest

from hjerterfri.cardface import Deck
from hjerterfri.cards import Card, Suit
from hjerterfri.catalogue import Message
from hjerterfri.engine import IllegalMoveError, Reason, Round
from hjerterfri.i18n import LANGUAGES, PLURAL_FORMS, Texts, catalogue, reason_keys
from hjerterfri.rules import PassDirection, preset


def placeholders(entry) -> list:
    """What an entry fills in: its placeholders, per plural form for a plural (a list's length for a list)."""
    if isinstance(entry, list):
        return [len(entry)]
    forms = entry if isinstance(entry, dict) else {"": entry}
    return sorted(
        (form, sorted({name for _, name, _, _ in string.Formatter().parse(text) if name}))
        for form, text in forms.items()
    )


def test_every_language_has_every_text_with_the_same_placeholders_and_plural_forms():
    first = catalogue("en")
    for lang in LANGUAGES:
        texts = catalogue(lang)
        assert set(texts) == set(first), (lang, set(texts) ^ set(first))
        for key, entry in texts.items():
            assert type(entry) is type(first[key]), (lang, key)
            assert placeholders(entry) == placeholders(first[key]), (lang, key)
            if isinstance(entry, dict):
                assert set(entry) == set(PLURAL_FORMS), (lang, key)
                assert all("{n}" in text for text in entry.values()), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_a_text(lang):
    assert reason_keys() <= set(catalogue(lang))


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("en", 0, "0 cards"),
        ("da", 1, "1 kort"),
        ("sv", 12, "12 kort"),
    ],
)
def test_counts_take_their_plural_form(lang, n, text):
    assert Texts(lang)("cards.left", n=n) == text


def test_one_point_is_one_point_not_one_points():
    assert Texts("en")("points.total", n=1) == "1 point"
    assert Texts("en")("trick.won.points", name="Bo", n=1) == "Trick to Bo (1 point)"  # "You takes" read wrong
    assert Texts("en")("transcript.undo", name="Bo", cards="A♣", n=1) == "Bo took back A♣ after 1 card"
    assert Texts("sv")("list.trick", i=1, name="Olle") == "Stick 1 (utspel: Olle):"  # was "utspelat av Olle"
    assert Texts("en")("pass.choose", n=1, name="Bo", chosen=0) == "Choose 1 card to pass to Bo (0/1)"


@pytest.mark.parametrize(
    ("lang", "card", "words"),
    [
        ("da", "QS", "spar dame"),
        ("sv", "QS", "spader dam"),
        ("en", "QS", "queen of spades"),
        ("da", "7H", "hjerter 7"),
        ("sv", "AC", "klöver ess"),
        ("en", "JD", "jack of diamonds"),
        ("da", "KC", "klør konge"),
    ],
)
def test_card_names_in_words(lang, card, words):
    assert Texts(lang).card_name(Card.parse(card)) == words


def _first_trick_heart_refusal() -> IllegalMoveError:
    """Find a deal where a seat void in clubs tries to discard a heart on the first trick."""
    for seed in range(500):
        r = Round.deal(preset("dansk"), seed=seed, number=4)  # round 4: no passing
        r.play(Card.parse("2C"))
        while r.trick:
            hand = r.hand_cards(r.turn)
            hearts = [c for c in hand if c.suit is Suit.HEARTS]
            if hearts and not any(c.suit is Suit.CLUBS for c in hand) and len(hearts) < len(hand):
                with pytest.raises(IllegalMoveError) as caught:
                    r.play(hearts[0])
                return caught.value
            r.play(r.legal_plays()[0])
    raise AssertionError("no deal found")


def test_the_refusals_read_as_the_rule_texts_say():
    no_points = _first_trick_heart_refusal()
    assert no_points.reason is Reason.NO_POINTS_ON_FIRST_TRICK
    assert "første stik" in Texts("da").reason(no_points)
    assert "första sticket" in Texts("sv").reason(no_points)


def test_follow_suit_names_the_suit_as_a_sign_or_a_letter():
    for seed in range(100):
        r = Round.deal(preset("svensk"), seed=seed, number=4)
        r.play(Card.parse("2C"))
        hand = r.hand_cards(r.turn)
        if any(c.suit is Suit.CLUBS for c in hand) and any(c.suit is not Suit.CLUBS for c in hand):
            break
    off_suit = next(c for c in hand if c.suit is not Suit.CLUBS)
    with pytest.raises(IllegalMoveError) as caught:
        r.play(off_suit)
    assert Texts("da").reason(caught.value) == "Du skal bekende ♣"
    assert Texts("sv").reason(caught.value) == "Du måste bekänna ♣"
    assert Texts("en", ascii_suits=True).reason(caught.value) == "You must follow suit C"


def test_not_your_turn_names_the_player():
    r = Round.deal(preset("dansk"), seed=3, number=4)
    wrong = (r.turn + 1) % 4
    with pytest.raises(IllegalMoveError) as caught:
        r.play(r.hand_cards(wrong)[0], seat=wrong)
    names = ["Du", "Mette", "Jens", "Sofie"]
    assert Texts("da").reason(caught.value, names) == f"Det er {names[r.turn]}, der skal spille"
    assert Texts("sv").reason(caught.value, ["Du", "Nils", "Nils", "Nils"]) == "Det är Nils som ska spela"  # not Nilss


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pass_direction_has_words(lang):
    t = Texts(lang)
    words = {t.pass_direction(d) for d in PassDirection}
    assert len(words) == len(PassDirection)


def test_ascii_cards_use_letters_and_t_for_ten():
    deck = Deck(ascii=True)
    assert deck.label(Card.parse("TH")).plain == "TH"
    assert deck.box(Card.parse("QS"))[1].plain == "| QS|"
    assert Deck().label(Card.parse("TH")).plain == "10♥"
    assert Texts("da", ascii_suits=True).card_short(Card.parse("TH")) == "TH"


def test_four_colours_give_each_suit_its_own_colour():
    four = {Deck(four_colour=True).colour(s) for s in Suit}
    two = {Deck().colour(s) for s in Suit}
    assert len(four) == 4 and len(two) == 2


def test_no_playing_card_glyphs():
    deck = Deck()
    for card in map(Card, range(52)):
        text = "".join(line.plain for line in deck.box(Card.parse(str(card))))
        assert not any(0x1F0A0 <= ord(ch) <= 0x1F0FF for ch in text)


def test_cards_passed_received_or_in_a_kitty_are_named_in_the_hands_order():
    """The hand shows ♣ ♥ ♠ ♦; lists of cards said ♣ ♦ ♥ ♠ (the cards' own order). Cards played keep theirs."""
    from hjerterfri.cards import parse_cards

    cards = parse_cards("2D 3C KS 4H")
    assert Texts("en").cards_sorted(cards) == "3♣ 4♥ K♠ 2♦"
    assert Texts("en").cards_short(cards) == "2♦ 3♣ K♠ 4♥"


@pytest.mark.parametrize(
    ("lang", "key", "values", "said"),
    [
        ("en", "list.taken", {"name": "You", "n": 2}, "You take the trick (2 points)."),  # was "You takes it"
        ("en", "trick.won", {"name": "You"}, "You take the trick"),  # was "Trick to You"
        ("en", "replay.passes", {"name": "You", "cards": "2♥", "target": "Alice"}, "You pass 2♥ to Alice"),
        ("en", "list.kitty.seen", {"name": "Du", "cards": "10♥"}, "You also take the kitty: 10♥."),
        ("da", "trick.won", {"name": "Du"}, "Du tager stikket"),
        ("da", "replay.passes", {"name": "Alice", "cards": "2♥", "target": "Du"}, "Alice giver 2♥ til dig"),
        ("sv", "replay.received", {"name": "Alice", "cards": "2♥", "giver": "Du"}, "Alice fick 2♥ från dig"),
        ("en", "list.taken", {"name": "Anna", "n": 1}, "Anna takes the trick (1 point)."),
        ("da", "list.trick", {"name": "Du", "i": 2}, "Stik 2 (du spiller ud):"),  # was "(udspil: Du)"
        ("sv", "list.current", {"name": "Du", "i": 3}, "Stick 3 hittills (du spelar ut):"),
    ],
)
def test_a_player_who_never_typed_a_name_is_you_in_good_grammar(lang, key, values, said):
    assert Texts(lang)(key, **values) == said


def test_a_player_who_never_typed_a_name_is_you_in_the_language_read_in():
    """A game started in English read in Danish showed "You · 0 point" and "You mod Alice"."""
    assert Texts("da").person("You") == "Du" and Texts("en").person("Du") == "You"
    assert Texts("sv").person("Anna") == "Anna"


def test_an_undo_names_the_seats_own_card_apart_from_the_others():
    """`replay --text` said "You took back J♣ 9♣ 5♣ 7♣": only J♣ was the player's."""
    cards = [Card.parse(c) for c in ("JC", "9C", "5C", "7C")]
    assert Texts("en").taken_back(cards) == "J♣ (and the cards after it: 9♣ 5♣ 7♣)"
    assert Texts("da").taken_back(cards[:1]) == "J♣"
    assert Texts("da").taken_back(cards[:2]) == "J♣ (og kortet efter det: 9♣)"  # one: "kortene" read wrong


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["help.start", "help.text", "help.replay", "help.summary", "help.end", "help.review"])
def test_a_help_line_too_long_for_the_window_wraps_under_its_own_words(lang, key):
    """At 60 columns a key's words wrapped to the dialog's left edge, under the keys."""
    from rich.console import Console

    from hjerterfri.tui.screens.dialogs import key_table

    text = Texts(lang)(key, hint=Message("help.hint"))
    console = Console(width=40, record=True, color_system=None)
    console.print(key_table(text))
    lines = console.export_text().rstrip("\n").splitlines()
    keys = [line[:11].strip() for line in text.splitlines()]
    assert len(lines) > len(keys)  # some lines wrapped
    assert [line[:11].strip() for line in lines if line[:11].strip()] == keys
