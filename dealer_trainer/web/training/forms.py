"""The forms that start a run (FlaskForm: each with its CSRF token)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, SelectChoice, SelectField, SelectMultipleField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from dealer_trainer.store import MAX_ID

__all__ = ["AssignedForm", "RoomForm", "StartForm"]

LENGTHS = (5, 10, 20)


class MultiCheckbox(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
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
