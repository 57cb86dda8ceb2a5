"""Fixed-size observation arrays built from a seat's view, and action masks.

A `ViewEncoder` turns `State.view(seat)` (a JSON-safe dict) into a float32 array whose size depends
only on the rules and the number of players. Its `encode` receives the view and the seat, never
the state, so whatever an adapter hands to an agent is built from what that seat may see.

Seats are encoded relative to the observer (index 0 is "me", 1 the next player to my left...),
so a policy learnt in one seat plays in any other.
"""

from __future__ import annotations

import dataclasses
import numbers
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from parlour.core.capabilities import offers
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Game, State
from parlour.core.options import make_rules, parse_options
from parlour.core.registry import game_names, get_game


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation array with its bounds."""

    name: str
    start: int
    size: int
    low: float
    high: float

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The named segments of an observation array, in order."""

    def __init__(self) -> None:
        self.segments: dict[str, Segment] = {}
        self.starts: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.size = 0

    def add(self, name: str, size: int, high: float = 1.0, low: float = 0.0) -> None:
        if name in self.segments:
            raise ValueError(f"segment {name!r} declared twice")
        if size < 1:
            raise ValueError(f"segment {name!r} needs a positive size, not {size}")
        self.segments[name] = Segment(name, self.size, size, float(low), float(high))
        self.starts[name] = self.size
        self.sizes[name] = size
        self.size += size

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments.values())

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        low = np.zeros(self.size, np.float32)
        high = np.zeros(self.size, np.float32)
        for seg in self:
            low[seg.start : seg.stop] = seg.low
            high[seg.start : seg.stop] = seg.high
        return low, high


class Writer:
    """Fills one observation, segment by segment, in a plain list (cheaper than numpy writes)."""

    def __init__(self, layout: Layout, out: list[float]) -> None:
        self.layout = layout
        self.out = out
        # Plain dicts of ints: encoders call `set` dozens of times per observation.
        self._start = layout.starts
        self._size = layout.sizes

    def __getitem__(self, name: str) -> list[float]:
        start = self._start[name]
        return self.out[start : start + self._size[name]]

    def set(self, name: str, value: float, index: int = 0) -> None:
        if 0 <= index < self._size[name]:
            self.out[self._start[name] + index] = value

    def add(self, name: str, value: float, index: int = 0) -> None:
        if 0 <= index < self._size[name]:
            self.out[self._start[name] + index] += value

    def one_hot(self, name: str, index: int | None) -> None:
        """Mark `index` in a one-hot segment (nothing for None or out of range)."""
        if index is not None:
            self.set(name, 1.0, index)

    def counts(self, name: str, indices: Iterable[int]) -> None:
        for index in indices:
            self.add(name, 1.0, index)


class ViewEncoder(ABC):
    """Turns a seat's view into a fixed-size float32 array (one subclass per game)."""

    game_name: ClassVar[str]

    def __init__(self, rules: Any, num_players: int) -> None:
        self.rules = rules
        self.num_players = num_players
        self.layout = Layout()
        self._declare(self.layout)
        self.low, self.high = self.layout.bounds()

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        """The observation of `seat`, from its view only."""
        buffer = [0.0] * self.layout.size
        self._fill(view, seat, Writer(self.layout, buffer))
        out = np.array(buffer, np.float32)
        # Bounds are declared generously; clipping keeps an unexpected count inside the space.
        np.clip(out, self.low, self.high, out=out)
        return out

    def relative(self, other: int | None, seat: int) -> int | None:
        """`other`'s place counted from `seat` (0 is the observer itself)."""
        if other is None:
            return None
        return (int(other) - seat) % self.num_players

    def by_relative_seat(self, values: Iterable[Any], seat: int) -> list[Any]:
        """A per-seat list reordered so that index 0 is the observer."""
        items = list(values)
        n = len(items)
        return [items[(seat + k) % n] for k in range(n)]

    @abstractmethod
    def _declare(self, layout: Layout) -> None:
        """Add the segments of this game's observation (sizes from rules and players only)."""

    @abstractmethod
    def _fill(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        """Write the view into the segments."""


def make_encoder(game: Game | str, rules: Any, num_players: int) -> ViewEncoder:
    """The game's observation encoder (its `encoder` capability) for these rules and players."""
    found = resolve_game(game)
    cls = found.encoder()
    if cls is None:
        raise ParlourError(f"no observation encoder for {found.name!r}")
    encoder: ViewEncoder = cls(rules, num_players)
    return encoder


def encodable_games() -> list[str]:
    """The registered games that offer an observation encoder, for the research adapters."""
    return [name for name in game_names() if offers(get_game(name), "encoder")]


def action_mask(state: State, num_actions: int) -> np.ndarray:
    """1 for every legal action id of the seat to move, 0 elsewhere (int8)."""
    mask = np.zeros(num_actions, np.int8)
    for action in state.legal_actions():
        mask[action.id] = 1
    return mask


def action_id(action: Any) -> int:
    """`action` as an action id (an int or numpy integer), or IllegalAction saying it is none.

    A None (PettingZoo's action for an agent that is done) or a string would otherwise fail in
    `int()` with a message that names neither the action nor the environment's rule; a float
    (a policy's raw output, 0.9) or the string "1" would be truncated or parsed by it and
    played as some other action. A 0-d integer array (a policy's `argmax`) is an id.
    """
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, numbers.Integral) and not isinstance(action, bool | np.bool_):
        return int(action)
    raise IllegalAction(
        "unknown_action", f"{action!r} is not an action id (an integer, from the action mask)"
    )


def integer_actions(actions: Any, count: int) -> np.ndarray:
    """A vector env's `count` actions as int64 ids, or IllegalAction if they are not integers
    (`action_id`'s rule for a batch: `np.asarray(..., np.int64)` would truncate 0.9 to 0)."""
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise IllegalAction(
            "unknown_action",
            f"actions of dtype {array.dtype} are not action ids (integers, from the action "
            "masks): nothing was played",
        )
    if array.size != count:
        raise IllegalAction(
            "unknown_action", f"{array.size} actions for {count} games: nothing was played"
        )
    return array.astype(np.int64).reshape(count)


def resolve_game(game: Game | str) -> Game:
    return get_game(game) if isinstance(game, str) else game


def resolve_rules(game: Game, rules: Any = None) -> Any:
    """Rules from None (defaults), a rules object, a mapping, `k=v` strings or `"k=v;k=v"`."""
    if rules is None:
        return game.default_rules()
    if isinstance(rules, game.rules_class):
        return rules
    if isinstance(rules, str):
        # `;` separates options, since a tuple option's value itself uses commas.
        pairs = [p.strip() for p in rules.split(";") if p.strip()]
        return make_rules(game.rules_class, parse_options(game.rules_class, pairs))
    if isinstance(rules, Mapping):
        return make_rules(game.rules_class, rules)
    if isinstance(rules, Iterable):
        return make_rules(game.rules_class, parse_options(game.rules_class, list(rules)))
    raise ParlourError(f"cannot read rules from {rules!r}")


def check_table(game: Game, rules: Any, num_players: int) -> None:
    """Refuse a player count the game or these rules cannot seat, before any reset."""
    game.check_players(num_players, rules)  # the rules' own limits included


def with_turn_cap(rules: Any, cap: int | None) -> Any:
    """The rules with `max_turns` set to `cap` when the game has that option and it is unset."""
    if cap is None or not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        return rules
    names = {f.name for f in dataclasses.fields(rules)}
    if "max_turns" in names and getattr(rules, "max_turns", None) is None:
        return dataclasses.replace(rules, max_turns=cap)
    return rules
