"""The play (docs/rules.md §6, the Chinese cribbage text): points for each card of one count, in order."""
import pytest

from scoring.cards import parse_card
from scoring.cribbage import CribbageError, count_of, go_point, peg_points, pegging_advice

P = pytest.param


@pytest.mark.parametrize("plays, points", [
    P("7H 8C", (0, 2), id="fifteen 2: 7 8 -> 0 2"),
    P("KH QC 5D 6S", (0, 0, 0, 2), id="thirty-one 2: K Q 5 6 -> 0 0 0 2"),
    P("9H 9C", (0, 2), id="pair 2: 9 9 -> 0 2"),
    P("4H 4C 4D", (0, 2, 6), id="three of a kind 6: 4 4 4 -> 0 2 6"),
    P("2H 2C 2D 2S", (0, 2, 6, 12), id="four of a kind 12: 2 2 2 2 -> 0 2 6 12"),
    P("7S 2H 2C 2D 2S", (0, 0, 2, 6, 14), id="four of a kind making fifteen: 7 2 2 2 2 -> 0 0 2 6 14"),
    P("5H 5C 5D", (0, 2, 6 + 2), id="three of a kind making fifteen: 5 5 5 -> 0 2 8"),
    P("4H 4C KD 4S", (0, 2, 0, 0), id="a pair broken by another card: 4 4 K 4 -> 0 2 0 0"),
    P("4H 6C 5D", (0, 0, 5), id="run of three in any order, making fifteen: 4 6 5 -> 0 0 5"),
    P("3S 5H 4C 4D KH", (0, 0, 3, 2, 0), id="the cribbage text's example: 3 5 4 4 K -> 0 0 3 2 0"),
    P("JS JH JD", (0, 2, 6), id="the cribbage text's example: J J J -> 0 2 6"),
    P("3H 5C 4D 6S", (0, 0, 3, 4), id="runs of three then four in any order: 3 5 4 6 -> 0 0 3 4"),
    P("AS 2H 3D 4C 5S 6H 7D", (0, 0, 3, 4, 5 + 2, 6, 7), id="run of seven A-7: -> 0 0 3 4 7 6 7"),
    P("3H 4C 9D 5S", (0, 0, 0, 0), id="broken run: 3 4 9 5 -> nothing"),
    P("5H 6C 6D 7S", (0, 0, 2, 0), id="a pair breaks the run: 5 6 6 7 -> 0 0 2 0"),
    P("4H 4C 5D 6S", (0, 2, 0, 3), id="run after a pair: 4 4 5 6 -> 0 2 0 3"),
    P("2H 3C 4D 3S", (0, 0, 3, 0), id="a repeated rank in the tail is no run: 2 3 4 3 -> 0 0 3 0"),
    P("2H 3C 4D 2S", (0, 0, 3, 3), id="the tail 3 4 2 is a new run: 2 3 4 2 -> 0 0 3 3"),
    P("2H 3C 4D 2S 5C", (0, 0, 3, 3, 4), id="longest qualifying tail: 2 3 4 2 5 -> run of four 3 4 2 5"),
    P("2H 3C 4D 3S 5C", (0, 0, 3, 0, 3), id="only the tail counts: 2 3 4 3 5 -> run of three 4 3 5"),
    P("QH KC AD", (0, 0, 0), id="Q K A is no run: -> 0 0 0"),
    P("10H 10C 10D", (0, 2, 6), id="three tens -> 0 2 6 (count 30)"),
    P("8 7 K 6", (0, 2, 0, 2), id="bare ranks: 8 7 K 6 -> fifteen, then thirty-one"),
    P("", (), id="nothing played -> ()"),
])
def test_peg_points(plays, points):
    assert peg_points(plays) == points


@pytest.mark.parametrize("count, point", [
    P(30, 1, id="go under 31: 1"),
    P(1, 1, id="go at count 1: 1"),
    P(31, 0, id="thirty-one already scored 2: go 0"),
])
def test_go_point(count, point):
    assert go_point(count) == point


@pytest.mark.parametrize("count", [0, 32, -1, "30"])
def test_go_point_refuses_impossible_counts(count):
    with pytest.raises(CribbageError) as info:
        go_point(count)
    assert info.value.field == "pegging"


@pytest.mark.parametrize("plays, text", [
    P("KH QC JD 2S", "the count reaches 32 with 2S; it may not pass 31", id="count over 31"),
    P("K Q J 2", "the count reaches 32 with 2; it may not pass 31", id="count over 31, bare ranks"),
    P("5H 6C 5H", "5H is played twice in one count", id="a card twice in one count"),
    P("A A A A A", "5 cards of rank A; a deck has 4", id="five of a rank"),
])
def test_impossible_counts_are_refused(plays, text):
    with pytest.raises(CribbageError) as info:
        peg_points(plays)
    assert (info.value.field, str(info.value)) == ("pegging", text)


def test_count_of():
    assert count_of("KH 5C AS") == 16


@pytest.mark.parametrize("played, hand, count, options", [
    P("5H 5C", "5S 10D 4H", 10, (("5S", 8), ("10D", 0), ("4H", 0)),
      id="advice at 10: 5 makes three of a kind and fifteen (8), the others nothing"),
    P("KH QC 9D", "2S AH 3D", 29, (("2S", 2), ("AH", 0)), id="advice at 29: 2 makes 31, 3 does not fit"),
    P("", "7S 8S", 0, (("7S", 0), ("8S", 0)), id="advice to lead: nothing pegs"),
    P("6H 4C", "5D 5S", 10, (("5D", 5), ("5S", 5)), id="advice: 5 on 6 4 is a run and fifteen (5)"),
])
def test_pegging_advice(played, hand, count, options):
    advice = pegging_advice(played, hand)
    assert advice.count == count
    assert tuple((card.code, points) for card, points in advice.options) == options
    assert advice.go is False


def test_pegging_advice_go_when_nothing_fits():
    advice = pegging_advice("KH QC 9D", "3S KD")
    assert (advice.count, advice.options, advice.go) == (29, (), True)


@pytest.mark.parametrize("played, hand, field, text", [
    P("5H", "5H 6C", "hand", "5H has already been played", id="a card both played and held"),
    P("5 5 5", "5H 5C", "hand", "more than 4 cards of rank 5", id="a fifth card of a rank"),
    P("5H", "2C 3C 4C 6C 7C", "hand", "a hand holds at most 4 cards; 5 given", id="five cards held"),
    P("KH QC JD 2S", "AH", "played", "the count reaches 32 with 2S; it may not pass 31", id="played over 31"),
])
def test_pegging_advice_refuses_impossible_input(played, hand, field, text):
    with pytest.raises(CribbageError) as info:
        pegging_advice(played, hand)
    assert (info.value.field, str(info.value)) == (field, text)


def test_cards_objects_accepted():
    assert peg_points([parse_card("7H"), parse_card("8C")]) == (0, 2)
