"""A bot's events are its own copies: scribbling on them changes neither the game's log, nor
what the other seats, the spectators and the record see (they were the log's own objects)."""

from __future__ import annotations

import random

import pytest

from parlour.bots import Bot, Decision
from parlour.core.events import Event, SeatFeed
from parlour.core.registry import get_game
from parlour.play.runner import play_game


class Scribbler(Bot):
    """Rewrites every event it is shown, to the bottom of its data."""

    def act(self, decision: Decision) -> object:
        for event in decision.events:
            for key, value in list(event.data.items()):
                if isinstance(value, list):
                    value.append(99)
                else:
                    event.data[key] = 99
        return decision.legal_actions[0]


class Reader(Bot):
    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.seen: list[dict] = []

    def act(self, decision: Decision) -> object:
        self.seen = [event.to_json() for event in decision.events]
        return self.rng.choice(decision.legal_actions)


@pytest.mark.parametrize("name", ["gofish", "flip7", "familles"])
def test_a_bot_scribbling_on_its_events_changes_nothing_else(name: str) -> None:
    game = get_game(name)
    honest = play_game(game, [Reader(random.Random(0)), Reader(random.Random(1))], seed=5)
    reader = Reader(random.Random(1))
    played = play_game(game, [Scribbler(random.Random(0)), reader], seed=5)
    # The scribbler plays its first legal move where the honest reader chose at random, so
    # the games differ; what matters is that no 99 reached the log or the other seat.
    log = [event.to_json() for event in played.state.log]
    assert all(99 not in event.values() for event in log)
    assert not any(
        99 in value for event in log for value in event.values() if isinstance(value, list)
    )
    assert all(99 not in event.values() for event in reader.seen)
    assert honest.state.is_over and played.state.is_over


def test_a_bots_feed_copies_the_data_to_the_bottom() -> None:
    cards = [1, 2]
    log = [
        Event("draw", {"seat": 0, "cards": cards}),
        Event("ask", {"seat": 1}, hidden_from=frozenset({0})),
    ]
    feed = SeatFeed(0, copies=True)
    mine = feed.update(log)
    assert [event.to_json() for event in mine] == [{"type": "draw", "seat": 0, "cards": [1, 2]}]
    mine[0].data["cards"].append(3)
    mine[0].data["seat"] = 7
    assert log[0].data == {"seat": 0, "cards": [1, 2]}
    assert SeatFeed(0).update(log)[0] is log[0]  # a reader's feed shares, as before


def _quick(game_name: str, name: str) -> str:
    """The bot's spec, a search on two rounds of playouts rather than its time budget."""
    from parlour.bots.base import make_bot

    return f"{name}:2" if getattr(make_bot(get_game(game_name), name), "searches", False) else name


@pytest.mark.parametrize("name", ["beggar", "familles", "flip7", "gofish", "panoplies"])
def test_parlours_own_bots_leave_the_events_they_read_as_they_were(name: str) -> None:
    """Parlour's bots are shown the log's own events (copies cost a Flip 7 game a third of its
    time): each bot plays a game, then the log is what a replay of its moves makes again."""
    from parlour.bots.base import available_bots, make_bot, needs_copies
    from parlour.core.records import record_of, replay

    game = get_game(name)
    for bot_name in sorted(available_bots(game)):
        spec = _quick(name, bot_name)
        bots = [make_bot(game, spec, random.Random(seat)) for seat in range(3)]
        assert not any(needs_copies(bot) for bot in bots), spec
        played = play_game(game, bots, seed=7)
        _, events = replay(record_of(played.state))
        assert [e.to_json() for e in played.state.log] == [e.to_json() for e in events], spec


def test_a_bot_from_outside_parlour_is_shown_copies() -> None:
    from parlour.bots.base import make_bot, needs_copies

    assert needs_copies(Scribbler()) and needs_copies(Reader())
    assert not needs_copies(make_bot(get_game("flip7"), "strong"))


def _outside_candidates(decision: Decision) -> list:
    """Code from outside Parlour plugged into its search bot: it scribbles too."""
    for event in decision.events:
        if "seat" in event.data:
            event.data["seat"] = 99
    return list(decision.legal_actions)


def _outside_playout(state: object, seat: int, rng: random.Random) -> float:
    return 0.0


def test_a_parlour_bot_running_outside_code_is_shown_copies() -> None:
    from parlour.bots.base import RandomBot, needs_copies
    from parlour.bots.search import SearchBot
    from parlour.core.records import record_of, replay

    bot = SearchBot("2", playout=_outside_playout, candidates=_outside_candidates)
    assert needs_copies(bot)
    played = play_game(get_game("flip7"), [bot, RandomBot()], seed=7)
    _, events = replay(record_of(played.state))
    assert [e.to_json() for e in played.state.log] == [e.to_json() for e in events]
