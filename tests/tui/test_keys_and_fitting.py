"""Keys the screens keep once their footer is localised, and hints fitted to the real pane."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Group
from textual.widgets import Input, Static

from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.fitting import fit_hints, rendered_height
from parlour.tui.session import PlaySession
from tests.tui.helpers import on_screen, region_text, run, run_at, settle, table_screen


def _footer_labels(app: ParlourApp) -> dict[str, str]:
    """The active bindings shown in the footer: key -> label."""
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.binding.show
    }


def test_tab_moves_between_the_setup_fields_and_typing_edits_a_name() -> None:
    app = ParlourApp(game="flip7", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        bindings = screen._bindings.key_to_bindings
        assert "tab" in bindings and "shift+tab" in bindings
        seen = []
        for _ in range(12):
            await pilot.press("tab")
            seen.append(app.focused)
            if isinstance(app.focused, Input) and (app.focused.id or "").startswith("name-"):
                break
        assert len({id(widget) for widget in seen}) > 1, "Tab does not move the focus"
        field = app.focused
        assert isinstance(field, Input) and (field.id or "").startswith("name-")
        before = field.value
        await pilot.press("Z", "e", "d")
        assert field.value != before and "Zed" in field.value
        await pilot.press("shift+tab")
        assert app.focused is not field

    run(app, scenario)


def test_the_setup_footer_stays_localised() -> None:
    app = ParlourApp(game="flip7", lang="fr")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        labels = _footer_labels(app)
        assert labels.get("q") == "Fin" and labels.get("ctrl+s") == "Commencer"

    run(app, scenario)


def test_the_game_chooser_footer_is_in_the_chosen_language() -> None:
    app = ParlourApp(lang="fr")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "GameChooser"))
        assert _footer_labels(app).get("q") == "Fin"

    run(app, scenario)


def _flip7_with_hints(lang: str = "en") -> PlaySession:
    # Léa has a 12 and moves first: hints to show, and no bot move to refresh the table.
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "threshold:100")]
    config = PlayConfig(
        "flip7", seats, deal={"deck": ["12", "5"]}, hints=True, pace_ms=5000, lang=lang
    )
    return PlaySession(config)


@pytest.mark.parametrize("size", [(80, 24), (130, 45)])
def test_the_first_hints_are_fitted_to_the_whole_pane(size: tuple[int, int]) -> None:
    session = _flip7_with_hints()
    app = ParlourApp(session=session)

    async def scenario(pilot: Any) -> None:
        screen = table_screen(app)
        await settle(pilot, lambda: screen.ready)
        await pilot.pause()
        box = screen.query_one("#table-box").content_region
        assert box.width > size[0] // 2  # the pane is wider than the old guess
        table = session.render()  # what the table pane shows
        rows = box.height - rendered_height(app.console, table, box.width)
        expected = fit_hints(session.hints(), box.width, rows - 1, "en")
        hints = screen.query_one("#hints", Static).content
        assert isinstance(hints, Group)
        shown = [str(line) for line in hints.renderables[1:]]
        assert shown == expected
        # The pane, as drawn, shows the fitted lines whole.
        drawn = region_text(app, "#table-box")
        assert expected[0].rstrip() in drawn
        # A resize fits them again to the new pane.
        await pilot.resize_terminal(size[0] + 30, size[1])
        await pilot.pause()
        await pilot.pause()
        box = screen.query_one("#table-box").content_region
        rows = box.height - rendered_height(app.console, table, box.width)
        expected = fit_hints(session.hints(), box.width, rows - 1, "en")
        hints = screen.query_one("#hints", Static).content
        assert isinstance(hints, Group)
        assert [str(line) for line in hints.renderables[1:]] == expected

    run_at(app, size, scenario)
