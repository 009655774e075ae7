"""The command line, run as a user would: ``python -m tutorial.engine random`` and ``replay``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial.engine import Combination, DealRecord, replay

ROOT = Path(__file__).resolve().parents[2]
DECISION_KEYS = ["kind", "trick", "player", "choices", "action"]
END_KEYS = ["kind", "card_points", "declared", "totals", "winner", "chouine"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tutorial.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.fixture(scope="module")
def records_text() -> str:
    proc = run("random", "--seed", "17", "--count", "300")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


@pytest.fixture(scope="module")
def records(records_text: str) -> list[dict]:
    return [json.loads(line) for line in records_text.splitlines()]


@pytest.fixture(scope="module")
def replayed(records_text: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    path = tmp_path_factory.mktemp("cli") / "records.jsonl"
    path.write_text(records_text, encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return [json.loads(line) for line in proc.stdout.splitlines()]


# ------------------------------------------------------------------ random


@pytest.mark.slow
def test_random_writes_count_records_one_per_line(records_text, records):
    assert records_text.endswith("\n")
    assert len(records_text.splitlines()) == len(records) == 300
    for obj in records:
        assert list(obj) == ["format", "version", "rules", "dealer", "players", "deck", "actions"]
        assert obj["format"] == "chouine-deal" and obj["version"] == 1
        assert obj["rules"] == {"quinte": 50}
        assert obj["dealer"] in (0, 1)
        assert len(obj["deck"]) == 32 and len(set(obj["deck"])) == 32
        rep = replay(DealRecord.from_json(obj))  # complete and legal
        assert rep.final.is_over


@pytest.mark.slow
def test_random_is_reproducible_from_its_seed():
    a = run("random", "--seed", "5", "--count", "3").stdout
    b = run("random", "--seed", "5", "--count", "3").stdout
    c = run("random", "--seed", "6", "--count", "3").stdout
    assert a == b != c
    assert len(a.splitlines()) == 3


def test_random_quinte_setting_is_recorded():
    out = run("random", "--seed", "1", "--count", "2", "--quinte", "100").stdout
    assert all(json.loads(line)["rules"] == {"quinte": 100} for line in out.splitlines())


@pytest.mark.slow
def test_quinte_worth_100_records_replay_with_100(tmp_path):
    out = run("random", "--seed", "3", "--count", "120", "--quinte", "100").stdout
    path = tmp_path / "q100.jsonl"
    path.write_text(out, encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    ends = [json.loads(line) for line in proc.stdout.splitlines() if '"kind": "end"' in line]
    objs = [json.loads(line) for line in out.splitlines()]
    quintes = 0
    for obj, end in zip(objs, ends, strict=True):
        for player in (0, 1):
            rep = replay(DealRecord.from_json(obj))
            values = [d.value for d in rep.final.declarations if d.player == player]
            kinds = [d.combination for d in rep.final.declarations if d.player == player]
            assert end["declared"][player] == sum(values)
            if Combination.QUINTE in kinds:
                quintes += 1
                assert values[kinds.index(Combination.QUINTE)] == 100
    assert quintes > 0


def test_random_records_exercise_every_kind_of_action(records):
    kinds = set()
    for obj in records:
        for token in obj["actions"]:
            if token in ("swap", "pass"):
                kinds.add(token)
            else:
                kinds.add(token.partition("/")[2] or "card")
    assert kinds == {"card", "swap", "pass", *(c.token for c in Combination)}


# ------------------------------------------------------------------ replay output


def split_per_record(lines: list[dict]) -> list[list[dict]]:
    out, current = [], []
    for obj in lines:
        current.append(obj)
        if obj["kind"] == "end":
            out.append(current)
            current = []
    assert current == []
    return out


def test_replay_prints_one_decision_line_per_action_then_an_end_line(records, replayed):
    per_record = split_per_record(replayed)
    assert len(per_record) == len(records)
    for obj, lines in zip(records, per_record, strict=True):
        *decisions, end = lines
        assert [d["action"] for d in decisions] == obj["actions"]
        rep = replay(DealRecord.from_json(obj))
        for d, step in zip(decisions, rep.steps, strict=True):
            assert list(d) == DECISION_KEYS
            assert d["kind"] == "decision"
            assert d["trick"] == step.trick and isinstance(d["trick"], int) and 1 <= d["trick"] <= 16
            assert d["player"] == step.player and d["player"] in (0, 1)
            assert d["choices"] == sorted(d["choices"]) == step.before.legal_tokens()
            assert d["action"] in d["choices"]
        assert list(end) == END_KEYS
        result = rep.final.result
        assert end["kind"] == "end"
        assert end["declared"] == list(result.declared)
        assert end["winner"] == result.winner and end["chouine"] == result.chouine
        if result.chouine is None:
            assert end["card_points"] == list(result.card_points)
            assert sum(end["card_points"]) == 130
            assert end["totals"] == [a + b for a, b in zip(end["card_points"], end["declared"], strict=True)]
            a, b = end["totals"]
            assert end["winner"] == (None if a == b else int(b > a))
        else:
            assert end["card_points"] is None and end["totals"] is None
            assert end["winner"] == end["chouine"] in (0, 1)


def test_replay_reads_standard_input_too(records_text, replayed):
    first_five = "".join(records_text.splitlines(keepends=True)[:5])
    proc = run("replay", "-", stdin="\n" + first_five + "\n")  # blank lines are skipped
    assert proc.returncode == 0 and proc.stderr == ""
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines == replayed[: len(lines)]
    assert len(split_per_record(lines)) == 5


def test_replay_output_lines_are_compact_json(records_text):
    proc = run("replay", "-", stdin=records_text.splitlines()[0] + "\n")
    first = proc.stdout.splitlines()[0]
    assert first.startswith('{"kind": "decision", "trick": 1, "player": ')


# ------------------------------------------------------------------ malformed records


def good_record(records: list[dict]) -> dict:
    """A complete record without a chouine (so that it has 32 or more actions)."""
    return next(r for r in records if len(r["actions"]) >= 33 and "pass" in r["actions"])


def broken(records, **changes) -> str:
    obj = json.loads(json.dumps(good_record(records)))
    for key, value in changes.items():
        if value is KeyError:
            del obj[key]
        else:
            obj[key] = value
    return json.dumps(obj)


def assert_refused(proc, *fragments: str, record: int = 1) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-300:], proc.stderr)
    assert "Traceback" not in proc.stderr
    err_lines = proc.stderr.splitlines()
    assert len(err_lines) == 1, proc.stderr
    line = err_lines[0]
    assert f"record {record}" in line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


MALFORMED = {
    "not_json": lambda _r: "{this is not json",
    "json_but_not_an_object": lambda _r: "[1, 2, 3]",
    "null": lambda _r: "null",
    "wrong_format": lambda r: broken(r, format="chouine-game"),
    "missing_format": lambda r: broken(r, format=KeyError),
    "wrong_version": lambda r: broken(r, version=2),
    "version_as_string": lambda r: broken(r, version="1"),
    "version_true": lambda r: broken(r, version=True),
    "version_float": lambda r: broken(r, version=1.0),
    "quinte_float": lambda r: broken(r, rules={"quinte": 100.0}),
    "deck_31_cards": lambda r: broken(r, deck=good_record(r)["deck"][:31]),
    "deck_33_cards": lambda r: broken(r, deck=[*good_record(r)["deck"], "AH"]),
    "deck_duplicate_card": lambda r: broken(r, deck=(lambda d: [*d[:31], d[0]])(good_record(r)["deck"])),
    "deck_bad_code": lambda r: broken(r, deck=["1H", *good_record(r)["deck"][1:]]),
    "deck_missing": lambda r: broken(r, deck=KeyError),
    "dealer_2": lambda r: broken(r, dealer=2),
    "dealer_string": lambda r: broken(r, dealer="0"),
    "dealer_missing": lambda r: broken(r, dealer=KeyError),
    "quinte_75": lambda r: broken(r, rules={"quinte": 75}),
    "unknown_rule": lambda r: broken(r, rules={"quinte": 50, "match": 3}),
    "unknown_key": lambda r: broken(r, colour="blue"),
    "actions_not_a_list": lambda r: broken(r, actions="AH KH"),
    "actions_not_strings": lambda r: broken(r, actions=[1, 2]),
    "players_wrong": lambda r: broken(r, players=["Alice"]),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record_exit_2_one_line_naming_the_record(records, case):
    proc = run("replay", "-", stdin=MALFORMED[case](records) + "\n")
    assert_refused(proc)
    assert proc.stdout == ""  # nothing presented as a result


def test_bad_token_names_the_action_and_the_trick(records):
    rec = good_record(records)
    actions = list(rec["actions"])
    actions[4] = "ZZ"
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    assert_refused(proc, "'ZZ'", "trick 3")
    assert proc.stdout == ""


def test_bad_declaration_token_names_the_action(records):
    actions = list(good_record(records)["actions"])
    actions[0] = actions[0] + "/marriage"
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    assert_refused(proc, "marriage", "trick 1")


def test_illegal_action_names_action_trick_and_reason(records):
    rec = good_record(records)
    deal_record = DealRecord.from_json(rec)
    rep = replay(deal_record)
    # Find a step in strict play where some card in hand may not be played; play it instead.
    for step in rep.steps:
        bad = [o for o in step.before.card_options() if not o.legal]
        if bad:
            break
    else:  # no such step in this deal: play a card the player does not hold
        step = rep.steps[0]
        bad = []
    actions = list(rec["actions"])
    if bad:
        token, reason = bad[0].card.code, bad[0].reason.sentence
    else:
        held = {c.code for c in step.before.hands[step.player]}
        token = next(c for c in rec["deck"] if c not in held)
        reason = "not in the hand"
    actions[step.index] = token
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    line = assert_refused(proc, repr(token), f"trick {step.trick}", reason)
    assert "rule " in line
    assert proc.stdout == ""


def test_card_not_in_hand_is_refused(records):
    rec = good_record(records)
    rep = replay(DealRecord.from_json(rec))
    held = {c.code for c in rep.steps[0].before.hands[rep.steps[0].player]}
    token = next(c for c in rec["deck"] if c not in held)
    actions = [token, *rec["actions"][1:]]
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    assert_refused(proc, repr(token), "trick 1", "not in the hand")


def test_record_stopping_before_the_end_is_an_error(records):
    actions = good_record(records)["actions"][:-1]
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    assert_refused(proc, "trick 16", "before the deal ends")
    assert '"kind": "end"' not in proc.stdout
    assert proc.stdout == ""


def test_empty_action_list_is_an_incomplete_record(records):
    proc = run("replay", "-", stdin=broken(records, actions=[]) + "\n")
    assert_refused(proc, "trick 1")


def test_actions_after_the_end_are_an_error(records):
    rec = good_record(records)
    actions = [*rec["actions"], rec["actions"][0]]
    proc = run("replay", "-", stdin=broken(records, actions=actions) + "\n")
    assert_refused(proc, repr(rec["actions"][0]), "after the end")
    assert proc.stdout == ""


def test_error_in_a_later_record_names_it_and_earlier_records_are_printed(records, records_text):
    lines = records_text.splitlines()
    bad = broken(records, version=7)
    proc = run("replay", "-", stdin="\n".join([lines[0], lines[1], bad, lines[2]]) + "\n")
    assert_refused(proc, record=3)
    printed = [json.loads(line) for line in proc.stdout.splitlines()]
    assert sum(1 for obj in printed if obj["kind"] == "end") == 2  # the third never "ends"


@pytest.mark.parametrize("dealer", [0.0, 1.0, True])
def test_dealer_not_a_json_integer_is_refused_without_a_traceback(records, dealer):
    proc = run("replay", "-", stdin=broken(records, dealer=dealer) + "\n")
    assert_refused(proc, "dealer")
    assert proc.stdout == ""


def test_non_utf8_line_on_strict_standard_input_names_the_record(records_text):
    """With a strict UTF-8 standard input (any UTF-8 locale but C.UTF-8/POSIX), an
    undecodable line is a malformed record, not a traceback."""
    good = records_text.splitlines()[0].encode() + b"\n"
    proc = subprocess.run(
        [sys.executable, "-m", "tutorial.engine", "replay", "-"],
        input=good + b"\xff\xfe\n",
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and b"record 2" in proc.stderr
    assert proc.stdout.count(b'"kind": "end"') == 1


def test_non_utf8_line_in_a_file_names_the_record(records_text, tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_bytes(records_text.splitlines()[0].encode() + b"\n\xff\xfe\n")
    proc = run("replay", str(path))
    assert_refused(proc, record=2)
    assert proc.stdout.count('"kind": "end"') == 1


def test_unreadable_file_exit_2_one_line(tmp_path):
    proc = run("replay", str(tmp_path / "missing.jsonl"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


@pytest.mark.slow
def test_usage_errors_exit_2():
    assert run().returncode == 2
    assert run("random", "--count", "-1").returncode == 2
    assert run("random", "--quinte", "70").returncode == 2
