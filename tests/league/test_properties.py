"""Properties of the stored ledger (Hypothesis, against the database)."""
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from league import services
from league.models import Club, Game, Hand, HandSide, Membership
from league.games.pinochle.hand_inputs import PinochleHandInput

TRICKS = st.integers(0, 25).map(lambda n: n * 10)
HAND = st.fixed_dictionaries({
    "bidder_seat": st.integers(0, 3),
    "bid": st.integers(0, 15).map(lambda n: 250 + 10 * n),
    "trump": st.sampled_from("SHDC"),
    "meld": st.tuples(st.integers(0, 30).map(lambda n: n * 10), st.integers(0, 30).map(lambda n: n * 10)),
    "tricks": TRICKS.map(lambda t: (t, 250 - t)),
})


class LedgerProperties(TestCase):
    def setUp(self):
        self.club, _ = Club.objects.get_or_create(name="P", slug="p")
        self.user, _ = get_user_model().objects.get_or_create(username="o")
        Membership.objects.get_or_create(club=self.club, user=self.user, role="organizer")
        self.players = [services.player_get_or_create(club=self.club, name=n) for n in "ABCD"]

    def _game(self):
        return services.game_create(club=self.club, players=self.players, by=self.user)

    def _state(self, game):
        return list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side")
                    .values_list("delta", "total")), list(game.sides.order_by("side").values_list("total", "won"))

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands=st.lists(HAND, min_size=3, max_size=6), edit=HAND)
    def test_editing_hand_3_then_restoring_it_restores_every_total(self, hands, edit):
        game = self._game()
        for h in hands:
            game.refresh_from_db()
            if game.is_finished:
                break
            services.entry_record(game=game, by=self.user, inputs=PinochleHandInput(**h))
        game.refresh_from_db()
        if game.hand_count < 3:
            return
        before = self._state(game)
        third = Hand.objects.get(game=game, number=3)
        try:
            services.entry_update(hand=third, by=self.user, inputs=PinochleHandInput(**edit))
        except ValidationError:  # an edit may end the game before later hands: refused, nothing changes
            self.assertEqual(self._state(game), before)
        services.entry_update(hand=Hand.objects.get(pk=third.pk), by=self.user, inputs=PinochleHandInput(**hands[2]))
        self.assertEqual(self._state(game), before)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands=st.lists(HAND, min_size=1, max_size=8))
    def test_each_stored_total_is_the_previous_total_plus_the_delta(self, hands):
        game = self._game()
        for h in hands:
            game.refresh_from_db()
            if game.is_finished:
                break
            services.entry_record(game=game, by=self.user, inputs=PinochleHandInput(**h))
        running = [0, 0]
        for row in HandSide.objects.filter(hand__game=game).order_by("hand__number", "side"):
            running[row.side] += row.delta
            self.assertEqual(row.total, running[row.side])
        self.assertEqual(list(game.sides.order_by("side").values_list("total", flat=True)), running)


HOSTILE = st.one_of(
    st.none(), st.integers(-10**12, 10**12), st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), max_size=12),
    st.sampled_from(["", "1e9", "NaN", "-0", "250.5", "N", "S", "♠", "played", "passed", "renege", "thrown_in"]),
)
FIELDS = ["kind", "dealer", "bidder_seat", "bid", "trump", "meld_0", "meld_1", "tricks_0", "tricks_1", "renege_side", "version"]


class HandFormFuzz(TestCase):
    def setUp(self):
        club, _ = Club.objects.get_or_create(name="F", slug="f")
        self.user, _ = get_user_model().objects.get_or_create(username="f")
        Membership.objects.get_or_create(club=club, user=self.user, role="organizer")
        players = [services.player_get_or_create(club=club, name=n) for n in "ABCD"]
        self.game = services.game_create(club=club, players=players, by=self.user)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.dictionaries(st.sampled_from(FIELDS), HOSTILE))
    def test_hostile_hand_posts_never_500_and_keep_the_ledger_consistent(self, data):
        self.client.force_login(self.user)
        post = {k: "" if v is None else str(v) for k, v in data.items()}
        response = self.client.post(reverse("league:hand_add", args=[self.game.public_id]), post)
        self.assertIn(response.status_code, (302, 400))
        game = Game.objects.get(pk=self.game.pk)
        self.assertEqual(game.hand_count, Hand.objects.filter(game=game).count())
        self.assertEqual(HandSide.objects.filter(hand__game=game).count(), 2 * game.hand_count)
        sides = list(game.sides.order_by("side").values_list("total", flat=True))
        last = HandSide.objects.filter(hand__game=game, hand__number=game.hand_count).order_by("side")
        self.assertEqual(sides, [r.total for r in last] if game.hand_count else [0, 0])


LEAGUE_FIELDS = ["name", "starts_on", "ends_on", "precedence_1", "precedence_2", "best_n", "confirmation", "date", "rounds", "form", "action", "players",
                 "walk_ins", "hand_limit", "first_table", "first_seat", "second_table", "second_seat",
                 "north", "east", "south", "west", "rule_profile", "first_dealer", "format", "bye_scoring",
                 "odd_players"]


class LeagueFormFuzz(TestCase):
    """Hostile posts to the league and new-game forms: never a 500, never a broken invariant."""

    def setUp(self):
        import datetime

        from league.models import RuleProfile

        self.club, _ = Club.objects.get_or_create(name="L", slug="l")
        self.user, _ = get_user_model().objects.get_or_create(username="lf")
        Membership.objects.get_or_create(club=self.club, user=self.user, role="organizer")
        profile, _ = RuleProfile.objects.get_or_create(club=self.club, name="R", defaults={"options": {}})
        self.league = services.league_create(club=self.club, name=f"F{Club.objects.count()}{Game.objects.count()}",
                                             rule_profile=profile) if not self.club.leagues.exists() else self.club.leagues.first()
        self.season = self.league.seasons.first() or services.season_create(
            league=self.league, name="S", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
        self.night = self.season.nights.first() or services.night_create(season=self.season, date=datetime.date(2026, 5, 1))

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.dictionaries(st.sampled_from(LEAGUE_FIELDS), HOSTILE), target=st.integers(0, 3))
    def test_hostile_league_posts_never_500(self, data, target):
        from league.models import Night, Round, Season

        self.client.force_login(self.user)
        c, lg, s = self.club.slug, self.league.slug, self.season.pk
        url = [reverse("league:club_leagues", args=[c]), reverse("league:league", args=[c, lg]),
               reverse("league:season", args=[c, lg, s]), reverse("league:night", args=[c, lg, s, self.night.pk]),
               ][target]
        post = {k: "" if v is None else str(v) for k, v in data.items()}
        response = self.client.post(url, post)
        self.assertIn(response.status_code, (200, 302, 400))
        for season in Season.objects.all():
            self.assertLessEqual(season.starts_on, season.ends_on)
        for night in Night.objects.all():
            self.assertTrue(1 <= night.rounds <= 20)
            self.assertLessEqual(night.round_set.count(), night.rounds)
        self.assertEqual(Round.objects.filter(tables__isnull=True).count(), 0)
