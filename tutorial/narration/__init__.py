"""Narration: the translated sentences of a narrated deal, made from the engine's events.

Nothing here reads Flask request state: a :class:`tutorial.narration.language.Speaker` (one
per request, built by the web layer) is passed in. See :mod:`tutorial.narration.language` for
the words of a language, :mod:`tutorial.narration.narrate` for the sentences of a step and
:mod:`tutorial.narration.coach` for the coach's.
"""
