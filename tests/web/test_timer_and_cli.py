"""The turn timer (a bot stands in for a player who is gone) and `parlour serve`'s errors."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from parlour.cli import main
from parlour.web.routes import game_info
from parlour.web.tables import Client, Hall


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Yield to the event loop (the stand-in's task) until `condition`, within a deadline."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, f"the condition did not come true in {seconds} s"
        await asyncio.sleep(0.01)


def test_a_bot_takes_over_the_seat_of_a_player_who_is_gone(hall: Hall) -> None:
    async def scenario() -> tuple[int, list[int]]:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        # The flips do not play themselves here: the timer's stand-in plays Bob's.
        request = {"game": "beggar", "seats": seats, "sit": 0, "turn_timer": 1}
        table, host = hall.create({**request, "rules": {"speed": False}})
        table.join(1, "Bob")
        present = Client(0, "en")
        table.attach(present)
        table.start(host)
        state = table.state
        assert state is not None
        movers: list[int] = []
        # Ann plays her own turns; Bob never connected, so his stand-in plays his.
        for _ in range(400):
            if len(movers) >= 6 or state.is_over:
                break
            if state.to_move == 0:
                movers.append(0)
                table.act(0, {"type": "flip"})
            else:
                before = len(state.actions)
                await until(lambda n=before: len(state.actions) > n)
                movers.append(1)
        table.detach(present)
        return len(state.actions), movers

    played, movers = asyncio.run(scenario())
    assert 1 in movers and played >= len(movers)


def test_the_timer_runs_again_on_each_turn_of_a_gone_player(hall: Hall) -> None:
    """The stand-in plays one move when the timer runs out, not the rest of the game; the
    badge says a bot plays for him; back, he plays his own turn at once."""

    async def scenario() -> tuple[list[float], bool, int, int, dict[str, Any]]:
        loop = asyncio.get_running_loop()
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "beggar", "seats": seats, "sit": 0, "turn_timer": 1, "seed": 5}
        table, host = hall.create({**request, "rules": {"speed": False}})
        table.join(1, "Bob")  # ...and closes his page at once: he is gone
        ann = Client(0, "en")
        table.attach(ann)
        table.start(host)
        state = table.state
        assert state is not None
        waits: list[float] = []
        while len(waits) < 4:
            if state.to_move == 0:
                table.act(0, {"type": "flip"})
                continue
            began, before = loop.time(), len(state.actions)
            await until(lambda n=before: len(state.actions) > n)
            waits.append(loop.time() - began)
        badge = table.public()["seats"][1]["stand_in"]
        while state.to_move != 1:
            table.act(0, {"type": "flip"})
        bob = Client(1, "en")
        table.attach(bob)  # Bob is back on his turn
        back_at = len(state.actions)
        await asyncio.sleep(1.6)  # longer than the timer: no stand-in plays for him now
        waited = len(state.actions)
        table.act(1, {"type": "flip"})  # his own move, at once
        last = [m for m in _drain(bob) if m["type"] == "state"][-1]
        for client in (ann, bob):
            table.detach(client)
        return waits, badge, back_at, waited, last

    waits, badge, back_at, waited, last = asyncio.run(scenario())
    assert all(wait >= 0.9 for wait in waits), waits  # a whole timer, every turn
    assert badge  # "a bot plays for him"
    assert waited == back_at
    assert last["table"]["seats"][1]["stand_in"] is False  # back: the badge is gone


def _drain(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def test_no_stand_in_without_a_timer(hall: Hall) -> None:
    async def scenario() -> int:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "beggar", "seats": seats, "sit": 0, "rules": {"speed": False}}
        table, host = hall.create(request)
        table.join(1, "Bob")
        table.start(host)
        table.schedule()
        # Nobody may move for an absent human when the table has no timer: nothing is planned.
        assert table._task is None
        return len(table.state.actions)  # type: ignore[union-attr]

    assert asyncio.run(scenario()) == 0


def test_beggar_flips_play_themselves_on_the_server_with_both_pages_open(hall: Hall) -> None:
    async def scenario() -> tuple[Any, int, list[int]]:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "beggar", "seats": seats, "sit": 0, "seed": 5}
        table, host = hall.create({**request, "rules": {"pace_ms": 50}})
        table.join(1, "Bob")
        pages = [Client(0, "en"), Client(1, "en")]
        for page in pages:
            table.attach(page)  # open, and never clicking: a hidden tab would do the same
        table.start(host)
        state = table.state
        assert state is not None
        await until(lambda: state.is_over, seconds=60)
        for page in pages:
            table.detach(page)
        movers = [e.data["seat"] for e in state.log if e.type == "flip"]
        assert hall.storage.count_moves(table.id, 1) == len(state.actions)  # each one stored
        return table.rules, len(state.actions), movers

    rules, played, movers = asyncio.run(scenario())
    assert rules.speed  # on by default at a web table, though off in the rules themselves
    assert played > 0 and set(movers) == {0, 1}


def test_a_player_who_switches_the_autoplay_off_is_waited_for(hall: Hall) -> None:
    async def scenario() -> Any:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        request = {"game": "beggar", "seats": seats, "sit": 0, "rules": {"speed": False}}
        table, host = hall.create(request)
        table.join(1, "Bob")
        pages = [Client(0, "en"), Client(1, "en")]
        for page in pages:
            table.attach(page)
        table.start(host)
        await asyncio.sleep(0.3)
        return table

    table = asyncio.run(scenario())
    assert table._task is None and table.moves == 0  # each flip is his own click


def test_the_form_shows_the_autoplay_as_a_checkbox_up_front() -> None:
    for lang, words in (("en", "by themselves"), ("fr", "toutes seules")):
        options = {o["name"]: o for o in game_info("beggar", lang)["options"]}
        speed = options["speed"]
        assert speed["headline"] and speed["default"] is True and speed["type"] == "bool"
        assert words in speed["label"]
        assert not options["pace_ms"]["headline"]


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["serve", "--port", "0"], "--port"),
        (["serve", "--db", "nosuchdb://x", "--port", "8999"], "cannot use database"),
        (["serve", "--bot-delay", "-1"], "--bot-delay"),
        (["serve", "--rate", "0"], "--rate"),
        (["serve", "--workers", "2", "--db", "sqlite:///x.db"], "needs PostgreSQL"),
        (["serve", "--workers", "0"], "--workers"),
        (["serve", "--connections-per-address", "0"], "--connections-per-address"),
    ],
)
def test_serve_refuses_bad_settings_in_one_line(
    argv: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert text in err and "Traceback" not in err


def test_a_bot_reads_each_event_of_a_web_game_once(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's feed at a web table is kept from move to move: each event reaches each bot seat
    once, not the whole log again at every move (O(n) a move, which a long match grows)."""
    from parlour.core import events

    copied = [0]  # the events the bots' feeds took in, over the whole game
    real_update = events.SeatFeed.update

    def counted(feed: Any, log: Any) -> Any:
        fresh = real_update(feed, log)
        copied[0] += len(fresh)
        return fresh

    monkeypatch.setattr(events.SeatFeed, "update", counted)

    async def scenario() -> tuple[int, int]:
        seats = [{"kind": "bot", "bot": "counter"}, {"kind": "bot", "bot": "counter"}]
        table, host = hall.create(
            {"game": "flip7", "seats": seats, "seed": 5, "rules": {"target": 120}}
        )
        table.start(host)
        state = table.state
        assert state is not None
        await until(lambda: state.is_over, seconds=60)
        return len(state.log), len(state.actions)

    logged, moves = asyncio.run(scenario())
    # Flip 7's events are all public: each seat's feed takes in each event at most once (a
    # feed made afresh at every move would take in the whole log again: O(n^2)).
    assert moves > 20 and 0 < copied[0] <= 2 * logged
