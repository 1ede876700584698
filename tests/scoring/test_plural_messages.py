"""A number before a noun picks the noun's form: "1 hand played", "2 hands played"."""
from scoring.messages import Message, ngettext_noop

PAIR = ngettext_noop("%(n)d hand played", "%(n)d hands played", "n")


def test_one_takes_the_singular():
    assert str(Message(PAIR, n=1)) == "1 hand played"


def test_two_take_the_plural():
    assert str(Message(PAIR, n=2)) == "2 hands played"


def test_plural_message_survives_storage():
    stored = Message(PAIR, n=1).as_data()
    assert stored == [list(PAIR), {"n": 1}]
    assert str(Message.from_data(stored)) == "1 hand played"
