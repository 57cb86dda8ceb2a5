"""Beggar-My-Neighbour at the terminal, driven headless with Textual's pilot."""

from __future__ import annotations

import json
import re
from typing import Any

from parlour.core.records import load_record
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.session import PlaySession
from tests.tui.helpers import (
    narration,
    on_screen,
    plain,
    run,
    screen_text,
    settle,
    table_ready,
    table_screen,
    table_text,
)

# Léa leads a king, Bruno pays three number cards: Léa captures a pile of four at once.
DEAL = {"hands": ["K--Q", "---J--"]}


def beggar(lang: str = "en", **kw: Any) -> PlayConfig:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "first")]
    return PlayConfig("beggar", seats, lang=lang, instant=True, **kw)


def test_a_whole_game_flip_by_flip_shows_the_captured_pile_and_the_summary() -> None:
    first = PlaySession(beggar(deal=DEAL))
    app = ParlourApp(session=first)

    async def scenario(pilot: Any) -> None:
        text = table_text(app)
        assert "Léa (you)" in text and "4 cards" in text and "Pile (0)" in text
        await pilot.press("space")  # Léa's king; Bruno pays at once (instant bots)
        await settle(pilot, lambda: "Léa takes the pile (4 cards)." in narration(app))
        assert "Bruno pays a number card (0 still owed)." in narration(app)
        assert "Pile (0)" in table_text(app)  # the pile went under Léa's stack
        text = table_text(app)
        assert re.search(r"Léa \(you\) +7 cards", text)  # 3 left in hand and the 4 captured
        assert re.search(r"Bruno \(bot first move\) +3 cards", text)
        presses = 0
        while not on_screen(app, "SummaryScreen"):
            await pilot.press("space")
            await pilot.pause(0.02)
            presses += 1
            assert presses < 60
        summary = screen_text(app)
        assert "Bruno wins." in summary and "Game over" in summary
        assert "Bruno wins round 1 after 25 cards and 6 tricks." in narration(app)
        await pilot.click("#again")
        await settle(pilot, lambda: table_ready(app))
        again = table_screen(app).session
        assert again is not first and again.names == ["Léa", "Bruno"] and again.humans == [0]
        assert again.state.deal is None  # a fresh shuffle, not the same deal again

    run(app, scenario)


def test_narration_speaks_french() -> None:
    app = ParlourApp(session=PlaySession(beggar("fr", deal=DEAL)))

    async def scenario(pilot: Any) -> None:
        await pilot.press("space")
        await settle(pilot, lambda: "Léa ramasse la pile (4 cartes)." in narration(app))
        assert "Léa (vous)" in table_text(app)

    run(app, scenario)


def test_the_speed_variant_flips_by_itself_and_keeps_the_match_score() -> None:
    config = beggar(seed=11, rules={"speed": True, "pace_ms": 50, "match": "best_of_three"})
    session = PlaySession(config)
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SummaryScreen"), steps=3000)
        assert max(session.state.view(None)["wins"]) == 2  # best of three: two rounds won
        text = table_text(app)
        wins = session.state.view(None)["wins"]
        assert f"Match: Léa {wins[0]} · Bruno {wins[1]}" in text

    run(app, scenario)


def test_save_then_resume_goes_on_from_the_same_flip(tmp_path: Any) -> None:
    session = PlaySession(beggar(seed=5))
    app = ParlourApp(session=session)
    path = tmp_path / "game.json"

    async def scenario(pilot: Any) -> None:
        for _ in range(3):
            await pilot.press("space")
            await pilot.pause(0.02)
        await pilot.press("s")
        await settle(pilot, lambda: on_screen(app, "SaveScreen"))
        app.screen.query_one("#path").value = str(path)
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app))

    run(app, scenario)
    record = load_record(path)
    assert record["seats"][1]["data"] == {"bot": "first"}
    resumed = PlaySession.resume(record, beggar())
    assert resumed.state.turns == session.state.turns
    assert resumed.history() == session.history()
    assert resumed.bots[1].name == "first" and resumed.humans == [0]
    assert json.loads(path.read_text())["actions"] == session.state.actions


