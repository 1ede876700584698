"""The auction settlement ledger of three-handed Pinochle (docs/rules.md, "Three-handed Pinochle"), as a
property through the site's services: after any
sequence of hands recorded with ``league.services.entry_record`` on a
three-handed auction game, the stored balances (``GameSide.total``) sum to
zero and equal the sum of the per-hand settlements that
``scoring.pinochle.settle_hand`` gives for the same hands; each stored hand
row carries its own settlement as its delta and the running balance as its total.
"""
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from league import services
from league.models import Club, GameType, HandSide, Membership, RuleProfile
from scoring.pinochle import PinochleHand, PinochleRules, settle_hand
from league.games.pinochle.hand_inputs import PinochleHandInput

TENS = st.integers(0, 25).map(lambda n: n * 10)


@st.composite
def three_tricks(draw):
    """Trick points of the three players, in tens, totalling 250."""
    first = draw(st.integers(0, 25))
    second = draw(st.integers(0, 25 - first))
    return (first * 10, second * 10, (25 - first - second) * 10)


HAND = st.fixed_dictionaries({
    "kind": st.sampled_from(["played", "played", "played", "thrown_in", "passed", "renege"]),
    "bidder_seat": st.integers(0, 2),
    "bid": st.integers(0, 30).map(lambda n: 250 + 10 * n),
    "trump": st.sampled_from("SHDC"),
    "meld": st.tuples(TENS, TENS, TENS),
    "tricks": three_tricks(),
    "renege_side": st.integers(0, 2),
})


def service_kwargs(h: dict) -> dict:
    """``PinochleHandInput`` fields for one drawn hand, as the hand form sends them."""
    kind = h["kind"]
    if kind == "passed":
        return {"kind": kind}
    kwargs = {"kind": kind, "bidder_seat": h["bidder_seat"], "bid": h["bid"], "trump": h["trump"],
              "meld": h["meld"]}
    if kind == "played":
        kwargs["tricks"] = h["tricks"]
    if kind == "renege":
        kwargs["renege_side"] = h["renege_side"]
    return kwargs


def engine_hand(h: dict) -> PinochleHand:
    """The same hand as the engine's input, built here independently of the services."""
    kind = h["kind"]
    if kind == "passed":
        return PinochleHand(bidder=None, bid=0, meld=(0, 0, 0), tricks=None)
    return PinochleHand(
        bidder=h["bidder_seat"], bid=h["bid"], meld=h["meld"],
        tricks=h["tricks"] if kind == "played" else None,
        thrown_in=kind == "thrown_in",
        renege_by=h["renege_side"] if kind == "renege" else None,
        trump=h["trump"],
    )


class AuctionLedgerProperty(TestCase):
    def setUp(self):
        self.club, _ = Club.objects.get_or_create(name="A", slug="a")
        self.user, _ = get_user_model().objects.get_or_create(username="o")
        Membership.objects.get_or_create(club=self.club, user=self.user, role="organizer")
        self.players = [services.player_get_or_create(club=self.club, name=n) for n in ("Ann", "Bo", "Cy")]

    def _game(self, spades_double):
        options = {"settlement": "auction", "spades_double": spades_double}
        profile, _ = RuleProfile.objects.get_or_create(
            club=self.club, name=f"auction {spades_double}", game_type=GameType.THREE_HANDED,
            defaults={"options": options},
        )
        return services.game_create(club=self.club, players=self.players, rule_profile=profile, by=self.user,
                                    game_type=GameType.THREE_HANDED)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands=st.lists(HAND, min_size=0, max_size=10), spades_double=st.booleans())
    def test_balances_sum_to_zero_and_equal_the_sum_of_the_per_hand_settlements(self, hands, spades_double):
        game = self._game(spades_double)
        rules = PinochleRules(players=3, settlement="auction", spades_double=spades_double)
        stored_rules = game.pinochle_rules()
        self.assertEqual((stored_rules.players, stored_rules.settlement, stored_rules.spades_double,
                          stored_rules.bid_values), (3, "auction", spades_double, rules.bid_values))

        expected = [0, 0, 0]
        per_hand = []
        for h in hands:
            services.entry_record(game=game, by=self.user, inputs=PinochleHandInput(**service_kwargs(h)))
            units = settle_hand(rules, engine_hand(h))
            self.assertEqual(sum(units), 0)
            per_hand.append(units)
            expected = [b + u for b, u in zip(expected, units)]

        game.refresh_from_db()
        self.assertEqual(game.hand_count, len(hands))
        self.assertEqual(game.status, "in_progress")
        balances = list(game.sides.order_by("side").values_list("total", flat=True))
        self.assertEqual(sum(balances), 0)
        self.assertEqual(balances, expected)

        # each stored hand row: its delta is that hand's settlement, its total the balance after it
        rows = HandSide.objects.filter(hand__game=game).order_by("hand__number", "side")
        stored = {}
        for row in rows.values_list("hand__number", "side", "delta", "total"):
            stored.setdefault(row[0], []).append(row[1:])
        running = [0, 0, 0]
        self.assertEqual(sorted(stored), list(range(1, len(hands) + 1)))
        for number, units in enumerate(per_hand, start=1):
            running = [b + u for b, u in zip(running, units)]
            self.assertEqual(stored[number], [(s, units[s], running[s]) for s in range(3)])
