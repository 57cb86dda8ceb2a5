"""The table at 80x24 first: every player and every card of the seat to move in sight; a
message below that size; bigger panes on a bigger terminal."""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import VerticalScroll

from parlour.i18n.catalog import french_spaces
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.session import PlaySession
from parlour.tui.tables.generic import seat_label
from tests.tui.helpers import region_text, run_at, screen_lines, settle, table_screen

BOTS = {"beggar": "first", "flip7": "strong", "familles": "memory", "panoplies": "memory"}


def session_at_a_decision(game: str, players: int, lang: str, moves: int) -> PlaySession:
    """A game some moves in, with the person (seat 0) to move."""
    names = ["Léa", "Bruno", "Chloé", "David", "Emma", "Félix"]
    seats = [SeatPlan(names[0])] + [SeatPlan(n, BOTS[game]) for n in names[1:players]]
    session = PlaySession(PlayConfig(game, seats, lang=lang, seed=5, instant=True))
    played = 0
    while not session.over and (played < moves or session.mover != 0):
        if session.mover in session.bots:
            session.bot_move()
        else:
            session.play(session.state.legal_actions()[0])
            played += 1
    assert session.mover == 0, "the seed must leave the person a move"
    return session


def cards_of_the_mover(session: PlaySession) -> list[str]:
    """What the seat to move holds, as words the table must show."""
    view = session.view()
    game = session.game.name
    if game == "flip7":
        row = view["table"][0]
        return [f"[{c}]" for c in row["numbers"]] + [f"[{c}]" for c in row["modifiers"]]
    if game == "beggar":
        return [str(view["stack_sizes"][0])]
    from parlour.games.familles import terminal as familles
    from parlour.games.panoplies import terminal as panoplies

    ctx = session.context()
    if game == "familles":
        words = [familles.member(ctx, c) for c in view["hand"]]
        words += [familles.family_name(ctx, familles.family_of(c)) for c in view["hand"]]
    else:
        words = [panoplies.short_garment(ctx, panoplies.split(ctx, c)[0]) for c in view["hand"]]
    return [word for text in words for word in text.split()]


@pytest.mark.parametrize(
    ("game", "players", "moves"),
    [
        ("beggar", 6, 3),
        ("flip7", 6, 2),
        ("familles", 4, 0),
        ("familles", 6, 1),
        ("panoplies", 4, 0),
        ("panoplies", 6, 1),
    ],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_80x24_every_player_and_every_card_of_the_mover_are_in_sight(
    game: str, players: int, moves: int, lang: str
) -> None:
    session = session_at_a_decision(game, players, lang, moves)
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        await pilot.pause()
        box = app.screen.query_one("#table-box", VerticalScroll)
        assert box.max_scroll_y == 0 and box.max_scroll_x == 0  # nothing below the fold
        shown = region_text(app, "#table-box")
        context = session.context()
        for seat in range(players):
            assert seat_label(seat, context) in shown, (seat, shown)
        for word in cards_of_the_mover(session):
            assert word in shown, (word, shown)
        moves = region_text(app, "#moves")
        assert moves.count(". ") >= min(3, len(table_screen(app).picks))
        assert "…" not in shown

    run_at(app, (80, 24), scenario)


def test_at_60x15_the_screen_says_it_is_too_small() -> None:
    app = ParlourApp(session=session_at_a_decision("flip7", 3, "fr", 0))

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: table_screen(app).ready)
        text = " ".join(" ".join(screen_lines(app)).split())
        assert "Le terminal est trop petit (60×15)" in text and "au moins 80×24" in text
        assert not app.screen.query_one("#main").display

    run_at(app, (60, 15), scenario)


def test_the_setup_screen_says_it_is_too_small_too() -> None:
    app = ParlourApp(game="flip7", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
        text = " ".join(" ".join(screen_lines(app)).split())
        assert "The terminal is too small (60×15)" in text

    run_at(app, (60, 15), scenario)


def test_at_160x50_the_panes_grow_with_the_terminal() -> None:
    sizes = {}
    for size in ((80, 24), (160, 50)):
        app = ParlourApp(session=session_at_a_decision("familles", 4, "en", 0))

        async def scenario(pilot: Any, app: ParlourApp = app, size: Any = size) -> None:
            await settle(pilot, lambda: table_screen(app).ready)
            screen = app.screen
            sizes[size] = {
                name: screen.query_one(f"#{name}").region.size
                for name in ("table-box", "moves", "narration")
            }

        run_at(app, size, scenario)
    small, big = sizes[(80, 24)], sizes[(160, 50)]
    for name in ("table-box", "moves", "narration"):
        assert big[name].height > small[name].height, name
    assert big["moves"].height >= 20  # no longer a strip of 8 rows under empty space


def test_the_setup_screen_fits_80_columns() -> None:
    app = ParlourApp(game="panoplies", lang="fr")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
        await pilot.pause()
        screen = app.screen
        for widget in screen.query("#seat-0 > *"):
            assert widget.region.right <= 80, widget
        assert screen.query_one("#start").region.y < 24  # Start is on the first screen
        lines = screen_lines(app)
        assert "Commencer" in "\n".join(lines)
        # The first seat's row, drawn whole: kind, name, level, age and character, uncut.
        row = next(line for line in lines if "Place 1" in line)
        for shown in ("humain", "Joueur 1", "niveau", "âge", "personnage"):
            assert shown in row, row
        assert row.rstrip().endswith("▎")  # the last field's right edge is on the screen

    run_at(app, (80, 24), scenario)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["beggar", "flip7", "familles", "panoplies"])
def test_at_80x24_the_status_the_key_bar_and_the_hints_fit(game: str, lang: str) -> None:
    """The status row ends with the bots' pace, the key bar shows every key down to `q`, in
    the table's language, and the hints pane needs no scroll bar, late in a game too."""
    players = 3
    session = session_at_a_decision(game, players, lang, 0 if game == "beggar" else 8)
    app = ParlourApp(session=session, lang=lang)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: getattr(app.screen, "ready", False))
        await pilot.press("h")
        await pilot.pause(0.2)
        rows = screen_lines(app)
        pace = french_spaces("Robots : instantané") if lang == "fr" else "Bots: instant"
        assert rows[0].rstrip().endswith(pace), rows[0]
        keys = rows[-1]
        # `*` and `i` are left to the keys screen (`?`), which lists every key.
        for key in ("␣", " x ", " h ", " r ", " s ", "+/-", " a ", " ? ", " q "):
            assert key in keys, (key, keys)
        assert "space" not in keys
        quit_word = "Fin" if lang == "fr" else "Quit"
        assert keys.rstrip().endswith(f"q {quit_word}"), keys
        box = table_screen(app).query_one("#table-box", VerticalScroll)
        assert box.max_scroll_y == 0, "the hints pane scrolls"

    run_at(app, (80, 24), scenario)
