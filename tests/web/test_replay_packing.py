"""A deal record packed into a URL segment and back (tutorial.web.replay.packing)."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import DealRecord, Settings, random_record, replay
from tutorial.narration.demos import demos
from tutorial.web.replay.packing import MAX_PACKED, PackError, pack, unpack


def _records(count: int) -> list[DealRecord]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        out.append(random_record(rng, Settings(quinte_value=rng.choice((50, 100)))))
    return out


def test_random_deals_come_back_unchanged() -> None:
    for record in _records(120):
        assert unpack(pack(record)) == record


def test_demo_records_come_back_unchanged_with_their_draw_for_dealer() -> None:
    for demo in demos().values():
        back = unpack(pack(demo.record))
        assert back == demo.record
        assert back.draw == demo.record.draw


@pytest.mark.slow
def test_a_full_deal_fits_in_200_characters_even_with_two_40_character_names() -> None:
    names = ("A" * 40, "B" * 40)
    for record in _records(200):
        named = DealRecord(record.deck, record.dealer, record.actions, record.settings, names)
        segment = pack(named)
        assert len(segment) <= 200
        assert unpack(segment).players == names


def test_the_segment_is_url_safe() -> None:
    allowed = set(string.ascii_letters + string.digits + "-_")
    for record in _records(50):
        assert set(pack(record)) <= allowed


def test_only_a_complete_legal_record_is_packed() -> None:
    record = _records(1)[0]
    early = DealRecord(record.deck, record.dealer, record.actions[:-1])
    with pytest.raises(PackError):
        pack(early)
    wrong = DealRecord(record.deck, record.dealer, ("swap", *record.actions))
    with pytest.raises((PackError, ValueError)):
        pack(wrong)


@pytest.mark.slow
def test_a_changed_segment_is_refused_or_gives_another_legal_complete_deal() -> None:
    segment = pack(_records(1)[0])
    for i in range(len(segment)):
        for c in "A_-z9":
            changed = segment[:i] + c + segment[i + 1 :]
            try:
                record = unpack(changed)
            except PackError:
                continue
            assert replay(record).final.is_over


@settings(max_examples=300)
@given(st.text(alphabet=string.ascii_letters + string.digits + "-_=/+.%", max_size=MAX_PACKED + 20))
def test_any_text_is_a_record_or_pack_error(text: str) -> None:
    try:
        record = unpack(text)
    except PackError:
        return
    assert replay(record).final.is_over


def test_a_segment_of_the_first_version_still_unpacks() -> None:
    """Version 1 packs the quinte as its one deal setting; a setting added later is read at
    its default from it (this segment was packed before the settings had a registry)."""
    record = unpack("ARgCegq4ip05pOTNjwsMImJ88u8EvVwq1gI")
    assert record == random_record(random.Random(1), Settings(quinte_value=100))
