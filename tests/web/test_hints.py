"""A seat's hints come from the server, from that seat's view and filtered events alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.core.capabilities import offers
from parlour.core.registry import game_names, get_game
from parlour.games.askdraw.tracker import Tracker
from parlour.web.hints import memory_hint
from parlour.web.tables import Client, Hall, Table

HUMANS = [{"kind": "human", "name": name} for name in ("Ann", "Bob", "Cid")]


def seated_table(hall: Hall, game: str, seed: int) -> tuple[Table, list[Client]]:
    """A started table of three humans (two where the game takes two), each at its seat, and
    a spectator (last client)."""
    seats = HUMANS[: get_game(game).max_players]
    table, host = hall.create({"game": game, "seats": seats, "sit": 0, "seed": seed})
    for seat in range(1, len(seats)):
        table.join(seat, HUMANS[seat]["name"])
    table.start(host)
    langs = ("en", "fr", "en")
    clients = [*(Client(seat, langs[seat]) for seat in range(len(seats))), Client(None, "en")]
    for client in clients:
        table.attach(client)
    return table, clients


def last_state(client: Client) -> dict[str, Any]:
    states = []
    while not client.outbox.empty():
        message = client.outbox.get_nowait()
        if message["type"] == "state":
            states.append(message)
    return states[-1]


def play_one(table: Table, rng: random.Random) -> None:
    state = table.state
    assert state is not None and state.to_move is not None
    table.act(state.to_move, rng.choice(state.legal_actions()).to_json())


def plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def test_flip7_odds_are_the_games_helper_on_a_determinized_copy(hall: Hall) -> None:
    table, clients = seated_table(hall, "flip7", seed=5)
    game, rng = get_game("flip7"), random.Random(5)
    state = table.state
    assert state is not None
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        messages = [last_state(client) for client in clients]
        assert "hints" not in messages[-1]  # a spectator gets no hint
        for seat, message in enumerate(messages[:-1]):
            # The deck order re-drawn from the seat's knowledge: the odds cannot move.
            twin = state.determinize(seat, random.Random(rng.getrandbits(32)))
            odds = game.hint(twin.view(seat), table.rules)  # type: ignore[attr-defined]
            if state.to_move != seat or odds is None:
                assert message["hints"] is None
                continue
            assert message["hints"] == plain({"kind": "odds", **odds})
            assert 0 <= message["hints"]["bust_probability"] <= 1
            assert message["hints"]["hit_ev"] >= 0
            checked += 1
        play_one(table, rng)
    assert checked >= 10


# The games whose seats keep a memory of the public asks and answers (they declare a grouping).
ASK_AND_DRAW = [name for name in game_names() if offers(get_game(name), "grouping")]


@pytest.mark.parametrize("name", ASK_AND_DRAW)
def test_the_memory_hint_is_the_tracker_of_the_seats_events_and_says_only_truths(
    hall: Hall, name: str
) -> None:
    table, clients = seated_table(hall, name, seed=3)
    game, rng = get_game(name), random.Random(name)
    state = table.state
    assert state is not None
    facts = 0
    for _ in range(40):
        if state.is_over:
            break
        play_one(table, rng)
        messages = [last_state(client) for client in clients]
        assert "hints" not in messages[-1]
        players = len(messages) - 1  # the spectator's is last
        for seat, message in enumerate(messages[:-1]):
            tracker = Tracker(game.grouping(table.rules), players, seat)
            for event in state.log:
                if event.visible_to(seat):
                    tracker.observe(event)
            hint = message["hints"]
            assert hint == plain(memory_hint(tracker))
            assert [known["seat"] for known in hint["players"]] == [
                s for s in range(players) if s != seat
            ]
            for known in hint["players"]:
                hand = state.hands[known["seat"]]  # type: ignore[attr-defined]
                assert set(known["holds"]) <= hand
                assert not set(known["lacks"]) & hand
                facts += len(known["holds"]) + len(known["lacks"])
    assert facts > 0  # the game said something worth checking
