"""Rule profiles: one field per option, validated by PinochleRules, summarised in words."""
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.models import RuleProfile
from league.games import kind_for
from scoring.pinochle import PinochleRules

RuleProfileForm = kind_for("partnership").profile_form()
DEFAULTS = {k: v for k, v in PinochleRules().as_dict().items()}


def form_data(club, **changes):
    data = {"club": club.pk, "name": "Friday", "game_type": "partnership", **DEFAULTS, **changes}
    return {k: ("on" if v is True else "" if v is False else v) for k, v in data.items()}


def test_profile_form_stores_every_option(club):
    form = RuleProfileForm(data=form_data(club, target=1000, meld_saved_by="trick", extra_card_marries=True))
    assert form.is_valid(), form.errors
    profile = form.save()
    assert profile.rules() == PinochleRules(target=1000, meld_saved_by="trick", extra_card_marries=True)
    assert profile.summary == "1000 · min 250 by 10 · defenders need a trick · bidders win ties"


def test_profile_form_refuses_rounding_under_the_a10_scheme(club):
    form = RuleProfileForm(data=form_data(club, trick_scheme="A10", round_tricks=True))
    assert not form.is_valid()
    assert form.errors["round_tricks"] == [
        "round_tricks rounds to tens; scheme A10 counts 25 in all: choose scheme A, B or C, or no rounding"]
    assert not RuleProfile.objects.exists()


def test_profile_form_refuses_a_double_pinochle_off_tens(club):
    form = RuleProfileForm(data=form_data(club, double_pinochle=85))
    assert not form.is_valid()
    assert form.errors["double_pinochle"] == [
        "double_pinochle must be a positive multiple of 10 (e.g. 300, 80), not 85"]


def test_admin_add_profile_page_shows_the_options(client, club):
    admin = get_user_model().objects.create_superuser("admin", password="pw-admin-1")
    client.force_login(admin)
    html = client.get(reverse("admin:league_ruleprofile_add")).content.decode()
    assert "Defenders keep their meld when they take" in html and 'name="double_run"' in html


def test_cribbage_profile_form_stores_cribbage_options(club):
    CribbageProfileForm = kind_for("cribbage").profile_form()
    from scoring.cribbage import CribbageRules

    form = CribbageProfileForm(data={"club": club.pk, "name": "Crib 61", "target": 61, "game_points": "no_skunks",
                                     "spread": "margin"})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert profile.game_type == "cribbage"
    assert profile.rules() == CribbageRules(target=61, game_points="no_skunks")


def test_cribbage_profile_form_stores_count_past_the_hole(club):
    CribbageProfileForm = kind_for("cribbage").profile_form()
    from scoring.cribbage import CribbageRules

    form = CribbageProfileForm(data={"club": club.pk, "name": "Crib past", "target": 121, "game_points": "acc",
                                     "spread": "margin", "past_hole": "on"})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert profile.options["past_hole"] is True
    assert profile.rules() == CribbageRules(past_hole=True)


def test_cribbage_profile_form_refuses_a_target_of_100(club):
    CribbageProfileForm = kind_for("cribbage").profile_form()

    form = CribbageProfileForm(data={"club": club.pk, "name": "X", "target": 100, "game_points": "acc",
                                     "spread": "margin"})
    assert not form.is_valid()
    assert form.errors["target"] == ["Select a valid choice. 100 is not one of the available choices."]


def test_admin_adds_a_cribbage_profile(client, club):
    admin = get_user_model().objects.create_superuser("admin", password="pw-admin-1")
    client.force_login(admin)
    html = client.get(reverse("admin:league_ruleprofile_add") + "?game_type=cribbage").content.decode()
    assert "League game points" in html and 'name="min_bid"' not in html
