"""The lock race: a table link's edit and the organizer's lock at the same
moment. Entry services take the night's row lock as night_lock does
(league.services.trust.check_write), so one of the two is refused and a
locked night never holds an unconfirmed hand (SQLite and PostgreSQL)."""
import time

import pytest
from django.core.exceptions import ValidationError

from league import services
from league.models import Hand, HandStatus, Night
from league.services.trust import Actor

from .conftest import played
from .test_concurrency import race
from .test_trust import night_game  # noqa: F401 (fixture)
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = pytest.mark.django_db(transaction=True)
FINAL = played(0, 1300, (1300, 0), (250, 0))


def test_a_locked_night_never_holds_an_unconfirmed_hand(night_game, organizer, monkeypatch):  # noqa: F811
    import league.services.workflow as hands  # every entry write checks the night there

    checked = hands.check_write

    def slow_check(*args, **kwargs):  # the edit has checked the night, and is still writing...
        night = checked(*args, **kwargs)
        time.sleep(0.3)
        return night

    def lock_meanwhile():  # ...when the organizer locks
        time.sleep(0.1)
        return services.night_lock(night=night, by=organizer)

    monkeypatch.setattr(hands, "check_write", slow_check)
    services.entry_record(game=night_game, by=organizer, inputs=PinochleHandInput(**FINAL))
    night = Night.objects.get(round_set__tables__game=night_game)
    seen = set()
    for trial in range(4):
        Night.objects.filter(pk=night.pk).update(status=Night.Status.OPEN, locked_at=None, locked_by=None)
        hand = Hand.objects.get(game=night_game)
        Hand.objects.filter(pk=hand.pk).update(status=HandStatus.CONFIRMED)
        hand.refresh_from_db()
        link = Actor(link=True, side=0, device=f"phone-{trial}")
        outcomes = race(
            lambda: services.entry_update(hand=hand, by=link,
                                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (240 - trial, 10 + trial)))),
            lock_meanwhile,
        )
        refused = [o for o in outcomes if isinstance(o, ValidationError)]
        assert len(refused) == 1, outcomes
        seen.add(type(outcomes[0]).__name__)
        locked = Night.objects.get(pk=night.pk).status == Night.Status.LOCKED
        waiting = Hand.objects.filter(game=night_game).exclude(status=HandStatus.CONFIRMED).count()
        assert not (locked and waiting), (trial, outcomes)
        assert locked != bool(waiting)


@pytest.mark.django_db
def test_the_organizers_confirm_on_a_locked_night_asks_for_a_reason_with_a_field(client, night_game, organizer):  # noqa: F811
    import re

    from django.urls import reverse

    from league.models import ChangeLog

    services.entry_record(game=night_game, by=Actor(link=True, side=0, device="p"), inputs=PinochleHandInput(**FINAL))
    Night.objects.filter(round_set__tables__game=night_game).update(status=Night.Status.LOCKED)
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[night_game.public_id])).content.decode()
    form = re.search(r'<form method="post" action="([^"]+/confirm/)".*?</form>', html, re.S)
    assert form and 'name="reason"' in form.group(0)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.group(0)).group(1)
    assert client.post(form.group(1), {"csrfmiddlewaretoken": token}).status_code == 400
    assert client.post(form.group(1), {"csrfmiddlewaretoken": token, "reason": "slip found"}).status_code == 302
    assert Hand.objects.get(game=night_game).status == HandStatus.CONFIRMED
    assert ChangeLog.objects.get().reason == "slip found"
