from hjerterfri import Card


def test_card_round_trip():
    assert str(Card.parse("QS")) == "QS"
