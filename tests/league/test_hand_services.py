"""entry_record / entry_update / entry_delete on Pinochle hands: stored inputs, derived numbers, one transaction."""
import pytest
from django.core.exceptions import ValidationError

from league import services
from league.models import Game, Hand

from .conftest import played, snapshot, totals
from league.games.pinochle.hand_inputs import PinochleHandInput


def record(game, organizer, **kw):
    return services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**kw))


def test_made_hand_scores_meld_plus_tricks_for_both_sides(game, organizer):
    hand = record(game, organizer, **played(0, 300, (150, 60), (170, 80)))
    assert totals(game) == (320, 140)
    assert hand.made is True
    assert hand.number == 1 and hand.dealer == 0
    assert [(r.counted_meld, r.counted_tricks, r.delta, r.total) for r in hand.side_rows.order_by("side")] == [
        (150, 170, 320, 320), (60, 80, 140, 140)]
    assert hand.notes == [["made: %(total)d ≥ %(bid)d", {"total": 320, "bid": 300}]]


def test_set_hand_scores_minus_the_bid_not_the_shortfall(game, organizer):
    hand = record(game, organizer, **played(1, 310, (100, 200), (150, 100)))
    assert hand.made is False
    assert totals(game) == (250, -310)


def test_defenders_without_a_counter_lose_their_meld(game, organizer):
    record(game, organizer, **played(1, 280, (20, 160), (0, 250)))
    assert totals(game) == (0, 410)


def test_throw_in_bidders_lose_bid_defenders_keep_meld(game, organizer):
    hand = record(game, organizer, kind="thrown_in", bidder_seat=2, bid=250, trump="D", meld=(30, 100))
    assert totals(game) == (-250, 100)
    assert [r.tricks for r in hand.side_rows.order_by("side")] == [None, None]


def test_all_passed_scores_nothing_and_the_deal_moves_on(game, organizer):
    first = record(game, organizer, kind="passed")
    second = record(game, organizer, **played(1, 250, (100, 100), (100, 150)))
    assert totals(game) == (200, 250)
    assert (first.dealer, second.dealer) == (0, 1)
    assert first.made is None


def test_dealer_follows_the_rotation_from_the_first_dealer(club, players, organizer):
    game = services.game_create(club=club, players=players, first_dealer=3, by=organizer)
    dealers = [record(game, organizer, kind="passed").dealer for _ in range(5)]
    assert dealers == [3, 0, 1, 2, 3]


def test_renege_by_defenders_gives_bidders_meld_and_all_tricks(game, organizer):
    record(game, organizer, kind="renege", bidder_seat=0, bid=300, trump="S", meld=(120, 80), renege_side=1)
    assert totals(game) == (370, 0)


def test_game_ends_when_a_side_reaches_the_target(game, organizer):
    record(game, organizer, **played(0, 1300, (1300, 0), (250, 0)))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_side == 0
    assert [s.won for s in game.sides.order_by("side")] == [True, False]
    assert str(game.end_message) == "N–S reached 1550"


def test_both_over_target_bidders_win_although_lower(game, organizer):
    record(game, organizer, **played(0, 1100, (1100, 1190), (200, 50)))  # 1300 : 1240
    record(game, organizer, **played(1, 250, (200, 200), (150, 100)))  # 1650 : 1540
    game.refresh_from_db()
    assert totals(game) == (1650, 1540)
    assert game.winner_side == 1
    assert str(game.end_message) == "E–W reached 1540 and bid: E–W win although N–S have 1650"


def test_no_hand_after_the_game_is_over(game, organizer):
    record(game, organizer, **played(0, 1300, (1300, 0), (250, 0)))
    before = snapshot(game)
    with pytest.raises(ValidationError) as e:
        record(game, organizer, **played(0, 250, (100, 0), (250, 0)))
    assert "This game is over" in e.value.messages[0]
    assert snapshot(game) == before


