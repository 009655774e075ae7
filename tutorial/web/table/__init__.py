"""The card table every page family draws: narrated deals, replays, play-along and the practice
table (and the coming two-person table).

- :mod:`.model`: the table as typed, frozen data (``Table``, ``SideView``, ``Hand``,
  ``CardView``, ``TrickCard``), built once by ``build_table`` from a ``Deal``; ``_table.html``
  draws it;
- :mod:`.labels`: the table's and the narrated pages' words (the ``messages`` domain);
- :mod:`.chart`: the picture of a deal (the chance of winning, decision by decision),
  ``_chart.html``;
- :mod:`.links`: the link from a rule point to its paragraph of the rules.

Nothing here imports a page family (``web.demo``, ``web.replay``, ``web.play``): they import it.
"""
