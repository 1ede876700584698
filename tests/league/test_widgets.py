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
