"""The bot contract: a bot sees what a human in its seat sees, nothing more.

A bot gets a `Decision`: its seat, its view, its filtered events, the legal actions, and
`determinize` for search. It never receives the state itself: a decision holds no path to it
(no reference, no closure), so a bot cannot read hidden cards, the seed or the game's random
generator. Its `determinize` starts from a *world*, a state already drawn from what the seat
knows, so re-dealing from it gives the same worlds as re-dealing from the real state would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.errors import ParlourError
from parlour.core.events import Event
from parlour.core.game import Game, State


@dataclass(frozen=True)
class Decision:
    """Everything a seat may use to choose its move."""

    game: Game
    rules: Any
    seat: int
    view: dict[str, Any]
    events: Sequence[Event]
    legal_actions: list[Any]
    # A state drawn from the seat's knowledge, never the real one (None: not asked for).
    world: State | None = None

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn from what this seat knows (hidden cards re-dealt)."""
        if self.world is None:
            raise ParlourError(
                "this decision was made without worlds to search: a bot that determinizes "
                "sets `searches = True`"
            )
        return self.world.determinize(self.seat, rng)


class Bot:
    """A player program. Subclasses override `act`; `name` is its spec string."""

    name = "bot"
    # Whether `act` calls `decision.determinize`: the runner then draws a world per decision.
    searches: ClassVar[bool] = False

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def act(self, decision: Decision) -> Any:
        raise ParlourError(f"bot {self.name} cannot play")

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def act(self, decision: Decision) -> Any:
        return self.rng.choice(decision.legal_actions)


class FirstBot(Bot):
    """Plays the first legal action: a fast baseline for games without real decisions."""

    name = "first"

    def act(self, decision: Decision) -> Any:
        return decision.legal_actions[0]


GENERIC_BOTS: Mapping[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot}


def parse_bot_spec(spec: str) -> tuple[str, list[str]]:
    """`threshold:23` -> ("threshold", ["23"]); `search:200:0.5` -> ("search", ["200", "0.5"])."""
    text = spec.strip()
    if not text:
        raise ParlourError("empty bot name")
    name, *params = text.split(":")
    return name.lower(), params


def available_bots(game: Game) -> dict[str, Callable[..., Bot]]:
    bots: dict[str, Callable[..., Bot]] = dict(GENERIC_BOTS)
    bots.update(game.bots())
    return bots


def make_bot(game: Game, spec: str, rng: random.Random | None = None) -> Bot:
    """Build a bot from its spec string, with a clear error for an unknown bot or parameter."""
    name, params = parse_bot_spec(spec)
    bots = available_bots(game)
    if name not in bots:
        raise ParlourError(
            f"unknown bot {spec!r} for {game.name}; bots are: {', '.join(sorted(bots))}"
        )
    try:
        bot = bots[name](*params, rng=rng or random.Random())
    except (TypeError, ValueError) as err:
        raise ParlourError(f"bad parameters for bot {spec!r}: {err}") from None
    bot.name = spec.strip()
    return bot