INVALID = [
    pytest.param(played(0, 245, (100, 0), (250, 0)), "bid", "bid 245 is below the minimum 250", id="bid below minimum"),
    pytest.param(played(0, 255, (100, 0), (250, 0)), "bid", "bid 255 is not a step of 10 from 250", id="bid off the increment"),
    pytest.param(played(0, 250, (100, 0), (240, 0)), "tricks", "trick points 240 + 0 must total 250", id="tricks not totalling 250"),
    pytest.param(played(0, 250, (105, 0), (250, 0)), "meld", "meld 105 is not a multiple of 10", id="meld not a multiple of ten"),
    pytest.param(played(0, 250, (-10, 0), (250, 0)), "meld", "meld -10 is negative: a side melds 0 or more", id="negative meld"),
    pytest.param(played(0, 250, (100, 0), (245, 5)), "tricks", "trick points 245 are not a multiple of 10 under scheme A", id="tricks off tens under scheme A"),
    pytest.param(played(0, 250, (100, 0), (250, 0), trump="X"), "trump", "X is not a suit: choose one of S, H, D, C", id="unknown trump"),
    pytest.param(played(7, 250, (100, 0), (250, 0)), "bidder_seat", "The bidder must be a seat: N, E, S or W.", id="bidder out of range"),
    pytest.param(dict(kind="played", bidder_seat=0, trump="H", meld=(0, 0), tricks=(250, 0)), "bid", "Enter the winning bid.", id="missing bid"),
    pytest.param(dict(kind="renege", bidder_seat=0, bid=250, trump="H", meld=(0, 0)), "renege_side", "Say which side reneged: N–S or E–W.", id="renege without side"),
]


@pytest.mark.parametrize("data, field, message", INVALID)
def test_invalid_hand_is_refused_with_its_field_and_saves_nothing(game, organizer, data, field, message):
    record(game, organizer, **played(0, 300, (150, 60), (170, 80)))
    before = snapshot(game)
    with pytest.raises(ValidationError) as e:
        record(game, organizer, **data)
    assert e.value.message_dict == {field: [message]}
    assert snapshot(game) == before


def _five_hands(game, organizer):
    hands = [
        played(0, 300, (150, 60), (170, 80)),    # 320 : 140
        played(1, 350, (60, 220), (90, 160)),    # 470 : 520
        played(2, 260, (100, 80), (180, 70)),    # 750 : 670
        played(3, 400, (50, 260), (60, 190)),    # 860 : 1120
        played(0, 310, (120, 40), (150, 100)),   # 550 : 1260 (set)
    ]
    return [record(game, organizer, **h) for h in hands]


def test_editing_an_earlier_hand_rederives_every_later_total(game, organizer):
    hands = _five_hands(game, organizer)
    services.entry_update(hand=hands[1], by=organizer,
                          inputs=PinochleHandInput(**played(1, 350, (60, 220), (40, 210))))
    rows = [tuple(r.total for r in h.side_rows.order_by("side")) for h in Hand.objects.filter(game=game).order_by("number")]
    assert rows == [(320, 140), (420, 570), (700, 720), (810, 1170), (500, 1310)]
    edited = Hand.objects.get(game=game, number=2)
    assert edited.version == 2 and edited.edited and edited.edited_by == organizer


def test_edit_that_reaches_the_target_ends_the_game_and_an_edit_back_reopens_it(game, organizer):
    hands = _five_hands(game, organizer)
    with pytest.raises(ValidationError) as e:
        services.entry_update(hand=hands[1], by=organizer,
                              inputs=PinochleHandInput(**played(1, 1200, (60, 1200), (0, 250))))
    assert e.value.messages == ["the game ended at hand 2; hand 3 cannot follow it"]
    services.entry_update(hand=hands[4], by=organizer, inputs=PinochleHandInput(**played(1, 900, (0, 900), (0, 250))))
    game.refresh_from_db()
    assert game.winner_side == 1 and totals(game) == (860, 2270)
    services.entry_update(hand=hands[4], by=organizer,
                          inputs=PinochleHandInput(**played(0, 310, (120, 40), (150, 100))))
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS and game.winner_side is None
    assert totals(game) == (550, 1260)


def test_stale_edit_is_refused(game, organizer):
    hands = _five_hands(game, organizer)
    services.entry_update(hand=hands[0], by=organizer, expected_version=1,
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (160, 90))))
    before = snapshot(game)
    with pytest.raises(ValidationError) as e:
        services.entry_update(hand=hands[0], by=organizer, expected_version=1,
                              inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert e.value.messages == ["Hand 1 was changed by someone else meanwhile; here are the current values."]
    assert snapshot(game) == before


def test_deleting_a_hand_renumbers_and_rederives(game, organizer):
    hands = _five_hands(game, organizer)
    services.entry_delete(hand=hands[1], by=organizer)
    stored = list(Hand.objects.filter(game=game).order_by("number"))
    assert [h.number for h in stored] == [1, 2, 3, 4]
    assert [h.bid for h in stored] == [300, 260, 400, 310]
    assert totals(game) == (400, 880)  # 320:140, +280:+150, +110:+450, -310:+140
    game.refresh_from_db()
    assert game.hand_count == 4
    nxt = record(game, organizer, kind="passed")
    assert nxt.number == 5
