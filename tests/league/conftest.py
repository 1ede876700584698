"""Fixtures for the Django layer: a club with an organizer, four players and games."""
import pytest
from django.contrib.auth import get_user_model

from league import services
from league.models import Club, Membership, RuleProfile


@pytest.fixture
def club(db):
    return Club.objects.create(name="Test Club", slug="test")


@pytest.fixture
def organizer(club):
    user = get_user_model().objects.create_user("org", password="pw-org-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    return user


@pytest.fixture
def players(club):
    return [services.player_get_or_create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]


@pytest.fixture
def make_game(club, players, organizer):
    def make(**options):
        profile = None
        if options:
            profile = RuleProfile.objects.create(club=club, name=f"p{RuleProfile.objects.count()}", options=options)
        return services.game_create(club=club, players=players, rule_profile=profile, by=organizer)

    return make


@pytest.fixture
def game(make_game):
    return make_game()


def played(bidder_seat, bid, meld, tricks, trump="H", **kw):
    """The fields of a ``PinochleHandInput`` for a played hand."""
    return dict(kind="played", bidder_seat=bidder_seat, bid=bid, trump=trump, meld=meld, tricks=tricks, **kw)


def totals(game):
    return tuple(s.total for s in game.sides.order_by("side"))


def snapshot(game):
    """Every stored number of a game, to prove a refused write changed nothing."""
    from league.models import Hand, HandSide

    game.refresh_from_db()
    return (
        game.status, game.winner_side, game.hand_count, totals(game),
        list(Hand.objects.filter(game=game).order_by("number").values_list(
            "number", "kind", "bidder_seat", "bid", "trump", "made", "version")),
        list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side").values_list(
            "meld", "tricks", "counted_meld", "delta", "total")),
    )
