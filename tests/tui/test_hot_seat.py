"""Hot-seat: the screen only ever shows the hand of the person holding the device."""

from __future__ import annotations

from typing import Any

from parlour.games.beggar.cards import notation
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.screens import HandoffScreen, TableScreen
from parlour.tui.session import PlaySession
from tests.tui.helpers import on_screen, run, screen_text, settle, table_screen, table_text

# face_up gives each player a view of his own stack: a hidden hand per seat.
FACE_UP = {"face_up": True}
DEAL = {"hands": ["K-Q-", "-J--", "--A-"]}


def hot_seat(**kw: Any) -> PlayConfig:
    seats = [SeatPlan("Léa"), SeatPlan("Tom"), SeatPlan("Bruno", "first")]
    return PlayConfig("beggar", seats, rules=FACE_UP, instant=True, **kw)


def test_the_session_shows_a_hand_only_to_its_owner_after_the_hand_off() -> None:
    session = PlaySession(hot_seat(deal=DEAL))
    assert session.hot_seat and session.hides_hands()
    assert session.viewer is None and "my_stack" not in session.view()
    assert session.needs_handoff()  # Léa leads but must first be handed the device
    session.take_device(0)
    assert session.view()["my_stack"] == ["K", "-", "Q", "-"]
    session.play(session.state.legal_actions()[0])
    assert session.mover == 1
    session.hide()
    assert "my_stack" not in session.view()
    assert session.needs_handoff()
    assert session.choices() == []  # nobody may move from a hidden screen


def test_a_hot_seat_game_never_shows_the_wrong_stack() -> None:
    session = PlaySession(hot_seat(deal=DEAL))
    app = ParlourApp(session=session)
    seen_pass_to = set()
    flips = 0

    async def scenario(pilot: Any) -> None:
        nonlocal flips
        # Both people get the device at least twice: enough hand-offs to catch a leak.
        while flips < 5 and not on_screen(app, "SummaryScreen"):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                text = screen_text(app)
                assert "stack" not in text.lower()  # a cover, nothing of any hand
                if screen.private is None:
                    seen_pass_to.add(session.names[screen.seat])
                await pilot.pause(HandoffScreen.QUIET_S)  # a press after a quiet moment counts
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                viewer = session.viewer
                text = table_text(app)
                if viewer is None:
                    assert "Your stack" not in text
                else:
                    assert viewer == session.mover
                    stack = notation(session.state.hands[viewer])
                    shown = "".join(text.split("Your stack:")[1].split())
                    assert shown == "".join(f"[{c}]" for c in stack).replace("-", "·")
                    flips += 1
                await pilot.press("space")
            await pilot.pause(0.02)
        assert seen_pass_to == {"Léa", "Tom"}

    run(app, scenario)


def test_without_secrets_the_screen_follows_the_players_without_a_hand_off() -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Tom")]
    session = PlaySession(PlayConfig("beggar", seats, deal=DEAL | {"hands": DEAL["hands"][:2]}))
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        for _ in range(6):
            assert isinstance(app.screen, TableScreen)
            assert session.viewer == session.mover
            await pilot.press("space")
            await pilot.pause(0.02)
        await settle(pilot, lambda: session.state.turns >= 6)
        assert table_screen(app).session is session

    run(app, scenario)
