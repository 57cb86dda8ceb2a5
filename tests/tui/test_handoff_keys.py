"""Hot-seat hand-overs under hurried keys: a double Enter, keys queued before a screen was
drawn, an Enter that reaches the app before the screen is mounted. The pass screen must be seen
before it is passed, the table must not fall over, and a late key is not the next person's."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.widgets import Static

from parlour.cli import main
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.screens import HandoffScreen, TableScreen
from parlour.tui.session import PlaySession
from tests.tui.helpers import SIZE, run, screen_text, table_screen

LEA, TOM = 0, 1
SEEN = 0.8  # longer than the pass screen's guard: a press made after this is deliberate


def two_people() -> tuple[PlaySession, ParlourApp]:
    # As `parlour play familles --humans Léa,Tom --players 2 --instant --seed 11`: Léa's
    # first ask fails, she draws, and the device goes to Tom.
    seats = [SeatPlan("Léa"), SeatPlan("Tom")]
    session = PlaySession(PlayConfig("familles", seats, seed=11, instant=True))
    return session, ParlourApp(session=session)


async def reach(pilot: Any, app: ParlourApp, moment: Any) -> None:
    """Enter pressed at a person's pace (screens read, choices made) until `moment()`."""
    for _ in range(60):
        await pilot.pause(0.3)
        if moment():
            return
        await pilot.press("enter")
    raise AssertionError("the game did not reach the expected moment")


def turn_over(app: ParlourApp) -> bool:
    return isinstance(app.screen, HandoffScreen) and app.screen.private is not None


def last_step(app: ParlourApp) -> bool:
    """Léa's table at the last step of her ask: the next Enter plays it and ends her turn."""
    return isinstance(app.screen, TableScreen) and "which card?" in screen_text(app)


def enter(app: ParlourApp) -> events.Key:
    """An Enter typed now (a key's time is when the terminal delivered it)."""
    key = events.Key("enter", "\r")
    key.set_sender(app)
    return key


def send(app: ParlourApp, keys: list[events.Key]) -> None:
    assert app._driver is not None
    for key in keys:
        app._driver.send_message(key)


def queue_enters(app: ParlourApp, count: int) -> None:
    """Enter pressed `count` times at once, as a terminal delivers a held or doubled key: the
    keys are all typed before the app handles the first."""
    send(app, [enter(app) for _ in range(count)])


def test_a_double_enter_on_the_turn_over_screen_stops_at_the_pass_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session, app = two_people()
    # A longer guard than the real one: the second press is meant to come within it, and a
    # loaded machine can stretch the test's 0.1 s pause past the real 0.6 s.
    monkeypatch.setattr(HandoffScreen, "GUARD_S", 2.0)
    seen = 2.2  # longer than that guard: a press made after it is deliberate

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: turn_over(app))
        await pilot.pause(seen)  # Léa reads what she drew
        await pilot.press("enter")
        await pilot.pause(0.1)
        await pilot.press("enter")  # the same finger again, 0.1 s later
        await pilot.pause(1.5)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.private is None, screen
        assert screen.seat == TOM and session.viewer is None
        assert "Pass the device to Tom." in screen_text(app)
        await pilot.pause(seen)  # Tom has the device: his Enter passes the screen
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen) and session.viewer == TOM

    run(app, scenario)


def test_enter_held_down_never_passes_the_pass_screen() -> None:
    # A held key repeats every few hundredths of a second: once past the guard, it used to
    # pass "Pass the device to Tom" too and show Tom's hand to Léa, 1.2 s into the hold.
    session, app = two_people()

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: turn_over(app))
        await pilot.pause(SEEN)
        for _ in range(80):  # about 3 s of a repeating Enter
            await pilot.press("enter")
            await pilot.pause(0.03)
            assert session.viewer != TOM and not isinstance(app.screen, TableScreen)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.private is None and screen.seat == TOM
        await pilot.pause(HandoffScreen.QUIET_S + 0.05)  # the key let go; Tom presses it
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen) and session.viewer == TOM

    run(app, scenario)


def test_keys_typed_before_the_pass_screen_was_drawn_do_not_pass_it_when_they_come() -> None:
    # Keys typed while the app was busy (a batch of bot moves) reach a screen long after they
    # were pressed: what counts is when they were typed.
    session, app = two_people()

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: turn_over(app))
        await pilot.pause(SEEN)
        typed = [enter(app), enter(app)]  # typed now, behind the Enter that hides Léa's hand
        await pilot.press("enter")
        await pilot.pause(SEEN + 0.2)  # the pass screen is drawn, and past its guard
        send(app, typed)
        await pilot.pause(0.5)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.private is None, screen
        assert screen.seat == TOM and session.viewer is None

    run(app, scenario)


def test_an_enter_that_reaches_the_app_before_the_screen_is_mounted_is_ignored() -> None:
    # Enter held down: a repeat sent to the table bubbles up to the app once the hand-over
    # screen is on top, not yet mounted, and ran its binding: the screen closed before its
    # `on_mount`, which found no button and took the app down (NoMatches, then status 0).
    session, app = two_people()

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: last_step(app))
        table = table_screen(app)
        table.play(next(c for c in table.shown if c.legal).action)  # pushes the turn-over
        assert isinstance(app.screen, HandoffScreen) and not app.screen.is_mounted
        await app._check_bindings("enter")
        await pilot.pause(1.0)
        assert turn_over(app) and session.viewer == LEA

    run(app, scenario)  # an exception in the app is raised here


def test_an_app_that_stops_on_an_error_exits_non_zero_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    def boom(_self: Any) -> None:
        raise RuntimeError("boom")

    def headless(self: ParlourApp) -> None:
        App.run(self, headless=True, size=SIZE)

    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("TEXTUAL", raising=False)
    monkeypatch.setattr(ParlourApp, "run", headless)
    monkeypatch.setattr(TableScreen, "on_mount", boom)
    argv = ["play", "familles", "--humans", "Léa,Tom", "--players", "2", "--seed", "11"]
    with pytest.raises(SystemExit) as status:
        main([*argv, "--lang", "en"])
    assert status.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.strip() == (
        "parlour: the table stopped on an internal error (RuntimeError: boom); "
        "TEXTUAL=debug shows where."
    )


def test_a_second_enter_on_the_last_step_is_not_played_at_the_next_turn() -> None:
    session, app = two_people()

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: last_step(app))
        queue_enters(app, 2)  # a double press: the second selects from Léa's old list
        await reach(pilot, app, lambda: isinstance(app.screen, TableScreen) and session.viewer)
        assert session.viewer == TOM == session.mover
        message = table_screen(app).query_one("#message", Static)
        assert str(message.content) == "" and not message.display

    run(app, scenario)


def test_the_message_line_is_cleared_when_the_device_changes_hands() -> None:
    session, app = two_people()

    async def scenario(pilot: Any) -> None:
        await reach(pilot, app, lambda: turn_over(app))
        table = table_screen(app)
        table.say("Saved to léa.json")  # a line of Léa's, under her turn-over screen
        await reach(pilot, app, lambda: isinstance(app.screen, TableScreen) and session.viewer)
        assert session.viewer == TOM
        assert str(table.query_one("#message", Static).content) == ""

    run(app, scenario)
