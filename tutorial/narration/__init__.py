"""Narration: the translated sentences of a narrated deal, made from the engine's events.

Nothing here reads Flask request state: the language (or a translator) is passed in, so the
future practice table can reuse it. See :mod:`tutorial.narration.names` for card names and
:mod:`tutorial.narration.narrate` for the sentences of a step.
"""
