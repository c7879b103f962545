"""The forms of a room's pages (FlaskForm: each with its CSRF token)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    DateField,
    IntegerField,
    RadioField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from dealer_trainer import assignments as assigned
from dealer_trainer.accounts import TRAINEE
from dealer_trainer.rules.topics import TOPICS

__all__ = ["AssignForm", "InviteForm", "ItemForm", "RulesetForm", "UploadForm"]


class InviteForm(FlaskForm):
    role = RadioField(
        "They join as",
        choices=[SelectChoice(TRAINEE, "Trainee")],
        default=TRAINEE,
        validators=[InputRequired("Choose a role.")],
    )
    hours = RadioField(
        "The code works for",
        choices=[
            SelectChoice("24", "one day"),
            SelectChoice("72", "three days"),
            SelectChoice("168", "a week"),
        ],
        default="72",
        validators=[InputRequired("Choose how long the code works.")],
    )


class AssignForm(FlaskForm):
    title = StringField(
        "Title",
        validators=[DataRequired("Give the quiz a title."), Length(max=assigned.MAX_TITLE)],
    )
    topics = SelectMultipleField(
        "Topics (none chosen: every topic)",
        choices=[SelectChoice(topic.slug, topic.title) for topic in TOPICS],
        validators=[Optional()],
    )
    length = IntegerField(
        "Number of questions",
        default=10,
        validators=[
            InputRequired("Give a number of questions."),
            NumberRange(1, assigned.MAX_LENGTH, f"From 1 to {assigned.MAX_LENGTH} questions."),
        ],
    )
    due = DateField("Due date (optional)", validators=[Optional()])


class UploadForm(FlaskForm):
    kind = RadioField(
        "This is",
        choices=[
            SelectChoice("scenario", "a scenario"),
            SelectChoice("ruleset", "a house ruleset"),
        ],
        default="scenario",
        validators=[InputRequired("Choose what you upload.")],
    )
    file = FileField("A YAML file")
    text = TextAreaField("Or paste its text", render_kw={"rows": 16, "spellcheck": "false"})


class RulesetForm(FlaskForm):
    ruleset = RadioField("The room's ruleset", validators=[InputRequired("Choose a ruleset.")])


class ItemForm(FlaskForm):
    """An item of the room's analysis, to retire or restore."""

    item = StringField("Item", validators=[DataRequired(), Length(max=200)])
