"""The table as a low-vision, monochrome-terminal or screen-reader player reads it: every fact
in plain text (the move Enter plays, the question asked, where a game was saved), the hand in
sight at 80x24, no move played unseen, every key listed, the pace shown being the pace used."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from typing import Any

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.fitting import rendered_height
from parlour.tui.session import PlaySession
from tests.tui.helpers import (
    on_screen,
    plain,
    region_text,
    run_at,
    screen_lines,
    screen_text,
    settle,
    table_screen,
)
from tests.tui.test_layout import cards_of_the_mover, session_at_a_decision

NAMES = ["Jean-Baptiste", "Alice", "Bruno", "Chloé", "David", "Emma"]
PANE_ROWS = 13  # the table pane at 80x24: 24 rows less the status, moves strip and key bar


def _marked(app: ParlourApp) -> list[str]:
    """The lines of the moves pane that carry the marker of the move Enter plays."""
    return [line for line in region_text(app, "#moves").splitlines() if "▶" in line]


def test_the_highlighted_move_is_marked_in_plain_text() -> None:
    app = ParlourApp(session=session_at_a_decision("flip7", 3, "en", 0))

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        await pilot.pause()
        before = region_text(app, "#moves")
        assert len(_marked(app)) == 1 and "1. " in _marked(app)[0], before
        await pilot.press("down")
        await pilot.pause()
        assert region_text(app, "#moves") != before  # the text itself moved, not a colour
        assert len(_marked(app)) == 1 and "2. " in _marked(app)[0]

    run_at(app, (80, 24), scenario)


def _decisions(game: str, seed: int) -> Any:
    """Each decision of the person (seat 0) at a full French table of six, through a game."""
    seats = [SeatPlan(NAMES[0])] + [SeatPlan(n, "memory") for n in NAMES[1:]]
    session = PlaySession(PlayConfig(game, seats, lang="fr", seed=seed, instant=True))
    played = 0
    while not session.over:
        if session.mover in session.bots:
            session.bot_move()
            continue
        yield session
        choices = session.choices()
        session.play(choices[played % len(choices)].action)
        played += 1


def _panoplies_with_a_full_table() -> PlaySession:
    """A Panoplies table whose rows, as first designed, overflow the pane at 80x24 (wrapped
    mannequins, a hand of five characters)."""
    console = Console(width=80, file=io.StringIO())
    for number, session in enumerate(_decisions("panoplies", 3)):
        if number >= 10 and rendered_height(console, session.render(), 78) > PANE_ROWS:
            return session
    raise AssertionError("the seed no longer gives a full table")


@pytest.mark.parametrize("game", ["panoplies", "familles"])
def test_at_80x24_the_hand_and_every_seat_fit_at_every_decision(game: str) -> None:
    from parlour.tui import tables
    from parlour.tui.fitting import fit_table

    console = Console(width=80, file=io.StringIO())
    levels = tables.module_for(game).COMPACT_LEVELS
    for session in _decisions(game, 3):
        table = fit_table(session.render, levels, console, 78, PANE_ROWS)
        assert rendered_height(console, table, 78) <= PANE_ROWS
        shown = plain(table, width=78)
        for word in cards_of_the_mover(session):
            assert word in shown, (word, shown)


def test_at_80x24_a_full_panoplies_table_shows_the_whole_hand() -> None:
    session = _panoplies_with_a_full_table()
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#table-box", VerticalScroll)
        assert box.max_scroll_y == 0  # nothing below the fold
        shown = region_text(app, "#table-box")
        for word in cards_of_the_mover(session):
            assert word in shown, (word, shown)
        for name in NAMES:
            assert name in shown, (name, shown)

    run_at(app, (80, 24), scenario)


def test_a_terminal_too_small_refuses_moves_and_stops_the_bots() -> None:
    session = session_at_a_decision("flip7", 3, "en", 0)
    session.config.instant = False
    session.config.pace_ms = 50
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        turns = session.state.turns
        await pilot.press("1", "space", "enter")
        await pilot.pause(0.3)
        assert session.state.turns == turns, "a move was played on a hidden table"
        await pilot.resize_terminal(80, 24)
        await pilot.press("2")  # stay: the bots play on, now that they can be seen
        await settle(pilot, lambda: session.state.turns > turns + 1)
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.2)
        seen = session.state.turns
        await pilot.pause(0.5)  # ten bot paces
        assert session.state.turns == seen or session.over, "bots played unseen"

    run_at(app, (60, 20), scenario)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Keys at the table", "Ctrl+Q", "Backspace", "PageUp", "Tab", "? or F1"]),
        ("fr", ["Les touches à la table", "Ctrl+Q", "Échap", "PgPréc", "Tab", "? ou F1"]),
    ],
)
def test_question_mark_and_f1_list_every_key(lang: str, words: list[str]) -> None:
    app = ParlourApp(session=session_at_a_decision("familles", 3, lang, 0))

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        await pilot.pause()
        keys = screen_lines(app)[-1]
        label, hints = ("? Touches", "h Indices") if lang == "fr" else ("? Keys", "h Hints")
        quit_word = "Fin" if lang == "fr" else "Quit"
        assert label in keys and hints in keys and keys.rstrip().endswith(f"q {quit_word}")
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            await settle(pilot, lambda: on_screen(app, "KeysScreen"))
            text = screen_text(app)
            for word in words:
                assert word in text, (word, text)
            await pilot.press("escape")
            await settle(pilot, lambda: on_screen(app, "TableScreen"))
        await pilot.press("tab")  # the narration, read back with PageUp and Home
        assert app.focused is not None and app.focused.id == "narration"

    run_at(app, (80, 24), scenario)


def _beggar(humans: int, speed: bool) -> PlaySession:
    seats = [SeatPlan("Léa") if seat < humans else SeatPlan(f"Bot {seat}", "random")
             for seat in range(2)]  # fmt: skip
    rules = {"speed": True} if speed else {}
    return PlaySession(PlayConfig("beggar", seats, rules=rules, seed=3, lang="en"))


def test_the_pace_keys_drive_the_speed_variant_and_the_status_tells_it() -> None:
    session = _beggar(humans=1, speed=True)  # the rules' pace: 400 ms
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await settle(pilot, lambda: screen.ready)
        assert screen._bot_pace() == 0.4
        assert "Bots: 400 ms" in screen_text(app)
        await pilot.press("minus")
        assert screen._bot_pace() == 0.6 and "Bots: 600 ms" in screen_text(app)

    run_at(app, (80, 24), scenario)


def test_a_pauses_a_table_of_bots_only() -> None:
    session = _beggar(humans=0, speed=False)
    session.config.pace_ms = 50
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await settle(pilot, lambda: screen.ready and session.state.turns > 0)
        await pilot.press("a")
        assert "Bots paused" in str(screen.query_one("#message", Static).content)
        await pilot.pause(0.2)
        turns = session.state.turns
        await pilot.pause(0.5)
        assert session.state.turns == turns, "the bots played on"
        await pilot.press("a")
        assert "Bots playing again" in str(screen.query_one("#message", Static).content)
        await settle(pilot, lambda: session.state.turns > turns or session.over)

    run_at(app, (80, 24), scenario)


def test_the_save_path_and_the_quit_hint_stay_in_sight(tmp_path: Any) -> None:
    app = ParlourApp(session=session_at_a_decision("flip7", 3, "en", 0))
    target = tmp_path / "game.json"

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await settle(pilot, lambda: screen.ready)
        await pilot.press("s")
        await settle(pilot, lambda: on_screen(app, "SaveScreen"))
        app.screen.query_one("#path", Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot, lambda: on_screen(app, "TableScreen"))
        assert target.exists()
        assert f"Game saved to {target}." in str(screen.query_one("#message", Static).content)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert "Ctrl+Q" in str(screen.query_one("#message", Static).content)

    run_at(app, (80, 24), scenario)


def test_the_pickers_question_is_whole_at_80_columns() -> None:
    long_name = "Marie-Antoinette-Joséphine"
    seats = [SeatPlan("Léa")] + [SeatPlan(n, "memory") for n in [long_name, *NAMES[2:]]]
    session = PlaySession(PlayConfig("familles", seats, lang="fr", seed=4, instant=True))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await settle(pilot, lambda: screen.ready and session.mover == 0)
        await pilot.press("1", "1")  # the long name, then a family
        await pilot.pause()
        assert len(screen.path) == 2
        family = screen.path[1]
        # As drawn, a no-break space reads as a space: the words are compared.
        pane = " ".join(region_text(app, "#moves-box").replace("│", " ").split())
        question = f"Demander à {long_name}, famille {family} : quelle carte ?"
        assert " ".join(question.split()) in pane, pane
        assert "…" not in pane

    run_at(app, (80, 24), scenario)


def test_a_dumb_terminal_is_refused_in_one_line() -> None:
    env = {**os.environ, "TERM": "dumb", "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "flip7", "--players", "2", "--lang", "fr"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "TERM=dumb" in lines[0] and "\x1b" not in done.stderr, lines
