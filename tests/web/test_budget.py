"""A search's time budget (tutorial/web/budget.py): past it, the 503 page in the URL's
language with Retry-After, and the worker goes on."""

from __future__ import annotations

import signal

import pytest

from tutorial.web import budget, create_app
from tutorial.web.play import computer
from tutorial.web.play.games import advance, dumps, new_game

KEY = "a test key for the budget"


def test_a_search_over_its_budget_is_the_busy_page_then_the_next_request_is_served() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": KEY, "SEARCH_BUDGET": 0.001})
    client = app.test_client()
    token = dumps(advance(new_game("expert"), KEY, computer.choose), KEY)
    response = client.get(f"/fr/play/{token}?hint=1")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_data(as_text=True)
    assert 'lang="fr"' in body and "L’ordinateur est occupé" in body
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no timer left running
    # The worker goes on: with a budget the search fits in, the same request is answered.
    app.config["SEARCH_BUDGET"] = 60
    assert client.get(f"/fr/play/{token}?hint=1").status_code == 200
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.slow
def test_no_budget_by_default() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": KEY})
    token = dumps(advance(new_game("expert"), KEY, computer.choose), KEY)
    assert app.test_client().get(f"/es/play/{token}?hint=1").status_code == 200


def test_the_timer_stops_a_search_and_nothing_else() -> None:
    # Rung outside a search (a catalog being read, a template drawn), the timer only marks the
    # request: the next search it starts stops at once; rung inside one, it stops it there.
    budget._Request.over = False
    budget._over_budget(signal.SIGALRM, None)  # no exception here
    with pytest.raises(budget.SearchTimeout), budget.searching():
        pytest.fail("a search started after the time was up")
    budget._Request.over = False
    with pytest.raises(budget.SearchTimeout), budget.searching():
        budget._over_budget(signal.SIGALRM, None)
    assert budget._Request.searching == 0
