"""The contract every game honours (docs/writing-a-game.md, "The contract")."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from parlour.core.capabilities import Capabilities
from parlour.core.errors import IllegalAction, RulesError
from parlour.core.events import Event


@dataclass(frozen=True)
class Seat:
    """A place at the table: a name and optional data such as the player's age."""

    name: str
    age: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.age is not None:
            out["age"] = self.age
        if self.data:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Seat:
        if isinstance(obj, str):
            return cls(obj)
        if not isinstance(obj, Mapping) or not isinstance(obj.get("name"), str):
            raise RulesError(f"a seat needs a name, got {obj!r}")
        age = obj.get("age")
        if age is not None and not isinstance(age, int):
            raise RulesError(f"a seat's age must be a whole number, got {age!r}")
        return cls(obj["name"], age, dict(obj.get("data") or {}))


def default_seats(n: int, prefix: str = "Player") -> list[Seat]:
    return [Seat(f"{prefix} {i + 1}") for i in range(n)]


@runtime_checkable
class Action(Protocol):
    """A move: a small frozen dataclass with a stable JSON form and a stable integer id."""

    @property
    def id(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    `status`: "finished", "draw" (a rule or the turn cap ended it with no winner), "loop" or
    "capped". `scores` are the game's own points, `ranks` start at 1 (ties share a rank),
    `returns` are the zero-centred rewards used by ratings and learning, `winners` the seats
    that share the win (empty on a draw).
    """

    status: str
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "returns": list(self.returns),
            "winners": list(self.winners),
            # A deep copy: views hand it out, and a reader may change what it is given.
            **({"detail": copy.deepcopy(dict(self.detail))} if self.detail else {}),
        }

    @classmethod
    def from_scores(
        cls, status: str, scores: Sequence[float], detail: Mapping[str, Any] | None = None
    ) -> Outcome:
        """Ranks by score (higher is better, ties shared); the best seats share the win."""
        ranks = tuple(1 + sum(1 for other in scores if other > s) for s in scores)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        n = len(scores)
        if len(winners) == n:
            returns = tuple(0.0 for _ in scores)
        else:
            share = 1.0 / len(winners)
            loser = -1.0 / (n - len(winners))
            returns = tuple(share if i in winners else loser for i in range(n))
        return cls(status, tuple(float(s) for s in scores), ranks, returns, winners, detail or {})

    @classmethod
    def draw(cls, n: int, status: str = "draw", detail: Mapping[str, Any] | None = None) -> Outcome:
        zeros = tuple(0.0 for _ in range(n))
        return cls(status, zeros, tuple(1 for _ in range(n)), zeros, (), detail or {})


class State(ABC):
    """A game in progress. Subclasses implement the underscore hooks.

    The base class owns what every game shares: the event log, the actions taken (for records),
    the turn cap, the out-of-turn check and the private random generator, which no view or bot
    can read.
    """

    game: ClassVar[Game]
    # True for a game that never emits a private event (no audience, hidden from nobody), so
    # that bulk play hands each seat the whole log unfiltered. A test checks each game that
    # says so.
    all_events_public: ClassVar[bool] = False

    def __init__(self, rules: Any, seats: Sequence[Seat], seed: int | None, deal: Any) -> None:
        self.rules = rules
        self.seats = list(seats)
        if seed is None and deal is None:
            import secrets  # here: it loads OpenSSL, which a game with a seed or deal never needs

            seed = secrets.randbits(63)
        self.seed: int | None = seed
        self.deal = deal
        # An explicit deal without a seed draws what comes after it (a match's next deals, a
        # reshuffle, a joker's draw) from seed 0: the same deal plays the same game, and its
        # record, which then holds no seed, replays it.
        self._rng = random.Random(0 if seed is None else seed)
        self.log: list[Event] = []
        self.actions: list[dict[str, Any]] = []
        self.turns = 0
        self._outcome: Outcome | None = None

    # ----- the contract -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        if self._outcome is not None:
            return None
        return self._to_move()

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Any]:
        if self._outcome is not None:
            return []
        return self._legal_actions()

    def apply(self, action: Any, seat: int | None = None) -> list[Event]:
        """Play `action` (for `seat`, when given, which must be the seat to move).

        An illegal action raises IllegalAction naming the rule it breaks; nothing changes.
        """
        if self._outcome is not None:
            raise IllegalAction("game_over", "the game is over")
        mover = self._to_move()
        if seat is not None and seat != mover:
            raise IllegalAction("out_of_turn", f"it is not seat {seat}'s turn (seat {mover} plays)")
        self._check(action)
        start = len(self.log)
        self._apply(action)
        self.actions.append(action.to_json())
        self.turns += 1
        cap = getattr(self.rules, "max_turns", None)
        if self._outcome is None and cap is not None and self.turns >= cap:
            self.emit(Event("capped", {"turns": self.turns}))
            self._outcome = Outcome.draw(self.num_players, "capped", {"turns": self.turns})
        return self.log[start:]

    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what `seat` (None: a spectator) may see, JSON-safe."""
        view = self._view(seat)
        view["turns"] = self.turns
        view["to_move"] = self.to_move
        view["over"] = self.is_over
        if self._outcome is not None:
            view["outcome"] = self._outcome.to_json()
        return view

    def events_for(self, seat: int | None) -> list[Event]:
        return [e for e in self.log if e.visible_to(seat)]

    def action_from_json(self, obj: Mapping[str, Any]) -> Any:
        return self.game.action_from_json(obj)

    def clone(self) -> State:
        twin = self._clone()
        twin.rules = self.rules
        twin.seats = self.seats
        twin.seed = self.seed
        twin.deal = self.deal
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin.log = list(self.log)
        twin.actions = list(self.actions)
        twin.turns = self.turns
        twin._outcome = self._outcome
        return twin

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state drawn from what `seat` knows; games with hidden cards override this."""
        twin = self.clone()
        twin._rng = random.Random(rng.getrandbits(63))
        return twin

    # ----- helpers for subclasses ---------------------------------------------------------
    def emit(self, *events: Event) -> None:
        self.log.extend(events)

    def finish(self, outcome: Outcome) -> None:
        self._outcome = outcome

    def _check(self, action: Any) -> None:
        """Raise IllegalAction if `action` is not legal now (override for precise reasons)."""
        if action not in self._legal_actions():
            raise IllegalAction("not_legal", f"{action.to_json()} is not a legal move now")

    # ----- hooks --------------------------------------------------------------------------
    @abstractmethod
    def _to_move(self) -> int | None: ...

    @abstractmethod
    def _legal_actions(self) -> list[Any]: ...

    @abstractmethod
    def _apply(self, action: Any) -> None: ...

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def all_cards(self) -> list[Any]:
        """Every card of the game in every place (hands, stacks, piles, the deck), as a list
        that may repeat a card: no move creates or loses one (the conformance suite checks)."""

    @abstractmethod
    def _clone(self) -> State:
        """A copy of the game-specific fields (the base class copies its own)."""


class Game(Capabilities, ABC):
    """A game's entry point: its name, rules class, players, actions, narration and bots.

    The optional hooks (texts, bulk paths, faces) are declared with their defaults in
    `parlour.core.capabilities`."""

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]
    rules_class: ClassVar[type]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def default_rules(self) -> Any:
        return self.rules_class()

    @abstractmethod
    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> State: ...

    @abstractmethod
    def action_from_json(self, obj: Mapping[str, Any]) -> Any: ...

    @abstractmethod
    def num_actions(self, rules: Any, num_players: int) -> int:
        """Size of the integer action space: every action's `id` is below it."""

    @abstractmethod
    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> Any:
        """The action with this stable integer id (ValueError if there is none)."""

    @abstractmethod
    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        """One sentence for a person, or None for an event not worth a line."""

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """Bot factories of this game, by name (the generic ones are added by the registry)."""
        return {}

    def check_players(self, n: int, rules: Any) -> None:
        """Refuse a table of `n` players that these rules cannot seat: the game's range, then
        the rules' own limits where they have some (a deck too small for the hands, a
        variant's options that need more cards), so that every caller refuses it up front."""
        if not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:  # a game for two only: never "2 to 2"
                players = "player" if self.min_players == 1 else "players"
                raise RulesError(f"{self.name} is played by {self.min_players} {players}, not {n}")
            raise RulesError(
                f"{self.name} is played by {self.min_players} to {self.max_players} "
                f"players, not {n}"
            )
        fits = getattr(rules, "check_players", None)
        if fits is not None:
            fits(n)

    def seats_from(self, seats: Sequence[Seat] | int) -> list[Seat]:
        if isinstance(seats, int):
            return default_seats(seats)
        return [s if isinstance(s, Seat) else Seat.from_json(s) for s in seats]
