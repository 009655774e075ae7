"""Command line: ``python -m tutorial.engine replay FILE`` and ``random --seed S --count N``.

``replay`` reads one deal record per line (``-`` for standard input) and prints, per record,
one JSON line per decision and an ``end`` line. A malformed record or an illegal action
stops with exit status 2 and one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import BinaryIO, TextIO

from .record import DealRecord, RecordError, replay
from .rules import Settings, setting_fields


def replay_lines(record: DealRecord) -> list[dict[str, object]]:
    """The JSON objects ``replay`` prints for one record (raises RecordError)."""
    result_of = replay(record, keep_states=False, choices=True)
    lines: list[dict[str, object]] = [
        {
            "kind": "decision",
            "trick": step.trick,
            "player": step.player,
            "choices": list(step.choices),
            "action": step.token,
        }
        for step in result_of.steps
    ]
    result = result_of.final.result
    assert result is not None
    lines.append(
        {
            "kind": "end",
            "card_points": list(result.card_points) if result.card_points else None,
            "declared": list(result.declared),
            "totals": list(result.totals) if result.totals else None,
            "winner": result.winner,
            "chouine": result.chouine,
        }
    )
    return lines


def _replay(source: BinaryIO, out: TextIO, err: TextIO) -> int:
    number = 0
    for raw in source:
        if not raw.strip():
            continue
        number += 1
        try:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("the line is not UTF-8 text") from None
            lines = replay_lines(DealRecord.loads(line))
        except RecordError as exc:
            where = [f"record {number}"]
            if exc.action is not None:
                where.append(f"action {exc.action!r}")
            if exc.trick is not None:
                where.append(f"trick {exc.trick}")
            err.write(f"{', '.join(where)}: {exc}\n")
            return 2
        out.write("".join(json.dumps(obj, separators=(", ", ": ")) + "\n" for obj in lines))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial.engine")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay deal records, one per line")
    rp.add_argument("file", help="a file of records, or - for standard input")
    rn = sub.add_parser("random", help="write random legal deal records")
    rn.add_argument("--seed", type=int, default=0)
    rn.add_argument("--count", type=int, default=1)
    for field in setting_fields("deal"):  # --quinte 50|100: every deal setting
        rn.add_argument(f"--{field.key}", type=int, choices=field.values, default=field.default)
    args = parser.parse_args(argv)
    if args.command == "replay":
        if args.file == "-":
            return _replay(sys.stdin.buffer, sys.stdout, sys.stderr)
        try:
            with open(args.file, "rb") as source:
                return _replay(source, sys.stdout, sys.stderr)
        except OSError as exc:
            sys.stderr.write(f"cannot read {args.file}: {exc}\n")
            return 2
    if args.count < 0:
        parser.error("--count must be 0 or more")
    from .random_play import random_record

    rng = random.Random(args.seed)
    settings = Settings.from_json({f.key: getattr(args, f.key) for f in setting_fields("deal")})
    for _ in range(args.count):
        sys.stdout.write(random_record(rng, settings).dumps() + "\n")
    return 0
