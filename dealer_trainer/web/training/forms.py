"""The forms that start a run (FlaskForm: each with its CSRF token)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import HiddenField, IntegerField, SelectChoice, SelectField, SelectMultipleField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from dealer_trainer.store import MAX_ID

__all__ = ["AssignedForm", "KeptListWidget", "RoomForm", "StartForm"]

LENGTHS = (5, 10, 20)


class KeptListWidget(ListWidget):
    """WTForms' list of options, each list drawn once per process and then reused: the
    home page's topic checkboxes (some thirty) cost WTForms more than the rest of the page.
    What a list looks like depends only on the field's id and name, its choices (value,
    label, ticked or not, their attributes), its flags and attributes and those given here:
    all of them are the key, so a list differing in any of them is drawn afresh."""

    #: the most lists kept (each is a few kilobytes)
    KEEP = 64

    def __init__(self, html_tag: str = "ul", prefix_label: bool = True) -> None:
        super().__init__(html_tag=html_tag, prefix_label=prefix_label)
        self._kept: OrderedDict[Hashable, Markup] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, field: Any, **kwargs: Any) -> Markup:
        key = self._key(field, kwargs)
        if key is None:
            return Markup(super().__call__(field, **kwargs))
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        drawn = Markup(super().__call__(field, **kwargs))
        with self._lock:
            self._kept[key] = drawn
            while len(self._kept) > self.KEEP:
                self._kept.popitem(last=False)
        return drawn

    @staticmethod
    def _key(field: Any, kwargs: dict[str, Any]) -> Hashable | None:
        """What the drawn list depends on (None: something unhashable, not kept)."""
        key = (
            type(field),
            field.id,
            field.name,
            tuple(sorted(kwargs.items())),
            tuple(sorted((field.render_kw or {}).items())),
            tuple(sorted(vars(field.flags).items())),
            tuple(
                (c.value, c.label, c.selected, tuple(sorted((c.render_kw or {}).items())))
                for c in field.iter_choices()
            ),
        )
        try:
            hash(key)
        except TypeError:
            return None
        return key


class MultiCheckbox(SelectMultipleField):
    widget = KeptListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class StartForm(FlaskForm):
    """Start a quiz: the room (when the person has several), topics (none: all), length."""

    room = SelectField("Room", coerce=int, validators=[InputRequired("Choose a room.")])
    topics = MultiCheckbox("Topics (none ticked: every topic)", choices=[], validate_choice=True)
    length = SelectField(
        "How many questions",
        coerce=int,
        choices=[SelectChoice(n, str(n)) for n in LENGTHS],
        default=10,
        validators=[InputRequired("Choose how many questions.")],
    )


class AssignedForm(FlaskForm):
    """Start an assigned quiz (its room and number are hidden fields)."""

    room = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=MAX_ID)])
    assignment = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=MAX_ID)])


class RoomForm(FlaskForm):
    """Start a review or a drill in a room."""

    room = HiddenField(validators=[Optional()])
