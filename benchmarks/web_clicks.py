"""Clicks per whole game at the web table, as a player makes them, on a laptop and on a phone.

Starts `parlour serve` on a temporary database and, for each game and each screen size, plays
N whole games (deal numbers 1..N) in headless Chromium (the system one, driven by Playwright):
one person against bots, on a table made with the web table's defaults (Beggar's cards turn up
by themselves), as a player would: click Start, then click a move whenever it is his turn.
Its choices are a plain player's: in Flip 7 he hits below 23 points this round; in the
ask-and-draw games he asks whoever holds most cards for a card of the group he holds most of
(clicking that player first when the page has another one chosen). Every click counted is a
real click in the page; Start is not counted (one more for every game). Beggar needs none: its
flips are played by the server.

Prints, per game and size, the median, 90th percentile and maximum of the clicks per game.
Usage: python benchmarks/web_clicks.py [--games 5] [--game flip7,beggar] [--size laptop,phone]
                                      [--players 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from parlour.core.options import make_rules
from parlour.core.registry import get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.conftest import Server

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
# The fastest pace Beggar's rules allow: the same flips, sooner (nobody clicks them).
RULES: dict[str, dict[str, Any]] = {"beggar": {"pace_ms": 50}}
FLIP7_STAY_AT = 23  # a plain player's threshold (the `threshold:23` bot's)
GAME_SECONDS = 600  # a game that has not ended by then is a failure, not a figure


class Player:
    """One person's page at a table: it records the WebSocket frames the page receives (its
    seat's views and legal moves), decides from them, and clicks in the page."""

    def __init__(self, page: Any, game: str, seat: int, rules: dict[str, Any]) -> None:
        self.page, self.game, self.seat = page, game, seat
        # A move with nothing to decide that the table plays by itself is left to it, as a
        # player leaves Beggar's flips to the server (the game's `autoplay_delay`).
        played = get_game(game)
        self.autoplays = played.autoplay_delay(make_rules(played.rules_class, rules)) is not None
        self.states: list[dict[str, Any]] = []
        self.acts_sent = 0
        self.clicks = 0
        self.chip_clicks = 0  # of those, the clicks that choose whom to ask
        self.rng = random.Random(0)
        page.on("websocket", self._watch)

    def _watch(self, socket: Any) -> None:
        def received(payload: Any) -> None:
            frame = json.loads(payload)
            if frame.get("type") == "state" and frame.get("view") is not None:
                self.states.append(frame)

        def sent(payload: Any) -> None:
            self.acts_sent += json.loads(payload).get("type") == "act"

        socket.on("framereceived", received)
        socket.on("framesent", sent)

    def click(self, selector: str) -> bool:
        element = self.page.query_selector(selector)
        return element is not None and self.click_element(element)

    def click_element(self, element: Any) -> bool:
        try:
            element.click(timeout=2000)
        except Exception:  # drawn again under the click: the next look will find it
            return False
        self.clicks += 1
        return True

    def play(self) -> None:
        """Click moves on the seat's turns until the game is over."""
        acted = -1  # the step of the last move clicked: one move per step
        deadline = time.monotonic() + GAME_SECONDS
        while not self.page.query_selector(".banner"):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.game}: the game did not end in {GAME_SECONDS} s")
            last = self.states[-1] if self.states else None
            shown = self.page.get_attribute("#felt", "data-step")
            mine = last is not None and last["legal"] and last["view"].get("to_move") == self.seat
            waits = not mine or last["step"] == acted or shown != str(last["step"])
            if waits or (self.autoplays and len(last["legal"]) == 1):
                self.page.wait_for_timeout(20)
                continue
            if self.move(last):
                acted = last["step"]
            else:
                self.page.wait_for_timeout(20)

    def move(self, state: dict[str, Any]) -> bool:
        legal, view = state["legal"], state["view"]
        if legal[0].get("type") == "ask":
            return self.ask(view, legal)
        choice = self.flip7_choice(view, legal) if self.game == "flip7" else None
        index = legal.index(choice) if choice is not None else self.rng.randrange(len(legal))
        return self.click(f'#actions button[data-legal="{index}"]:not([disabled])')

    @staticmethod
    def flip7_choice(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        kinds = {a["type"]: a for a in legal}
        if "hit" in kinds and "stay" in kinds:
            points = view["table"][view["seat"]]["points"]
            return kinds["hit"] if points < FLIP7_STAY_AT else kinds["stay"]
        return None  # giving an action card: any player will do

    def ask(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
        group_of = get_game(self.game).grouping(None).group_of
        held = [group_of[card] for card in view["hand"]]

        def group(ask: dict[str, Any]) -> int:  # an ask for a card, or for a whole group
            if "card" in ask:
                return int(group_of[ask["card"]])
            return int(next(v for k, v in ask.items() if k not in ("type", "target")))

        best = max(legal, key=lambda a: (view["hand_sizes"][a["target"]], held.count(group(a))))
        chip = f'#board .target-chip[data-target="{best["target"]}"]'
        if self.page.query_selector(chip + ":not(.chosen)"):
            if not self.click(chip):
                return False
            self.chip_clicks += 1
            return False  # the page draws the asks again: the card on the next look
        for element in self.page.query_selector_all("#board [data-act]"):
            if json.loads(element.get_attribute("data-act") or "null") == best:
                return self.click_element(element)
        return False


def one_game(browser: Any, server: Server, game: str, size: str, deal: int, players: int) -> int:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot"}] * (players - 1)
    request = {"game": game, "seats": seats, "sit": 0, "seed": deal, "rules": RULES.get(game, {})}
    made = server.post("/api/tables", request)
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    held = json.dumps({"token": made["token"], "seat": 0, "host": True})
    context.add_init_script(
        f"localStorage.setItem('parlour.seat.{made['id']}', {json.dumps(held)})"
    )
    try:
        page = context.new_page()
        player = Player(page, game, 0, server.get(f"/api/tables/{made['id']}")["rules"])
        page.goto(f"{server.url}/t/{made['id']}")
        page.click("#start")
        page.wait_for_selector("#felt[data-step]")
        player.play()
        # Every click on a move sent it (a click on a player to ask sends nothing).
        assert player.acts_sent == player.clicks - player.chip_clicks, "a click went astray"
        return player.clicks
    finally:
        context.close()


def percentile(values: list[int], p: float) -> int:
    """The nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per game and size")
    parser.add_argument("--game", default="", help="games to play, comma separated (all)")
    parser.add_argument("--size", default="laptop,phone", help="laptop, phone or both")
    parser.add_argument("--players", type=int, default=2, help="the person and his bots")
    parser.add_argument("--json", action="store_true", help="one JSON object, no table")
    args = parser.parse_args()
    sizes = [s for s in args.size.split(",") if s]
    unknown = [s for s in sizes if s not in SIZES]
    if unknown:
        parser.error(f"unknown size {unknown[0]!r}: sizes are {', '.join(SIZES)}")
    folder = tempfile.mkdtemp()
    server = Server(f"sqlite:///{folder}/clicks.db", bot_delay=0.01)
    server.start()
    rows: list[dict[str, Any]] = []
    try:
        games = [g["name"] for g in server.get("/api/games")]
        if args.game:
            games = [g for g in games if g in args.game.split(",")]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for game in games:
                for size in sizes:
                    counts = [
                        one_game(browser, server, game, size, deal, args.players)
                        for deal in range(1, args.games + 1)
                    ]
                    rows.append({
                        "game": game, "size": size, "games": len(counts), "clicks": counts,
                        "median": statistics.median(counts), "p90": percentile(counts, 90),
                        "max": max(counts),
                    })  # fmt: skip
                    if not args.json:
                        print_row(rows[-1], first=len(rows) == 1)
            browser.close()
    finally:
        server.stop()
    if args.json:
        print(json.dumps({"players": args.players, "rows": rows}))


def print_row(row: dict[str, Any], first: bool) -> None:
    if first:
        print("| game | size | games | median | p90 | max |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
    figures = [row["game"], row["size"], row["games"], f"{row['median']:g}", row["p90"], row["max"]]
    print("| " + " | ".join(str(f) for f in figures) + " |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
