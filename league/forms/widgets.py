"""The check-in form's roster: ``NameChoices`` and ``CheckboxList``.

A club's roster of 40 players made the check-in form a model instance per
choice; ``values_list`` gives the same choices (the label of a model whose
``__str__`` is its ``name``) without them. ``CheckboxList`` is Django's
``CheckboxSelectMultiple`` with a template of its own
(``league/widgets/checkbox_list.html``): one loop over the choices where
Django's includes three templates per choice, which made the check-in form
half of the night page's render.
"""
from django import forms
from django.forms.models import ModelChoiceIterator


class NameChoices(ModelChoiceIterator):
    """``(pk, name)`` per row of the field's queryset, read with one ``values_list``."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        yield from self.queryset.values_list("pk", "name")


class CheckboxList(forms.CheckboxSelectMultiple):
    """A list of checkboxes without groups, each in its label (Django's markup)."""

    template_name = "league/widgets/checkbox_list.html"
