"""Panoplies at the terminal: a garment lost, mannequins, the loser in the summary."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.i18n.catalog import french_spaces
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
    table_screen,
    table_text,
)

# Cards are garment * 6 + character. Léa plays the grandfather (column 0) and holds five of his
# garments and the grandmother's shoes; Bruno plays the grandmother and holds her socks (7):
# Léa asking Bruno for them makes the grandmother's mannequin lose its socks.
LEA = [0, 6, 12, 18, 24, 1]
BRUNO = [7, 13, 19, 2, 3, 4]
PILE = [c for c in range(42) if c not in LEA + BRUNO]
DEAL = {"hands": [LEA, BRUNO], "pile": PILE, "first": 0}


def panoplies(lang: str = "en", **kw: Any) -> PlayConfig:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "memory")]
    return PlayConfig("panoplies", seats, lang=lang, deal=DEAL, instant=True, **kw)


def test_a_garment_lost_then_the_whole_game_to_its_loser() -> None:
    session = PlaySession(panoplies(hints=True))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        text = table_text(app)
        assert "The grandmother  7/7" in text
        assert "The grandfather: shoes, socks, trousers or skirt, shirt, jumper" in text
        screen = table_screen(app)
        labels = [c.label for c in screen.shown]
        screen.play_choice(labels.index("Ask Bruno for the grandmother's socks"))
        await settle(pilot, lambda: any("hands the socks" in line for line in narration(app)))
        assert "Bruno gives the grandmother's socks to Léa." in narration(app)
        assert "The grandmother  6/7  ✗ socks" in table_text(app)
        hints = plain(screen.query_one("#hints").content)
        # Nothing sure is known of Bruno's five other cards: each of the 35 unseen cards is in
        # his hand with a chance of 5 in 35 (the pile holds the other 30).
        assert "Likeliest find: the grandmother's trousers or skirt, with Bruno (14%)." in hints
        moves = 0
        while not on_screen(app, "SummaryScreen"):
            if session.mover == 0 and session.human_to_move():
                table_screen(app).play_choice(0)  # the first move offered (keys: tested above)
                moves += 1
            await pilot.pause()
            assert moves < 300
        summary = screen_text(app)
        # Léa ends up laying the grandmother's whole outfit: Bruno's character, Bruno loses.
        assert "Game over" in summary and "Bruno loses." in summary
        assert "Game 1: Bruno loses." in narration(app)

    run(app, scenario)


def test_panoplies_speaks_french_on_the_mannequins() -> None:
    session = PlaySession(panoplies("fr"))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        labels = [c.label for c in screen.shown]
        screen.play_choice(
            labels.index(french_spaces("Demander à Bruno : les chaussettes de la grand-mère"))
        )
        await settle(pilot, lambda: any("armoire" in line for line in narration(app)))
        assert "La grand-mère  6/7  ✗ chaussettes" in table_text(app)

    run(app, scenario)


def test_each_player_picks_a_character_in_the_setup() -> None:
    from textual.widgets import Select

    from tests.tui.helpers import table_ready

    app = ParlourApp(game="panoplies", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        screen.query_one("#data-character-0", Select).value = "mother"
        screen.query_one("#data-character-2", Select).value = "grandfather"
        await pilot.pause()
        screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        mannequins = app.screen.session.state.view(None)["mannequins"]
        assert [m["character"] for m in mannequins] == ["mother", "grandmother", "grandfather"]
        assert "The mother  7/7" in table_text(app)

    run(app, scenario)


@pytest.mark.parametrize(
    ("lang", "short"), [("fr", "pantalon ou jupe"), ("en", "trousers or skirt")]
)
def test_a_short_garment_drops_every_article(lang: str, short: str) -> None:
    from parlour.games.panoplies.terminal import short_garment
    from parlour.tui.tables import TableContext

    ctx = TableContext("panoplies", {}, lang, ["A", "B"], 0, {}, [], None)
    assert short_garment(ctx, "trousers") == short
    assert short_garment(ctx, "scarf") == ("écharpe" if lang == "fr" else "scarf")


def test_a_character_follows_the_switch_of_the_family_that_adds_it() -> None:
    from textual.widgets import Select, Switch

    from tests.tui.helpers import table_ready

    app = ParlourApp(game="panoplies", lang="fr")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        seat = screen.query_one("#data-character-1", Select)
        # Textual's Select keeps its options private; the prompt's value is its NULL.
        offered = lambda: [value for _label, value in seat._options if isinstance(value, str)]  # noqa: E731
        assert "aunt" not in offered()
        screen.query_one("#opt-hats", Switch).value = True
        await pilot.pause()
        assert offered()[-2:] == ["aunt", "uncle"]
        seat.value = "aunt"
        screen.query_one("#opt-hats", Switch).value = False  # the aunt goes with her hats
        await pilot.pause()
        assert "aunt" not in offered() and seat.is_blank()
        screen.query_one("#opt-hats", Switch).value = True
        await pilot.pause()
        seat.value = "aunt"
        await pilot.pause()
        screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        mannequins = app.screen.session.state.view(None)["mannequins"]
        assert mannequins[1]["character"] == "aunt"

    run(app, scenario)
