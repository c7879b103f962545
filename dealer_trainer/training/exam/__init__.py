"""Exams from blueprints, screen-free (DESIGN.md, contract 3).

- :mod:`~dealer_trainer.training.exam.blueprint`: the blueprint as read (its sections, time
  limit, pass mark, attempts and validity);
- :mod:`~dealer_trainer.training.exam.periods`: the grammar of ``time_limit`` and
  ``valid_for``;
- :mod:`~dealer_trainer.training.exam.reader`: reading a blueprint file with ``file:line:col``
  errors;
- :mod:`~dealer_trainer.training.exam.fill`: which items of a bank each section may draw, and
  whether the bank can fill every section at once (one item per family);
- :mod:`~dealer_trainer.training.exam.check`: both, as ``dealer-trainer exam validate`` does;
- :mod:`~dealer_trainer.training.exam.draw`: an attempt's items and their option order.

This package imports none of them: a caller imports the one it uses.
"""
