"""The drill: endless practice on hands the engine deals itself, the trainee being the dealer.

:mod:`.session` is the drill a trainee takes (points, picks judged by the engine, the summary);
:mod:`.players` plays the players' part, :mod:`.injection` makes dealer errors from the
engine's records, :mod:`.options` builds each point's options.
"""
