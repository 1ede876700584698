"""The check-in form's choices (``NameChoices``) are those Django's model choice field lists."""
from django import forms


def test_the_check_in_form_renders_as_with_djangos_widget(world):  # noqa: F811
    from league.forms import CheckInForm

    form = CheckInForm(night=world["night"])
    field = form["players"]
    django = forms.CheckboxSelectMultiple(choices=field.field.choices).render(
        "players", field.value(), {"id": field.auto_id})
    assert str(field) == str(django)
    assert str(field).count('type="checkbox"') == 8


from .test_authorization import world  # noqa: E402,F401 (fixture)


def test_the_check_in_forms_names_are_the_model_choices_django_would_list(world):  # noqa: F811
    from django.forms.models import ModelChoiceIterator

    from league.forms import CheckInForm

    field = CheckInForm(night=world["night"]).fields["players"]
    django = [(str(v), label) for v, label in ModelChoiceIterator(field)]
    assert [(str(v), label) for v, label in field.choices] == django
    assert len(django) == 8


def test_the_check_in_forms_teams_are_the_model_choices_django_would_list(world, players):  # noqa: F811
    from django.forms.models import ModelChoiceIterator

    from league import services
    from league.forms import CheckInForm
    from league.models import LeagueFormat

    league = services.league_create(club=world["club"], name="Teams", rule_profile=world["league"].rule_profile,
                                    format=LeagueFormat.FIXED)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    services.team_create(season=season, player_a=players[0], player_b=players[1], name="Zed & <b>")
    services.team_create(season=season, player_a=players[2], player_b=players[3])
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    field = CheckInForm(night=night).fields["teams"]
    django = [(str(v), label) for v, label in ModelChoiceIterator(field)]
    assert [(str(v), label) for v, label in field.choices] == django
    assert len(django) == 2


def test_the_swap_form_renders_as_with_djangos_templates():
    from django.forms.renderers import DjangoTemplates

    from league.forms import SwapSeatsForm

    data = {"first_table": "x", "first_seat": "2", "second_table": "1", "second_seat": "9"}
    for form in (SwapSeatsForm(), SwapSeatsForm(data)):
        ours = [str(f) for f in form]
        django = [str(f) for f in SwapSeatsForm(form.data or None, renderer=DjangoTemplates())]
        assert ours == django
    assert 'value="x"' in ours[0] and '<option value="2" selected>S</option>' in ours[1]


D = __import__("datetime").date


