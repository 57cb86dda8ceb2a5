"""Plays a game with bots: the loop shared by the simulator, the terminal and the web table."""

from __future__ import annotations

import copy
import dataclasses
import random
import reprlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import NO_VIEW, Bot, Decision, needs_copies
from parlour.core.errors import IllegalAction
from parlour.core.events import Event, SeatFeed
from parlour.core.game import Action, Game, Outcome, Seat, State


@dataclass
class Played:
    state: State
    outcome: Outcome
    turns: int


def decision_for(
    state: State,
    seat: int,
    feed: SeatFeed,
    worlds: bool = True,
    table: bool = True,
    wants_view: Callable[[list[Any]], bool] | None = None,
) -> Decision:
    """The seat's decision; with `worlds`, one world drawn from its knowledge to search from.

    Without `table` (a bot whose `reads_table` is False) neither the view nor the events are
    built: the decision holds `NO_VIEW`, no events and the legal actions only. `wants_view`
    (a bot's own `wants_view`) is asked, given the legal actions, whether this decision needs
    the view; when it says no, the decision carries the events and `NO_VIEW`.
    """
    legal = state.legal_actions()
    if not table and not worlds:
        return Decision(state.game, state.rules, seat, NO_VIEW, (), legal)
    feed.update(state.log)
    if not worlds:  # no search: a decision a move, its fields given by position
        view = state.view(seat) if wants_view is None or wants_view(legal) else NO_VIEW
        return Decision(state.game, state.rules, seat, view, feed.events, legal)
    view = state.view(seat)
    world = seat_world(state, seat, feed.events)
    return Decision(state.game, state.rules, seat, view, feed.events, legal, world)


def seat_world(state: State, seat: int, events: Sequence[Event]) -> State:
    """A state drawn from what `seat` knows: the only link from a decision to the game.

    Its generator is seeded from public facts (the same decision always gives the same
    world). Whatever a game's `determinize` keeps or shares, the world is then cut loose: its
    seed and explicit deal are dropped, its log is the seat's own events, and it is a deep copy
    (frozen data aside), so that no list, dict or generator of the real state is reachable.
    """
    world = state.determinize(seat, random.Random(state.turns * 64 + seat))
    world.seed = None
    world.deal = None
    world.log = []
    memo: dict[int, Any] = {id(v): v for v in vars(world).values() if _frozen(v)}
    world = copy.deepcopy(world, memo)
    world.log = list(events)
    return world


def _frozen(value: Any) -> bool:
    """Data that cannot change, so sharing it with the real state is harmless."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return bool(value.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return False


def play_bots(state: State, bots: Sequence[Bot]) -> Played:
    """Play `state` to the end, each seat by its bot."""
    public = state.all_events_public
    feeds = [SeatFeed(seat, public, copies=needs_copies(bot)) for seat, bot in enumerate(bots)]
    # Per seat, what its decisions need, read once: bulk play makes tens of decisions a game.
    needs = [(bot.searches, bot.reads_table, bot.wants_view) for bot in bots]
    acts = [bot.act for bot in bots]
    apply = state.apply
    # `_outcome` and `_to_move` are what `is_over` and `to_move` read, without the properties.
    while state._outcome is None:
        seat = state._to_move()
        assert seat is not None
        decision = decision_for(state, seat, feeds[seat], *needs[seat])
        action = acts[seat](decision)
        try:
            apply(action, seat)
        except Exception:
            # Checked only once the game refused it: bulk play pays nothing for the check.
            check_bot_action(bots[seat], action, decision.legal_actions)
            raise
    assert state.outcome is not None
    return Played(state, state.outcome, state.turns)


class NotAnAction(IllegalAction):
    """A bot returned something that is not an action of its game (a dict, None...)."""


def check_bot_action(bot: Bot, action: Any, legal: Sequence[Any]) -> None:
    """Raise NotAnAction if `action` (which the game refused) is no action at all.

    The game's own refusal states a rule ("on your turn you hit or stay"), which misleads
    when the bot returned, say, an action's JSON instead of the action: the bot is named, and
    what it returned. An action (of a legal action's type, or any object with an id and a JSON
    form) that breaks a rule is left to the game's error, which names the rule.
    """
    if any(type(action) is type(option) for option in legal) or isinstance(action, Action):
        return
    try:
        if action in legal:  # an action of another class that equals a legal one
            return
    except Exception:  # an odd object (an array) that cannot even be compared
        pass
    raise NotAnAction(
        "not_an_action",
        f"bot {bot.name!r} returned {reprlib.repr(action)}, not an action: "
        "return one of decision.legal_actions",
    )


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    rules: Any = None,
    seats: Sequence[Seat] | None = None,
) -> Played:
    """A whole game from a seed; bots get generators derived from the same seed."""
    seats = list(seats) if seats is not None else [Seat(b.name) for b in bots]
    state = game.new_state(seats, seed=seed, rules=rules)
    master = random.Random(seed ^ 0x5EED)
    for bot in bots:
        bot.rng = random.Random(master.getrandbits(63))
    return play_bots(state, bots)
