"""Shared helpers for the simulator tests."""

from __future__ import annotations

import pytest

from parlour.bots import base
from parlour.bots.base import Bot, Decision
from parlour.cli import main


class CrashBot(Bot):
    """Flips like any Beggar player, then breaks on its third decision of a game."""

    name = "crash"

    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        self.moves = 0

    def act(self, decision: Decision):
        self.moves += 1
        if self.moves == 3:
            raise RuntimeError("crash bot gave up")
        return decision.legal_actions[0]


def add_crash_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(base.GENERIC_BOTS, "crash", CrashBot)  # type: ignore[index]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `parlour ARGV` in this process: (exit status, stdout, stderr)."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


class KillerBot(Bot):
    """Ends its worker process outright, as the out-of-memory killer would."""

    name = "killer"

    def act(self, decision: Decision):
        import os

        os._exit(3)


def add_killer_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(base.GENERIC_BOTS, "killer", KillerBot)  # type: ignore[index]


class LateCrashBot(CrashBot):
    """Breaks only in a long game (its 150th decision): short games before it finish."""

    name = "late-crash"

    def act(self, decision: Decision):
        self.moves += 1
        if self.moves == 150:
            raise RuntimeError("late crash bot gave up")
        return decision.legal_actions[0]


def add_late_crash_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(base.GENERIC_BOTS, "late-crash", LateCrashBot)  # type: ignore[index]
