"""Driving the terminal interface headless, and reading what its screen shows."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from parlour.tui.app import ParlourApp
from parlour.tui.screens import TableScreen

SIZE = (130, 45)


def plain(renderable: Any, width: int = 110) -> str:
    """A renderable as the plain text a person would read."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def table_screen(app: ParlourApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table screen in {app.screen_stack}")


def table_text(app: ParlourApp) -> str:
    return plain(table_screen(app).query_one("#table", Static).content)


def narration(app: ParlourApp) -> list[str]:
    return list(table_screen(app).narration)


def screen_text(app: ParlourApp) -> str:
    """Every Static of the screen on top, as text, lines joined (wrapping does not matter)."""
    text = "\n".join(plain(widget.content) for widget in app.screen.query(Static))
    return " ".join(text.split())


async def settle(pilot: Pilot[Any], until: Callable[[], bool], steps: int = 400) -> None:
    """Let timers and messages run until `until()` holds."""
    for _ in range(steps):
        if until():
            return
        await pilot.pause(0.01)
    raise AssertionError("the interface did not reach the expected moment")


def run(app: ParlourApp, scenario: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def on_screen(app: ParlourApp, name: str) -> bool:
    return type(app.screen).__name__ == name


def table_ready(app: ParlourApp) -> bool:
    """A table screen is on top and mounted."""
    return isinstance(app.screen, TableScreen) and app.screen.ready


def screen_lines(app: ParlourApp) -> list[str]:
    """The terminal as a person sees it now: one string per row, what the compositor drew."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def region_text(app: ParlourApp, selector: str) -> str:
    """The part of the terminal that the widget `selector` covers, as drawn."""
    region = app.screen.query_one(selector).region
    rows = screen_lines(app)[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


def run_at(
    app: ParlourApp, size: tuple[int, int], scenario: Callable[[Pilot[Any]], Awaitable[None]]
) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def cli(*args: str, lang: str = "en_GB.UTF-8") -> subprocess.CompletedProcess[str]:
    """`parlour ARGS` in a process of its own (French Click words stay in that process)."""
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