def test_rules_and_about_open_on_a_key_and_close() -> None:
    app = ParlourApp(session=PlaySession(beggar(deal=DEAL)))

    async def scenario(pilot: Any) -> None:
        await pilot.press("r")
        await settle(pilot, lambda: on_screen(app, "RulesScreen"))
        assert "A player who must play with no cards is out" in screen_text(app)
        rules = screen_text(app)
        assert "A payer runs out" in rules and "exhausted_payer" not in rules
        assert "False" not in rules and "None" not in rules
        await pilot.press("escape")
        await pilot.press("i")
        await settle(pilot, lambda: on_screen(app, "AboutScreen"))
        about = screen_text(app)
        assert "Eric Olsen" in about and "The Op Games" in about
        assert "Sally and Loïse Margency" in about and "free software" in about
        await pilot.press("escape")
        await settle(pilot, lambda: table_ready(app))

    run(app, scenario)


def test_pace_keys_slow_down_speed_up_and_make_bots_instant() -> None:
    config = beggar(deal=DEAL)
    config.instant = False
    app = ParlourApp(session=PlaySession(config))

    async def scenario(pilot: Any) -> None:
        await pilot.press("minus")
        assert config.pace_ms == 1050
        await pilot.press("plus", "plus")
        assert config.pace_ms == 466
        assert "Bots: 466 ms" in screen_text(app)
        await pilot.press("asterisk")
        assert config.instant and "Bots: instant" in screen_text(app)

    run(app, scenario)


def test_the_generic_table_plays_any_game_from_its_view_and_moves() -> None:
    from parlour.tui.tables import generic

    session = PlaySession(beggar(deal=DEAL))
    ctx = session.context()
    text = " ".join(plain(generic.render(ctx)).split())
    assert "Léa (you) · Bruno (bot first move)" in text and "stack sizes 4 6" in text
    move = generic.describe({"type": "ask", "target": 1, "card": 3}, ctx)
    assert move == "ask: target=Bruno, card=3"


def test_a_failing_bot_is_reported_on_the_table_and_the_game_can_be_saved(tmp_path: Any) -> None:
    session = PlaySession(beggar(deal=DEAL))

    class Broken:
        name = "broken"

        def act(self, decision: Any) -> Any:
            raise RuntimeError("no idea what to play")

    session.bots[1] = Broken()  # type: ignore[assignment]
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await pilot.press("space")
        await settle(pilot, lambda: "no idea" in screen_text(app))
        assert "Bruno (a bot) failed: no idea what to play." in screen_text(app)
        session.save(tmp_path / "broken.json")

    run(app, scenario)
    assert load_record(tmp_path / "broken.json")["actions"] == [{"type": "flip"}]


def test_quitting_a_game_in_progress_asks_first() -> None:
    app = ParlourApp(session=PlaySession(beggar(deal=DEAL)))

    async def scenario(pilot: Any) -> None:
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("q")
        await settle(pilot, lambda: on_screen(app, "QuitScreen"))
        assert "It is lost unless you save it" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot, lambda: on_screen(app, "TableScreen"))
        await pilot.press("q")
        await settle(pilot, lambda: on_screen(app, "QuitScreen"))
        await pilot.click("#quit")
        await settle(pilot, lambda: app.return_code is not None or not app.is_running)

    run(app, scenario)


def test_a_table_of_bots_plays_itself_to_the_summary_for_a_spectator() -> None:
    seats = [SeatPlan("Alice", "first"), SeatPlan("Bruno", "first")]
    session = PlaySession(PlayConfig("beggar", seats, deal=DEAL, instant=True))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SummaryScreen"))
        assert session.viewer is None and "(you)" not in table_text(app)
        assert "Bruno wins round 1 after 25 cards and 6 tricks." in narration(app)

    run(app, scenario)
