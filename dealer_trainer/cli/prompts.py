"""Asking the user, one question at a time: questionary in a terminal, a fake in tests.

Every interactive command takes a :class:`Prompter`; :class:`QuestionaryPrompter` is the real
one. questionary (and prompt_toolkit under it) is imported only when a prompt is shown, so a
command that asks nothing never pays for it. Ctrl-C at a prompt raises KeyboardInterrupt
(``unsafe_ask``), which the command turns into a clean stop.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

__all__ = ["Prompter", "QuestionaryPrompter", "interactive"]


class Prompter(Protocol):
    """Asks one question at a time (questionary in a terminal; a fake in tests)."""

    def select(
        self,
        message: str,
        choices: Sequence[tuple[str, str]],
        default: str,
        *,
        keys: Mapping[str, tuple[str, str]] | None = None,
    ) -> str:
        """Pick one of ``(value, label)`` choices; return the value. ``keys`` binds a letter
        to a choice's value, with the words the hint shows for it (``{"f": ("3", "floor")}``);
        a prompter that cannot bind keys may ignore it."""
        ...

    def text(self, message: str, default: str, check: Callable[[str], str | None]) -> str:
        """Free text; ``check`` returns an error message for a bad answer (None: fine)."""
        ...

    def checkbox(
        self, message: str, choices: Sequence[tuple[str, str]], default: Sequence[str]
    ) -> list[str]:
        """Pick any number of ``(value, label)`` choices; return the values."""
        ...


class QuestionaryPrompter:
    """Prompts with questionary; Ctrl-C raises KeyboardInterrupt (``unsafe_ask``)."""

    def select(
        self,
        message: str,
        choices: Sequence[tuple[str, str]],
        default: str,
        *,
        keys: Mapping[str, tuple[str, str]] | None = None,
    ) -> str:
        """Each option once, numbered and wrapped to the terminal; a number key picks it, and
        each letter of ``keys`` the choice it names (the hint says which)."""
        # start-up: the command imports only what it runs, when it runs
        import questionary
        from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
        from questionary.prompts.common import InquirerControl

        from dealer_trainer.cli.render import columns, wrap

        def title(number: int, label: str) -> str:  # three columns for questionary's pointer
            return "\n   ".join(wrap(f"{number}. {label}", columns() - 4))

        options = [
            questionary.Choice(title(n, lab), value=v) for n, (v, lab) in enumerate(choices, 1)
        ]
        letters = dict(keys or {})
        named = "".join(f"; {key}: {words}" for key, (_, words) in letters.items())
        hint = f"(number or arrow keys{named})"
        question = questionary.select(message, options, default=default or None, instruction=hint)
        app = question.application
        control = next(c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl))
        values = [value for value, _ in choices]
        bound = {str(index + 1): index for index in range(min(len(choices), 9))}
        bound |= {key: values.index(value) for key, (value, _) in letters.items()}
        bindings = KeyBindings()
        for key, index in bound.items():

            def pick(event: Any, index: int = index) -> None:
                control.pointed_at, control.is_answered = index, True
                event.app.exit(result=values[index])

            bindings.add(key, eager=True)(pick)
        app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
        return str(question.unsafe_ask())

    def text(self, message: str, default: str, check: Callable[[str], str | None]) -> str:
        # start-up: the command imports only what it runs, when it runs
        import questionary

        def validate(answer: str) -> bool | str:  # questionary: True, or what is wrong
            return check(answer) or True

        return str(questionary.text(message, default=default, validate=validate).unsafe_ask())

    def checkbox(
        self, message: str, choices: Sequence[tuple[str, str]], default: Sequence[str]
    ) -> list[str]:
        # start-up: the command imports only what it runs, when it runs
        import questionary

        options = [
            questionary.Choice(label, value=value, checked=value in default)
            for value, label in choices
        ]
        chosen = questionary.checkbox(message, choices=options).unsafe_ask()
        return [str(value) for value in chosen or ()]


def interactive() -> bool:
    """Whether both standard input and output are a terminal (so prompts can be shown)."""
    return sys.stdin.isatty() and sys.stdout.isatty()
