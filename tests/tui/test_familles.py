"""The Jeu des 7 familles at the terminal: a miss, a Bonne pioche, hints, hot-seat secrecy."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from textual.widgets import Static

from parlour.core.registry import get_game
from parlour.games.familles.terminal import card_text, family_name, family_of, hints, member
from parlour.i18n.catalog import french_spaces
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.screens import HandoffScreen, TableScreen
from parlour.tui.session import PlaySession
from parlour.tui.tables import TableContext
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

# Léa holds five Boulanger cards (0-4) and two Boucher (6, 7); the Boulanger daughter (5) is on
# top of the pile: asking Bruno for it is a miss, then a Bonne pioche that completes the family.
LEA = [0, 1, 2, 3, 4, 6, 7]
BRUNO = [8, 9, 12, 13, 18, 19, 20]
PILE = [5] + [c for c in range(42) if c not in LEA + BRUNO and c != 5]
DEAL = {"hands": [LEA, BRUNO], "pile": PILE, "first": 0}


def familles(lang: str = "en", **kw: Any) -> PlayConfig:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "reflexes")]
    kw.setdefault("rules", {"deck": "fr"})  # the Boulanger family, in either language
    return PlayConfig("familles", seats, lang=lang, deal=DEAL, instant=True, **kw)


def shown_hand(session: PlaySession, text: str) -> set[int]:
    """The cards listed under "Your hand" on the screen (one or two families a line)."""
    ctx = session.context()
    names = {(family_name(ctx, family_of(c)), member(ctx, c)): c for c in range(42)}
    colon = "\u00a0: " if session.lang == "fr" else ": "
    cards = set()
    for line in text.split("Your hand")[1].strip().splitlines():
        for cell in re.split(r"\s{2,}", line.strip()):
            family, _, members = cell.partition(colon)
            cards |= {names[(family.strip(), m.strip())] for m in members.split(", ")}
    return cards


def option_index(app: ParlourApp, label: str) -> int:
    return next(i for i, c in enumerate(table_screen(app).shown) if c.label == label)


def test_a_miss_then_a_bonne_pioche_then_the_whole_game() -> None:
    session = PlaySession(familles("fr"))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        text = table_text(app)
        assert (
            "Votre jeu" in text
            and french_spaces("Boulanger : le grand-père, la grand-mère") in text
        )
        assert "Bruno (robot réflexes)  7 cartes" in text
        screen = table_screen(app)
        screen.play_choice(
            option_index(app, french_spaces("Demander à Bruno : famille Boulanger, la fille"))
        )
        await settle(
            pilot, lambda: french_spaces("Léa pose la famille Boulanger !") in narration(app)
        )
        lines = narration(app)
        ask = lines.index(
            french_spaces("Léa à Bruno : « Dans la famille Boulanger, je voudrais la fille. »")
        )
        assert lines[ask + 1] == french_spaces("Bruno : « Pioche ! »")
        assert lines[ask + 2] == french_spaces("Léa pioche la fille Boulanger : « Bonne pioche ! »")
        assert french_spaces("posées : Boulanger") in table_text(app)
        assert session.mover == 0  # a Bonne pioche: Léa asks again
        moves = 0
        while not on_screen(app, "SummaryScreen"):
            if session.mover == 0 and isinstance(app.screen, TableScreen):
                table_screen(app).play_choice(0)  # the first move offered (keys: tested above)
                moves += 1
            await pilot.pause()
            assert moves < 300
        summary = screen_text(app)
        assert "Partie terminée" in summary and ("gagne" in summary or "ex æquo" in summary)
        assert any(line.startswith("Les sept familles sont posées") for line in narration(app))

    run(app, scenario)


def test_a_move_not_allowed_is_explained_and_changes_nothing() -> None:
    session = PlaySession(familles())
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await pilot.press("x")  # every move, the forbidden ones marked
        screen = table_screen(app)
        assert len(screen.shown) == 84 and sum(c.legal for c in screen.shown) == 5
        await pilot.press("1")  # asking Léa herself for a card
        message = plain(screen.query_one("#message", Static).content)
        assert "Not allowed: you must ask another player, not yourself" in message
        screen.choose(option_index(app, "Ask Bruno for the grandfather (Boulanger)"))
        await pilot.pause()
        message = plain(screen.query_one("#message", Static).content)
        assert "you may not ask for a card you already hold" in message
        screen.choose(option_index(app, "Ask Bruno for the father (Facteur)"))
        await pilot.pause()
        message = plain(screen.query_one("#message", Static).content)
        assert "only ask for a card of a family you already hold" in message
        assert session.state.turns == 0 and narration(app)[-1] == "Léa plays."

    run(app, scenario)


def test_hints_tell_what_the_table_knows() -> None:
    # Bruno asks first; his ask shows he holds a Boucher card and lacks the one he asked for.
    deal = {"hands": [BRUNO, LEA], "pile": PILE, "first": 0}
    seats = [SeatPlan("Bruno", "reflexes"), SeatPlan("Léa")]
    config = PlayConfig("familles", seats, deal=deal, instant=True, hints=True)
    config.rules = {"deck": "fr"}
    session = PlaySession(config)
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: session.mover == 1)
        hints = plain(table_screen(app).query_one("#hints", Static).content)
        assert "Bruno to Léa: “From the Pêcheur family, may I have the son?”" in narration(app)
        # He holds a Pêcheur card; he drew a card, but not the son (that would have been a
        # Bonne pioche, shown to all), so he surely still lacks it.
        assert "Bruno asked in these families, so holds a card of each: Pêcheur." in hints
        assert "Bruno does not hold the son Pêcheur." in hints
        await pilot.press("h")  # hints off again
        assert not table_screen(app).query_one("#hints").display

    run(app, scenario)


def test_hot_seat_never_shows_a_hand_or_a_private_draw_to_the_wrong_person() -> None:
    hot_seat_game(until_the_end=False)


@pytest.mark.slow
def test_a_whole_hot_seat_game_never_shows_a_hand_to_the_wrong_person() -> None:
    hot_seat_game(until_the_end=True)


def hot_seat_game(until_the_end: bool) -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Tom"), SeatPlan("Bruno", "reflexes")]
    session = PlaySession(PlayConfig("familles", seats, seed=4, instant=True))
    app = ParlourApp(session=session)
    rng = random.Random(4)
    hands_shown = {0: 0, 1: 0}
    private_lines: list[str] = []

    async def scenario(pilot: Any) -> None:
        # Several turns of each person, each one behind the hand-off screens.
        while not on_screen(app, "SummaryScreen"):
            if not until_the_end and min(hands_shown.values()) >= 3:
                break
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                assert "Your hand" not in screen_text(app)
                for line in screen.private or []:  # the end of a turn: only the player's own
                    assert line.startswith(session.names[screen.seat])
                    private_lines.append(line)
                await pilot.pause(HandoffScreen.QUIET_S)  # a press after a quiet moment counts
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and session.human_to_move():
                viewer = session.viewer
                assert viewer == session.mover  # a hand is only shown to the one who plays
                # Wide enough that no family wraps inside its column.
                text = plain(table_screen(app).query_one("#table", Static).content, width=300)
                assert text.count("Your hand") == 1
                assert shown_hand(session, text) == set(session.state.view(viewer)["hand"])
                other = session.names[1 - viewer]
                for line in narration(app):
                    if line.startswith(f"{other} draws ") and "Lucky draw" not in line:
                        assert line == f"{other} draws a card."
                hands_shown[viewer] += 1
                screen.play_choice(rng.randrange(len(screen.shown)))
            await pilot.pause(0.01)
        assert sum(hands_shown.values()) >= 6

    run(app, scenario)


def test_a_pioche_is_remembered_by_players_and_spectators_alike() -> None:
    game = get_game("familles")
    hands = [[0, 1], [6, 7], [12, 13]]  # Bruno, Léa, Carla
    pile = [c for c in range(42) if not any(c in hand for hand in hands)]
    pile.append(pile.pop(0))  # the card asked for is not the one Bruno then draws
    # Bruno asks Carla for the father of his family: « Pioche ! »
    state = game.new_state(3, deal={"hands": hands, "pile": pile, "first": 0})
    state.apply(game.action_from_json({"type": "ask", "target": 2, "card": 2}))
    names = ["Bruno", "Léa", "Carla"]
    for viewer in (1, None):
        events = [e for e in state.log if e.visible_to(viewer)]
        view = state.view(viewer)
        ctx = TableContext("familles", view, "en", names, viewer, {}, events, state.rules)
        lines = hints(ctx)
        family = view["deck"]["families"][0]["name"]
        assert f"Carla does not hold {card_text(ctx, 2)}." in lines, viewer
        assert f"Bruno asked in these families, so holds a card of each: {family}." in lines, viewer
        # Bruno drew a hidden card since, but not the father (that would have been a Bonne
        # pioche, shown to all): he surely still lacks it.
        assert f"Bruno does not hold {card_text(ctx, 2)}." in lines, viewer
        assert any(line.startswith("Likeliest find") for line in lines) == (viewer == 1)
