"""Flip 7 at the terminal: a bust, a Flip 7, the odds of a hit, action cards to give."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from parlour.core.registry import get_game
from parlour.games.flip7.game import GAME
from parlour.games.flip7.public import hit_hint
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan, plan_seats
from parlour.tui.session import PlaySession
from tests.tui.helpers import narration, on_screen, plain, run, screen_text, settle, table_screen

# Bruno (dealer) deals Léa a 1 and himself a 5; Léa hits a 2; Bruno, who always hits, draws a
# second 5 and busts; Léa alone draws 3, 4, 6, 7 and 8: seven different numbers, a Flip 7.
DECK = ["1", "5", "2", "5", "3", "4", "6", "7", "8"]


def flip7(deck: list[str], **kw: Any) -> PlayConfig:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "threshold:100")]
    return PlayConfig("flip7", seats, deal={"deck": deck}, instant=True, **kw)


def test_a_bust_then_a_flip_7_ends_the_game() -> None:
    session = PlaySession(flip7(DECK, rules={"target": 40}, hints=True))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        assert [c.label for c in screen.shown] == ["Hit: take a card", "Stay: bank 1 point"]
        await pilot.press("1")  # hit
        await settle(pilot, lambda: "Bruno busts with a second 5." in narration(app))
        text = plain(screen.query_one("#table", Static).content)
        assert "BUST" in text and "[1] [2]" in text
        hints = plain(screen.query_one("#hints", Static).content)
        assert "Bust risk if you hit: 1% (1 of 90 cards)" in hints
        for _ in range(5):
            await pilot.press("enter")  # the first move offered: hit
            await pilot.pause(0.02)
        await settle(pilot, lambda: on_screen(app, "SummaryScreen"))
        lines = narration(app)
        assert "Flip 7! Léa has seven different numbers: the round ends." in lines
        summary = screen_text(app)
        assert "Léa wins." in summary and "46" in summary

    run(app, scenario)


def test_an_action_card_is_given_by_choosing_its_target() -> None:
    session = PlaySession(flip7(["1", "5", "freeze"], lang="fr"))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        await pilot.press("1")  # Léa hits the Freeze (« Stop » in French)
        await pilot.pause()
        labels = [c.label for c in table_screen(app).shown]
        assert labels == ["Garder le Stop pour vous", "Donner le Stop à Bruno"]
        table = plain(table_screen(app).query_one("#table", Static).content)
        assert "Léa doit donner la carte Stop à un joueur en jeu." in table
        await pilot.press("2")
        await settle(pilot, lambda: session.state.view(None)["table"][1]["status"] == "frozen")
        assert "stop" in plain(table_screen(app).query_one("#table", Static).content)

    run(app, scenario)


def test_the_hint_is_the_games_score_helper_worked_by_hand() -> None:
    # Léa 12, Bruno 5: 92 cards left, 11 of them twelves. A hit: 66 other numbers worth
    # 66 × 12 + (1² + … + 11² − 5) = 1293, the five + cards 5 × 12 + 30 = 90, the x2 24 and
    # nine action cards 12 each: 1515 / 92 = 16.47 expected points against 12 now.
    session = PlaySession(flip7(["12", "5"]))
    assert session.hints() == [
        "Bust risk if you hit: 12% (11 of 92 cards).",
        "Expected points after one hit: 16.5 (stay now: 12); +4.5."
        " Action cards are counted as no change.",
    ]
    hint = GAME.hint(session.view())
    assert hint is not None and hint["hit_ev"] == pytest.approx(1515 / 92)
    assert hint["bust_probability"] == pytest.approx(11 / 92)


def test_a_second_chance_turns_the_risk_into_a_lost_card() -> None:
    session = PlaySession(flip7(["12", "5", "second_chance"]))
    session.play(hit(session))
    while session.mover is not None and session.mover != 0:
        session.bot_move()
    assert session.view()["table"][0]["second_chance"]
    assert session.hints()[0].startswith(
        "Your Second Chance covers a duplicate: 11 of 90 cards would use it."
    )


def test_the_hint_counts_the_tables_own_flip_7_bonus() -> None:
    # Léa draws 1, 2, 3, 4, 6, 7 (Bruno busts on a second 12): one more new number is a Flip 7.
    deck = ["1", "12", "2", "12", "3", "4", "6", "7"]
    gains = {}
    for bonus in (15, 0):
        session = PlaySession(flip7(deck, rules={"flip7_bonus": bonus}))
        while len(session.view()["table"][0]["numbers"]) < 6:
            if session.mover == 0:
                session.play(hit(session))
            else:
                session.bot_move()
        hint = hit_hint(session.view(), bonus=bonus)
        assert hint is not None
        gains[bonus] = hint["hit_gain"]
        assert f"{hint['hit_gain']:+.1f}" in session.hints()[1]
    # The bonus is won on any of the numbers not held yet: 0, 5, 8 … 12 (less the two twelves).
    new_numbers = 1 + 5 + 8 + 9 + 10 + 11 + 10
    assert gains[15] - gains[0] == pytest.approx(15 * new_numbers / (94 - len(deck)))
    assert GAME.hint(session.view()) == hit_hint(session.view())


def hit(session: PlaySession) -> Any:
    return next(c.action for c in session.choices() if c.action.to_json()["type"] == "hit")


def test_the_issue_example_seats_one_person_and_three_named_bots() -> None:
    seats = plan_seats(get_game("flip7"), "fr", players=4, bots="strong,strong,counter")
    assert [s.bot for s in seats] == [None, "strong", "strong", "counter"]
    session = PlaySession(PlayConfig("flip7", seats, lang="fr", seed=1))
    assert session.humans == [0] and sorted(session.bots) == [1, 2, 3]


def test_a_move_is_played_with_the_mouse() -> None:
    session = PlaySession(flip7(DECK))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        assert [c.label for c in table_screen(app).shown][1] == "Stay: bank 1 point"
        await pilot.click("#moves", offset=(6, 1))  # the second line: stay
        await settle(pilot, lambda: "Léa stays with 1 point." in narration(app))
        stays = [e for e in session.state.log if e.type == "stay"]
        assert stays[0].data["seat"] == 0 and session.state.actions[0] == {"type": "stay"}

    run(app, scenario)


def test_the_footer_speaks_the_language_of_the_table() -> None:
    from textual.widgets import Footer

    app = ParlourApp(session=PlaySession(flip7(DECK, lang="fr")))

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        descriptions = {b.action: b.description for _, b in screen._bindings}
        assert descriptions["every_move"] == "Coups" and descriptions["quit"] == "Fin"
        await pilot.press("x")  # the French bindings still act
        assert screen.every
        assert screen.query(Footer)

    run(app, scenario)
