"""The terminal never shows the seed of a game in play, and a game after a resumed one does
not follow from the seed its record tells: the seed rebuilds every hand and the pile."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from parlour.core.records import record_of
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.session import PlaySession
from tests.tui.helpers import on_screen, run, settle

SEED = 8_675_309


def a_table(seed: int | None = SEED) -> PlaySession:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "memory"), SeatPlan("Chloé", "memory")]
    return PlaySession(PlayConfig("familles", seats, lang="en", seed=seed, instant=True))


def test_the_save_dialog_offers_a_name_without_the_seed() -> None:
    session = a_table()
    assert session.state.seed == SEED
    app = ParlourApp(session=session)
    offered: list[str] = []

    async def scenario(pilot: Any) -> None:
        await pilot.press("s")
        await settle(pilot, lambda: on_screen(app, "SaveScreen"))
        offered.append(app.screen.query_one("#path", Input).value)

    run(app, scenario)
    assert offered and offered[0].startswith("parlour-familles-") and offered[0].endswith(".json")
    assert str(SEED) not in offered[0]


def test_play_again_after_a_resumed_game_is_not_dealt_from_the_records_seed() -> None:
    record = record_of(a_table().state)
    resumed = PlaySession.resume(record, PlayConfig("familles", [], lang="en"))
    assert resumed.state.seed == SEED  # the game itself goes on from its record
    follows = [PlaySession(resumed.config.again()).state.seed for _ in range(3)]
    assert SEED + 1 not in follows and len(set(follows)) == 3  # fresh seeds each time


def test_play_again_after_a_chosen_seed_is_the_next_seed() -> None:
    # A player who chose --seed asked for a series he can repeat.
    assert a_table().config.again().seed == SEED + 1
