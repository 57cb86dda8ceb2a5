"""Ask-and-draw moves picked by steps (a player, a family, a member) by keyboard and mouse;
quitting asks to save while moves would be lost, and only then."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.i18n.catalog import french_spaces
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.screens import TableScreen
from parlour.tui.session import PlaySession
from tests.tui.helpers import narration, on_screen, region_text, run, settle, table_screen

# Léa holds five Boulanger cards (0-4) and two Boucher (6, 7), and plays first.
LEA = [0, 1, 2, 3, 4, 6, 7]
BRUNO = [8, 9, 12, 13, 18, 19, 20]
CHLOE = [10, 14, 15, 21, 22, 23, 24]
PILE = [c for c in range(42) if c not in LEA + BRUNO + CHLOE]


def three_at_the_table(lang: str = "fr") -> PlaySession:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "reflexes"), SeatPlan("Chloé", "reflexes")]
    deal = {"hands": [LEA, BRUNO, CHLOE], "pile": PILE, "first": 0}
    config = PlayConfig("familles", seats, lang=lang, deal=deal, instant=True)
    config.rules = {"deck": "fr"}
    return PlaySession(config)


def labels(screen: TableScreen) -> list[str]:
    return [label for label, _choice in screen.picks]


def test_an_ask_is_picked_player_then_family_then_member_by_keyboard() -> None:
    session = three_at_the_table()
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        assert len(screen.shown) == 2 * 5  # two players, and the 5 cards Léa may ask for
        assert labels(screen) == ["Bruno", "Chloé"]
        assert french_spaces("Demander à qui ?") in region_text(app, "#moves-box")
        await pilot.press("2")  # Chloé
        assert labels(screen) == ["Boulanger", "Boucher"]
        question = french_spaces("Demander à Chloé : quelle famille ?")
        assert question in region_text(app, "#moves-box")
        await pilot.press("0")  # back to the players
        assert labels(screen) == ["Bruno", "Chloé"] and screen.path == []
        await pilot.press("2", "2")  # Chloé, Boucher
        assert labels(screen) == ["le père", "la mère", "le fils", "la fille"]
        assert "0. ← Retour" in region_text(app, "#moves")
        await pilot.press("4")  # the daughter: the ask is played
        await settle(pilot, lambda: session.state.turns > 0)
        assert session.state.actions[0] == {"type": "ask", "target": 2, "card": 11}
        assert french_spaces(
            "Léa à Chloé : « Dans la famille Boucher, je voudrais la fille. »"
        ) in narration(app)

    run(app, scenario)


def test_an_ask_is_picked_with_the_mouse() -> None:
    session = three_at_the_table("en")
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await pilot.click("#moves", offset=(6, 0))  # the first line: Bruno
        assert screen.path == ["Bruno"]
        await pilot.click("#moves", offset=(6, 0))  # Boulanger
        assert screen.path == ["Bruno", "Boulanger"]
        assert labels(screen) == ["the daughter"]  # Léa holds the five others
        await pilot.click("#moves", offset=(6, 1))  # the Back line
        assert screen.path == ["Bruno"]
        await pilot.click("#moves", offset=(6, 0))
        await pilot.click("#moves", offset=(6, 0))  # the daughter
        await settle(pilot, lambda: session.state.turns > 0)
        assert session.state.actions[0] == {"type": "ask", "target": 1, "card": 5}

    run(app, scenario)


def test_every_move_stays_a_flat_list_with_the_reasons() -> None:
    app = ParlourApp(session=three_at_the_table("fr"))

    async def scenario(pilot: Any) -> None:
        await pilot.press("x")
        screen = table_screen(app)
        assert len(screen.picks) == len(screen.shown) == 3 * 42
        await pilot.press("1")  # asking Léa herself
        assert "il faut demander à un autre joueur, pas à vous-même" in region_text(app, "#message")

    run(app, scenario)


def test_ctrl_q_in_a_game_offers_to_save_and_saving_quits(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    session = three_at_the_table("en")
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await pilot.press("1", "1", "1")  # Léa asks Bruno for the Boulanger daughter
        await settle(pilot, lambda: session.state.turns > 0)
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: on_screen(app, "QuitScreen"))
        await pilot.click("#save")
        await settle(pilot, lambda: on_screen(app, "SaveScreen"))
        await pilot.press("enter")  # the default file name
        await settle(pilot, lambda: app.return_code is not None)

    run(app, scenario)
    saved = list(tmp_path.glob("parlour-familles-*.json"))
    assert len(saved) == 1 and session.saved_at == len(session.state.actions)


def test_q_after_saving_quits_without_a_warning(tmp_path: Path) -> None:
    session = three_at_the_table("en")
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await pilot.press("1", "1", "1")
        await settle(pilot, lambda: session.state.turns > 0)
        await settle(pilot, lambda: session.mover == 0 or session.over)
        session.save(tmp_path / "game.json")
        assert not session.unsaved
        await pilot.press("q")
        await settle(pilot, lambda: app.return_code is not None)
        assert not on_screen(app, "QuitScreen")

    run(app, scenario)


def test_ctrl_q_before_any_move_quits_at_once_and_ctrl_c_says_how_in_french() -> None:
    app = ParlourApp(session=three_at_the_table("fr"))

    async def scenario(pilot: Any) -> None:
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [(n.title, n.message) for n in app._notifications]
        assert said == [(french_spaces("Quitter ?"), "Appuyez sur Ctrl+Q (ou q) pour quitter.")]
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: app.return_code is not None)

    run(app, scenario)
