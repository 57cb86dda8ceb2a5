"""Go Fish's faces: its terminal table, its web table and drawing, its hints."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from parlour.core.capabilities import offers
from parlour.core.registry import get_game
from parlour.i18n.catalog import french_spaces
from parlour.tui.config import PlayConfig, SeatPlan
from parlour.tui.session import PlaySession
from parlour.web.app import Settings, create_app
from parlour.web.hints import seat_hint
from parlour.web.storage import Storage
from parlour.web.tables import Client, Hall
from tests.tui.helpers import plain

HANDS = [[24, 1, 5], [25, 9, 13]]  # Léa: 7♠ A♥ 2♥; Max: 7♥ 3♥ 4♥
TOP = [16, 20, 8]  # 5♠ (Léa's first draw), 6♠ (Max's), 3♠
PILE = TOP + [c for c in range(52) if c not in {24, 1, 5, 25, 9, 13, *TOP}]


def session(lang: str, bot: str | None = "memory") -> PlaySession:
    seats = [SeatPlan("Léa"), SeatPlan("Max", bot)]
    deal = {"hands": HANDS, "pile": PILE, "first": 0}
    return PlaySession(PlayConfig("gofish", seats, lang=lang, deal=deal, instant=True, hints=True))


def test_every_face_is_offered_from_the_game_room() -> None:
    game = get_game("gofish")
    for hook in ("terminal_table", "web_drawing", "encoder", "grouping", "rules_text", "peer"):
        assert offers(game, hook), hook
    assert game.peer(3) is not None and game.peer(3).openspiel_name == "go_fish"


def test_the_terminal_table_in_both_languages() -> None:
    en, fr = session("en"), session("fr")
    assert "Pool: 46 cards · books: 0 of 13" in plain(en.render(), width=80)
    assert french_spaces("Pioche : 46 cartes · livres : 0 sur 13") in plain(fr.render(), width=80)
    assert "A♥  │  2♥  │  7♠" in plain(en.render(), width=80)
    assert [c.label for c in en.choices()] == [
        "Ask Max for aces",
        "Ask Max for twos",
        "Ask Max for sevens",
    ]
    assert "Demander des sept à Max" in [c.label for c in fr.choices()]
    fr.play(fr.state.action_from_json({"type": "ask", "target": 1, "rank": 0}))
    assert "Max\u00a0: «\u00a0Va pêcher\u00a0!\u00a0»" in fr.history()
    while not fr.over:
        if fr.is_bot(fr.mover):
            fr.bot_move()
        else:
            fr.play(random.Random(len(fr.history())).choice(fr.state.legal_actions()))
    assert any("Tous les livres sont posés" in line for line in fr.history())


def test_the_hints_say_what_the_table_heard() -> None:
    """Léa asks Max for aces: « Go fish! », so Max has none, until he draws; Max asks Léa for
    threes: so he holds some."""
    en = session("en", bot=None)  # two people at one screen: each takes the device in turn
    en.take_device(0)
    en.play(en.state.action_from_json({"type": "ask", "target": 1, "rank": 0}))  # fishes 5♠
    assert "Max has no aces." in en.hints()
    en.take_device(1)
    assert "Léa asked for these, so holds some: aces." in en.hints()
    en.play(en.state.action_from_json({"type": "ask", "target": 0, "rank": 2}))  # fishes 6♠
    en.take_device(0)
    hints = en.hints()
    assert "Max asked for these, so holds some: threes." in hints
    assert "Max has no aces." not in hints  # he drew a card since: it may be one
    assert any(line.startswith("Likeliest ask: ") for line in hints)


def test_a_web_table_plays_go_fish_and_sends_each_seat_only_its_own(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'parlour.db'}")
    hall = Hall(storage, bot_delay=0.0)
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
    table, host = hall.create({"game": "gofish", "seats": seats, "sit": 0, "seed": 5})
    table.join(1, "Bob")
    table.join(2, "Cy")
    clients = [Client(0, "en"), Client(1, "fr"), Client(None, "en")]
    for client in clients:
        table.attach(client)
    table.start(host)
    state = table.state
    assert state is not None
    rng = random.Random(5)
    while not state.is_over:
        table.act(state.to_move, rng.choice(state.legal_actions()).to_json())  # type: ignore[arg-type]
    for client in clients:
        frames: list[dict[str, Any]] = []
        while not client.outbox.empty():
            frames.append(client.outbox.get_nowait())
        states = [f for f in frames if f["type"] == "state"]
        assert states[-1]["view"] == json.loads(json.dumps(state.view(client.seat)))
        shown = [e for f in states for e in f["events"]]
        expected = [e.to_json() for e in state.log if e.visible_to(client.seat)]
        assert shown == expected[-len(shown) :]
        for event in shown:  # a card named to another seat is one the table saw
            named = set(event.get("cards") or []) | ({event["card"]} if "card" in event else set())
            if named and event.get("seat") != client.seat:
                assert event["type"] in ("give", "bonne_pioche", "lay"), event
    storage.close()


def test_the_web_hint_is_the_seats_memory() -> None:
    game = get_game("gofish")
    state = game.new_state(2, deal={"hands": HANDS, "pile": PILE, "first": 0})
    state.apply(state.action_from_json({"type": "ask", "target": 1, "rank": 0}))
    state.apply(state.action_from_json({"type": "ask", "target": 0, "rank": 2}))
    hint = seat_hint(game, state.rules, 0, 2, state.view(0), state.events_for(0))
    assert hint is not None and hint["kind"] == "memory"
    assert hint["players"][0]["groups"] == [2]  # Max holds threes


def test_the_web_app_serves_the_drawing(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'parlour.db'}"))
    with TestClient(app) as client:
        drawing = client.get("/static/games/gofish.js")
        assert drawing.status_code == 200
        assert "export function render" in drawing.text
        assert 'from "../cards.js"' in drawing.text
