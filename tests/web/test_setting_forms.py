"""tutorial/web/setting_forms.py: every form that offers settings draws them from the engine's
registry, with the registry's words: the practice form, the friend form, the rules pages'
variant links and their 400 page."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from werkzeug.datastructures import MultiDict

from tutorial.catalogs import LANGUAGES
from tutorial.engine import Settings, setting_fields
from tutorial.web.setting_forms import WORDS, SettingProblem, read_settings, setting_choices


def _radios(html: str) -> dict[str, list[tuple[str, bool]]]:
    """Each radio button's name, value and whether it is checked."""
    found: dict[str, list[tuple[str, bool]]] = {}
    for name, value, rest in re.findall(r'<input type="radio" name="(\w+)" value="(\w+)"([^>]*)>', html):
        found.setdefault(name, []).append((value, "checked" in rest))
    return found


def test_every_setting_of_the_registry_has_its_words_in_every_language(app: Flask) -> None:
    assert set(WORDS) == {field.key for field in setting_fields()}
    english: dict[str, tuple[str, ...]] = {}
    for lang in LANGUAGES:
        with app.test_request_context(f"/{lang}/"):
            for choice in setting_choices():
                texts = tuple(o.text for o in choice.options)
                assert choice.legend and all(texts), (lang, choice.key)
                assert len(set(texts)) == len(texts), (lang, choice.key)  # no two values alike
                field = next(f for f in setting_fields() if f.key == choice.key)
                assert [o.value for o in choice.options] == list(field.values)
                if lang == "en":
                    english[choice.key] = texts
                else:
                    assert WORDS[choice.key].problem() != "", (lang, choice.key)
    with app.test_request_context("/fr/"):
        french = {c.key: tuple(o.text for o in c.options) for c in setting_choices()}
    assert french["quinte"] != english["quinte"]  # the words come from the catalogs


def test_the_value_given_is_chosen_and_a_value_not_allowed_leaves_the_default(app: Flask) -> None:
    defaults = {f.key: [f.default] for f in setting_fields()}
    with app.test_request_context("/en/"):
        given = {c.key: [o.value for o in c.options if o.chosen] for c in setting_choices({"quinte": "100"})}
        assert given == {**defaults, "quinte": [100]}
        refused = {c.key: [o.value for o in c.options if o.chosen] for c in setting_choices({"quinte": "75"})}
        assert refused == defaults
        links = setting_choices(scope="deal", url=lambda key, value: f"?{key}={value}")
        assert [c.key for c in links] == [f.key for f in setting_fields("deal")]
        assert [o.url for o in links[0].options] == ["?quinte=50", "?quinte=100"]


def test_a_form_gives_each_setting_once_with_a_value_it_allows(app: Flask) -> None:
    last = {f.key: str(f.values[-1]) for f in setting_fields()}  # every setting away from its default
    with app.test_request_context("/en/"):
        chosen = read_settings(MultiDict(last))
        assert all(getattr(chosen, f.name) == f.values[-1] for f in setting_fields())
        assert read_settings(MultiDict({"level": "club"})) == Settings()  # absent: the default
        cases = {
            "quinte": MultiDict([("quinte", "50"), ("quinte", "100")]),  # twice
            "target": MultiDict({"target": "7"}),  # a value not allowed
        }
        for key, args in cases.items():
            with pytest.raises(SettingProblem) as problem:
                read_settings(args)
            assert problem.value.field is not None and problem.value.field.key == key
            assert problem.value.message == WORDS[key].problem()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_practice_form_offers_every_setting_with_its_default_checked(
    client: FlaskClient, lang: str
) -> None:
    radios = _radios(client.get(f"/{lang}/play").get_data(as_text=True))
    for field in setting_fields():
        assert radios[field.key] == [(str(v), v == field.default) for v in field.values], field.key


def test_the_rules_pages_offer_the_deal_settings_as_links(client: FlaskClient) -> None:
    html = client.get("/es/rules/declarations?quinte=100").get_data(as_text=True)
    navs = re.findall(
        r'<nav class="rules-setting" aria-labelledby="rules-(\w+)-label">(.*?)</nav>', html, re.S
    )
    assert [key for key, _ in navs] == [f.key for f in setting_fields("deal")]  # not the match's
    # The value shown is said in a whole sentence, not as a link; each other value is a link.
    said = re.findall(r'<p id="rules-quinte-label">([^<]+)</p>', navs[0][1])
    assert len(said) == 1 and "100" in said[0] and "50" not in said[0]
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', navs[0][1])
    assert [(href.endswith("quinte=50"), "50" in text) for href, text in links] == [(True, True)]
    for _key, nav in navs:  # a link that changes one setting keeps the others asked for
        assert all("quinte=" in href for href in re.findall(r'href="([^"]+)"', nav))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_value_the_rules_do_not_have_is_a_400_page_with_the_allowed_ones(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    response = client.get(f"/{lang}/rules/cards?quinte=75")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    with app.test_request_context(f"/{lang}/"):
        said = WORDS["quinte"].problem()
    assert str(escape(said)) in html
    for value in (50, 100):
        assert f'href="/{lang}/rules/cards?quinte={value}"' in html
