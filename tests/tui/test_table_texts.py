"""How the game tables word their moves, cards and numbers at the terminal."""

from __future__ import annotations

import re

import pytest

from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.session import PlaySession
from tests.tui.helpers import plain


def _flip7(lang: str) -> PlaySession:
    # Léa holds a 12 and must hit or stay: no action card waits to be given.
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "threshold:100")]
    return PlaySession(PlayConfig("flip7", seats, deal={"deck": ["12", "5"]}, lang=lang))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Keep the action card", "Give the action card to Bruno"]),
        ("fr", ["Garder la carte action", "Donner la carte action à Bruno"]),
    ],
)
def test_every_move_names_the_action_card_when_none_is_pending(
    lang: str, expected: list[str]
) -> None:
    session = _flip7(lang)
    assert not session.view().get("pending")
    labels = [c.label for c in session.choices(every=True)]
    assert labels[2:] == expected
    assert not any("  " in label for label in labels)


def test_a_face_up_beggar_stack_wraps_between_cards() -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "first")]
    config = PlayConfig("beggar", seats, rules={"face_up": True}, seed=1, instant=True)
    text = plain(PlaySession(config).render(), width=60)
    stack = text[text.index("Your stack:") :].splitlines()
    assert len(stack) > 1  # 26 cards take more than one row at 60 columns
    for line in stack:
        assert line.count("[") == line.count("]"), line
    assert "][" not in text


def test_french_hints_use_a_decimal_comma_and_a_space_before_percent() -> None:
    session = _flip7("fr")
    risk, expectation = session.hints()
    assert "12\u00a0%" in risk
    assert "16,5" in expectation and "+4,5" in expectation
    english = _flip7("en").hints()
    assert "12%" in english[0] and "16.5" in english[1]


@pytest.mark.parametrize("game", ["gofish", "panoplies"])
def test_french_chances_in_the_hints_read_as_french_numbers(game: str) -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "random"), SeatPlan("Zoé", "random")]
    session = PlaySession(PlayConfig(game, seats, lang="fr", seed=0, hints=True, instant=True))
    while session.is_bot(session.mover):
        session.bot_move()
    hints = " ".join(session.hints())
    assert re.search(r"\d\u00a0%", hints), hints
    assert not re.search(r"\d%", hints)
