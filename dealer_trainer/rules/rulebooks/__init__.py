"""The built-in rulebooks: one module each, found by :func:`collect`.

A module of this package is one built-in ruleset. It defines

- ``RULESET``: its :class:`~dealer_trainer.rules.options.Ruleset`, named after the rulebook
  (``tda-2024``), with ``base`` its own name and ``family`` its own name when it is a rulebook
  of its own (a rulebook that only renames another's rules may share that family);
- ``ORDER``: its place among the built-in rulesets (the docs' columns, the menus): the lowest
  is the default.

Nothing else names a built-in rulebook: :data:`dealer_trainer.rules.rulesets.BUILTIN` is what
:func:`collect` finds here, so a new rulebook is a new module.
"""

from __future__ import annotations

import importlib
import pkgutil

from dealer_trainer.rules.options import Ruleset

__all__ = ["collect"]


def collect() -> dict[str, Ruleset]:
    """The rulesets of the modules in this package's path (its folder), by name, in their
    ``ORDER``."""
    found: list[tuple[int, Ruleset]] = []
    for info in pkgutil.iter_modules(list(__path__)):
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = module.RULESET
        if not isinstance(ruleset, Ruleset):
            raise TypeError(f"{module.__name__}.RULESET is not a Ruleset")
        found.append((int(module.ORDER), ruleset))
    found.sort(key=lambda pair: (pair[0], pair[1].name))
    rulesets = {ruleset.name: ruleset for _, ruleset in found}
    if len(rulesets) != len(found):
        raise ValueError("two built-in rulebook modules define rulesets of one name")
    return rulesets
