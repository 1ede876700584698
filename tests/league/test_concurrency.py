"""Two devices at once. Against PostgreSQL the game row is locked with
SELECT ... FOR UPDATE; SQLite has no row locks, so every write transaction
starts IMMEDIATE (config/settings/base.py) and takes the database's write lock
at BEGIN: the second device waits, then sees the first device's hand. Either
way exactly one hand is stored and the other device is told so."""
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from league import services
from league.models import Hand

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls):
    """Run the calls in threads released together; return each result or exception."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, fn):
        try:
            barrier.wait()
            results[i] = fn()
        except Exception as e:  # the outcome under test
            results[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_two_devices_entering_the_same_hand_store_exactly_one(game, organizer):
    def enter(bid):
        return lambda: services.entry_record(game=game, by=organizer, expected_number=1,
                                             inputs=PinochleHandInput(**played(0, bid, (150, 60), (170, 80))))

    for _ in range(3):
        Hand.objects.filter(game=game).delete()
        type(game).objects.filter(pk=game.pk).update(hand_count=0)
        game.sides.update(total=0)
        outcomes = race(enter(300), enter(310))
        stored = [o for o in outcomes if isinstance(o, Hand)]
        refused = [o for o in outcomes if isinstance(o, ValidationError)]
        assert len(stored) == 1 and len(refused) == 1, outcomes
        assert Hand.objects.filter(game=game).count() == 1
        assert refused[0].messages[0].startswith("Hand 1 was just entered from another device: N–S ")


def test_two_stale_edits_one_wins_and_the_other_is_refused(game, organizer):
    hand = services.entry_record(game=game, by=organizer,
                                 inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))

    def edit(tricks):
        return lambda: services.entry_update(hand=hand, by=organizer, expected_version=1,
                                             inputs=PinochleHandInput(**played(0, 300, (150, 60), tricks)))

    outcomes = race(edit((160, 90)), edit((180, 70)))
    refused = [o for o in outcomes if isinstance(o, ValidationError)]
    assert len(refused) == 1, outcomes
    assert refused[0].messages == ["Hand 1 was changed by someone else meanwhile; here are the current values."]
    hand.refresh_from_db()
    assert hand.version == 2
