"""Screenshots of the web table for the docs: the lobby and a table of each game.

Starts `parlour serve` on a temporary database, seats two people and bots at a table of each
game, plays a few moves in the browser (the system Chromium, driven by Playwright) and saves
PNG files. Usage: python benchmarks/web_screenshots.py [OUT_DIR] (default docs/screenshots).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.conftest import Server

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
SETUPS: dict[str, dict[str, Any]] = {
    # Its flips play themselves at a web table; here they are clicked, to stop on a moment.
    "beggar": {"seed": 24, "moves": 14, "hints": {}, "rules": {"speed": False}},
    "flip7": {"seed": 5, "moves": 9, "hints": {"flip7_hint": True}},
    "familles": {"seed": 2, "moves": 10, "hints": {"memory_hint": True}},
    "panoplies": {"seed": 3, "moves": 10, "hints": {}},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="docs/screenshots", help="the folder")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    folder = tempfile.mkdtemp()
    server = Server(f"sqlite:///{folder}/shots.db", bot_delay=0.05)
    server.start()
    games = [g["name"] for g in server.get("/api/games")]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for game in games:
                setup = SETUPS.get(game, {"seed": 1, "moves": 8, "hints": {}})
                shoot_game(browser, server, game, setup, out)
            lobby = browser.new_page(viewport={"width": 1200, "height": 800})
            lobby.goto(server.url + "/")
            lobby.wait_for_selector(".tablecard")
            lobby.screenshot(path=str(out / "lobby.png"))
            lobby.goto(server.url + "/about")
            lobby.wait_for_selector("#credits")
            lobby.screenshot(path=str(out / "about.png"))
            browser.close()
    finally:
        server.stop()


def ready(page: Any, game: str) -> bool:
    """A moment worth showing: for Beggar, a pile of a few cards on the table."""
    if game == "beggar":
        pile = page.query_selector("#pile")
        mine = page.query_selector("#actions button:not([disabled])")
        return pile is not None and int(pile.get_attribute("data-count") or 0) >= 3 and bool(mine)
    return True


def _rules(setup: dict[str, Any]) -> dict[str, Any]:
    return {"rules": setup["rules"]} if "rules" in setup else {}


def shoot_game(browser: Any, server: Server, game: str, setup: dict[str, Any], out: Path) -> None:
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human"}, {"kind": "bot"}]
    made = server.post(
        "/api/tables",
        {"game": game, "seats": seats, "sit": 0, "seed": setup["seed"], **_rules(setup)},
    )
    table_id = made["id"]
    guest = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})["token"]
    pages = []
    for seat, (token, size) in enumerate([(made["token"], (1200, 860)), (guest, (390, 844))]):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        held = json.dumps({"token": token, "seat": seat, "host": seat == 0})
        context.add_init_script(
            f"localStorage.setItem('parlour.seat.{table_id}', {json.dumps(held)});"
            f"localStorage.setItem('parlour.hints', {json.dumps(json.dumps(setup['hints']))});"
        )
        page = context.new_page()
        page.goto(f"{server.url}/t/{table_id}")
        page.wait_for_selector(".seat.me")
        pages.append(page)
    pages[0].click("#start")
    rng = random.Random(0)
    moves = 0
    while moves < setup["moves"] or not ready(pages[0], game):
        for page in pages:
            found = page.query_selector_all(
                "#actions button:not([disabled]):visible, #board [data-act]"
            )
            if found and not (moves >= setup["moves"] and ready(pages[0], game)):
                try:
                    rng.choice(found).click(timeout=1000)
                    moves += 1
                except Exception:
                    pass
        pages[0].wait_for_timeout(60)
    pages[0].wait_for_timeout(900)
    pages[0].screenshot(path=str(out / f"{game}.png"))
    pages[1].screenshot(path=str(out / f"{game}-phone.png"))
    for page in pages:
        page.context.close()


if __name__ == "__main__":
    main()
