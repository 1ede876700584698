"""An entry's inputs are typed: each kind builds one frozen dataclass from its
form, and the entry workflow takes that dataclass and nothing else."""
import dataclasses

import pytest

from league.games import kinds
from league.games.cribbage.inputs import CribbageDealInput
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Hand
from league.services.workflow import entry_record, entry_update

from .conftest import played


class _Form:
    """What a kind reads from a valid entry form."""

    def service_kwargs(self, extra=()):
        return {}  # every field left out (UNSET): a kind's input takes none of another kind's fields

    def team_inputs(self):
        return [{}, {}]


@pytest.mark.parametrize("kind", kinds(), ids=lambda k: k.code)
def test_each_kinds_entry_input_is_a_frozen_dataclass(kind):
    entry = kind.entry_input(_Form())
    assert dataclasses.is_dataclass(entry) and not isinstance(entry, type)
    field = dataclasses.fields(entry)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(entry, field, 2)


@pytest.mark.django_db
def test_the_workflow_refuses_a_dict_when_recording(game, organizer):
    with pytest.raises(TypeError, match="PinochleHandInput, not a dict"):
        entry_record(game=game, by=organizer, inputs=dict(played(0, 250, (20, 0), (250, 0))))
    assert Hand.objects.filter(game=game).count() == 0


@pytest.mark.django_db
def test_the_workflow_refuses_another_kinds_input(game, organizer):
    with pytest.raises(TypeError, match="PinochleHandInput, not a CribbageDealInput"):
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(dealer=0))
    assert Hand.objects.filter(game=game).count() == 0


@pytest.mark.django_db
def test_the_workflow_refuses_a_dict_when_correcting(game, organizer):
    hand = entry_record(game=game, by=organizer,
                        inputs=PinochleHandInput(**played(0, 250, (20, 0), (250, 0))))
    with pytest.raises(TypeError, match="not a dict"):
        entry_update(hand=hand, by=organizer, inputs=dict(played(0, 300, (20, 0), (250, 0))))
    hand.refresh_from_db()
    assert (hand.bid, hand.version) == (250, 1)


def test_an_unknown_field_is_refused_by_the_input():
    with pytest.raises(TypeError):
        PinochleHandInput(bidder=0)
