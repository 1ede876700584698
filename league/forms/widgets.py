"""``NameChoices``: a ``ModelChoiceField``'s choices as ``(pk, name)`` rows.

A club's roster of 40 players made the check-in form a model instance per
choice; ``values_list`` gives the same choices (the label of a model whose
``__str__`` is its ``name``) without them. The widgets themselves are
Django's, rendered through its templates.
"""
from django.forms.models import ModelChoiceIterator


class NameChoices(ModelChoiceIterator):
    """``(pk, name)`` per row of the field's queryset, read with one ``values_list``."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        yield from self.queryset.values_list("pk", "name")
