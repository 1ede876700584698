"""``CheckboxList`` writes exactly the HTML of Django's own checkbox templates."""
from django import forms

from league.forms.widgets import CheckboxList

CHOICES = [(1, "Ann"), (2, 'Bo "the <b>"'), (3, "Cy & Di")]
GROUPED = [("North", [(1, "Ann"), (2, "Bo")]), ("South & <x>", [(3, "Cy")])]


def both(choices, value, attrs):
    ours = CheckboxList(choices=choices, attrs=attrs)
    django = forms.CheckboxSelectMultiple(choices=choices, attrs=attrs)
    return str(ours.render("players", value, {"id": "id_players"})), str(django.render("players", value, {"id": "id_players"}))


def test_a_checkbox_list_renders_as_djangos_templates():
    ours, django = both(CHOICES, [1, 3], {"class": "roster"})
    assert ours == django
    assert 'value="3" class="roster" id="id_players_2" checked' in ours and "Bo &quot;the &lt;b&gt;&quot;" in ours


def test_a_grouped_checkbox_list_renders_as_djangos_templates():
    ours, django = both(GROUPED, [2], {"data-x": True, "hidden": False})
    assert ours == django


def test_the_check_in_form_renders_as_with_djangos_widget(world):  # noqa: F811
    from league.forms import CheckInForm

    form = CheckInForm(night=world["night"])
    field = form["players"]
    django = forms.CheckboxSelectMultiple(choices=field.field.choices).render(
        "players", field.value(), {"id": field.auto_id})
    assert str(field) == str(django)
    assert str(field).count('type="checkbox"') == 8


from .test_authorization import world  # noqa: E402,F401 (fixture)


def test_a_checkbox_list_without_an_id_or_a_value_renders_as_djangos_templates():
    choices = [(None, "nobody"), (1, "Ann")]
    ours = CheckboxList(choices=choices).render("players", None)
    assert ours == forms.CheckboxSelectMultiple(choices=choices).render("players", None)
    assert ours == CheckboxList(choices=choices).render("players", [])
    assert 'value=""' in ours and "checked" not in ours


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


def test_a_textarea_renders_as_djangos_template():
    from league.forms.widgets import Textarea

    for value in (None, "", "Zed <b> & \"Al\"\nBo", 0):
        ours = Textarea(attrs={"rows": 2}).render("walk_ins", value, {"id": "id_walk_ins", "aria-describedby": "x"})
        assert ours == forms.Textarea(attrs={"rows": 2}).render("walk_ins", value, {"id": "id_walk_ins",
                                                                                    "aria-describedby": "x"})
    assert Textarea().render("w", "a<b").endswith(">\na&lt;b</textarea>")


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


def test_a_checkbox_list_with_attributes_after_its_id_renders_as_djangos_templates():
    attrs = {"id": "id_players", "aria-describedby": "id_players_helptext", "data-x": True, "hidden": False}
    rendered = {}
    for value in ([], [2], ["1", "3"], None):
        ours = CheckboxList(choices=CHOICES, attrs={"class": "roster"}).render("players", value, attrs)
        django = forms.CheckboxSelectMultiple(choices=CHOICES, attrs={"class": "roster"}).render("players", value, attrs)
        assert ours == django
        rendered[repr(value)] = ours
    assert 'value="2" class="roster" id="id_players_1" aria-describedby="id_players_helptext" data-x checked>' \
        in rendered["[2]"]
    assert rendered["None"].count(" checked") == 0 and rendered["['1', '3']"].count(" checked") == 2
