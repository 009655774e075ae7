"""Settings as one value (rules 12 and 17): the field registry, JSON and query forms."""

from __future__ import annotations

import pytest

from tutorial.engine import (
    MATCH_TARGETS,
    QUINTE_VALUES,
    SettingError,
    Settings,
    setting_fields,
)


def test_the_registry_names_every_setting_once_with_its_rule_and_default():
    fields = setting_fields()
    assert [(f.name, f.key, f.values, f.rule, f.scope) for f in fields] == [
        ("quinte_value", "quinte", QUINTE_VALUES, 12, "deal"),
        ("match_target", "target", MATCH_TARGETS, 17, "match"),
    ]
    assert Settings() == Settings(**{f.name: f.default for f in fields})
    assert set(Settings.__slots__) == {f.name for f in fields}


def test_a_deal_carries_the_quinte_and_a_match_the_target():
    assert [f.key for f in setting_fields("deal")] == ["quinte"]
    assert [f.key for f in setting_fields("match")] == ["target"]


@pytest.mark.parametrize("settings", [Settings(q, t) for q in QUINTE_VALUES for t in MATCH_TARGETS])
def test_every_settings_value_comes_back_from_its_json_and_its_query(settings):
    assert Settings.from_json(settings.to_json()) == settings
    query = {key: str(value) for key, value in settings.to_json().items()}
    assert Settings.from_query(query) == settings


def test_a_missing_setting_takes_its_default_so_older_forms_stay_valid():
    assert Settings.from_json({}) == Settings()
    assert Settings.from_json({"quinte": 100}) == Settings(quinte_value=100)
    assert Settings.from_query({"quinte": "100", "utm": "x"}) == Settings(quinte_value=100)


def test_a_scope_reads_and_writes_only_its_own_settings():
    assert Settings(100, 2).to_json("deal") == {"quinte": 100}
    assert Settings.from_query({"quinte": "100", "target": "2"}, scope="deal") == Settings(quinte_value=100)
    with pytest.raises(SettingError):
        Settings.from_json({"quinte": 100, "target": 2}, scope="deal")


@pytest.mark.parametrize("obj", [[], "50", {"quinte": 75}, {"quinte": 100.0}, {"quinte": True}, {"match": 3}])
def test_json_that_is_not_a_setting_is_refused_saying_which(obj):
    with pytest.raises(SettingError) as caught:
        Settings.from_json(obj)
    if isinstance(obj, dict) and "quinte" in obj:
        assert caught.value.field is not None and caught.value.field.key == "quinte"
    else:
        assert caught.value.field is None


@pytest.mark.parametrize("text", ["75", "abc", "", " 50", "050", "50.0", "9" * 400])
def test_query_text_is_compared_with_the_spellings_never_converted(text):
    with pytest.raises(SettingError) as caught:
        Settings.from_query({"quinte": text})
    assert caught.value.given == text


def test_the_dix_de_der_is_read_from_the_settings():
    assert Settings().last_trick_bonus == Settings(100, 2).last_trick_bonus == 10


def test_the_short_form_leaves_out_the_defaults_and_reads_back_the_same():
    assert Settings().to_json(defaults=False) == {}
    assert Settings(100, 2).to_json(defaults=False) == {"quinte": 100, "target": 2}
    for settings in (Settings(), Settings(100), Settings(50, 2)):
        assert Settings.from_json(settings.to_json(defaults=False)) == settings
