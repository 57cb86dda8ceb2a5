"""What the conformance suite shares: the games, their tables, random play and snapshots.

Everything here is read from the registry and the contract (docs/writing-a-game.md,
"The contract"); nothing names a game, so a game joins the suite the day it joins the registry.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Outcome, State
from parlour.core.registry import game_names, get_game

GAMES: list[str] = game_names()

# Set on every rules object that has `max_turns` and leaves it unset: long enough that most
# random games end by their own rules, short enough that none runs away.
TURN_CAP = 600
# A game that makes this many moves has ignored its turn cap (or has none): it never ends.
STEP_LIMIT = 20_000
# Player counts checked per game: all of them up to this many, then the largest one as well
# (a game for 2 to 18 is checked at 2..8 and 18: the counts in between add time, not cases).
MAX_COUNTS = 8
# Rules variants differ from the defaults in at most this many options: enough to combine the
# options that interact (three optional families seat nine at Panoplies), few enough to list.
MAX_CHANGES = 3
# Seeds of twelve digits or more: a view or event that shows the seed is then easy to spot.
SEEDS = st.integers(10**12, 2**62)


def examples(local: int) -> int:
    """`local` Hypothesis examples under the local profile, scaled up with a bigger profile
    (CI's): each property runs few examples, since each example plays whole games."""
    return max(1, local * settings.default.max_examples // 60)


# ----- tables ---------------------------------------------------------------------------------
def capped(rules: Any, cap: int = TURN_CAP) -> Any:
    """`rules` with `max_turns` set to `cap` when the game has that option and it is unset."""
    names = {f.name for f in dataclasses.fields(rules)}
    if "max_turns" in names and rules.max_turns is None:
        return dataclasses.replace(rules, max_turns=cap)
    return rules


@cache
def rules_variants(name: str, players: int) -> tuple[Any, ...]:
    """Rules a table of `players` can play: the defaults first, then every combination of up to
    `MAX_CHANGES` enumerated options (those with choices, and the switches) changed, all capped.

    The game itself says which combinations are valid: its rules and `new_state` refuse the
    others with RulesError (too many players for the deck, two joker variants at once...).
    """
    game = get_game(name)
    default = game.default_rules()
    axes: list[list[tuple[str, Any]]] = []
    for f in dataclasses.fields(default):
        value = getattr(default, f.name)
        choices = f.metadata.get("choices")
        if choices:
            axes.append([(f.name, c) for c in choices if c != value])
        elif isinstance(value, bool):
            axes.append([(f.name, not value)])
    out: list[Any] = []
    for k in range(MAX_CHANGES + 1):
        for chosen in itertools.combinations(axes, k):
            for changes in itertools.product(*chosen):
                try:
                    rules = capped(dataclasses.replace(default, **dict(changes)))
                    game.new_state(players, seed=0, rules=rules)
                except RulesError:
                    continue
                out.append(rules)
    return tuple(out)


def player_counts(game: Game) -> list[int]:
    """The player counts checked: every legal one (capped at `MAX_COUNTS`, the largest kept)
    for which some rules variant seats that many."""
    counts = list(range(game.min_players, game.max_players + 1))
    if len(counts) > MAX_COUNTS:
        counts = [*counts[: MAX_COUNTS - 1], counts[-1]]
    return [n for n in counts if rules_variants(game.name, n)]


# Every (game, players) pair, for the properties that must see every player count.
GAME_TABLES: list[tuple[str, int]] = [
    (name, players) for name in GAMES for players in player_counts(get_game(name))
]


@dataclass(frozen=True)
class Table:
    """A game to play: which game, how many players, which rules, which seed."""

    game: str
    players: int
    rules: Any
    seed: int

    def new_state(self, seed: int | None = None) -> State:
        return get_game(self.game).new_state(
            self.players, seed=self.seed if seed is None else seed, rules=self.rules
        )


def tables(name: str, players: int | None = None) -> st.SearchStrategy[Table]:
    """Tables of `name`: a player count (or `players`), rules for it, and a seed.

    Hypothesis shrinks towards the fewest players and the default rules."""
    counts = [players] if players is not None else player_counts(get_game(name))
    return st.sampled_from(counts).flatmap(
        lambda n: st.builds(
            Table, st.just(name), st.just(n), st.sampled_from(rules_variants(name, n)), SEEDS
        )
    )


# ----- playing --------------------------------------------------------------------------------
def random_play(state: State, rng: random.Random) -> Iterator[int]:
    """Play uniformly random legal moves to the end; yields the number of moves made before
    each move and once more at the end, so that the caller checks the state in between."""
    step = 0
    while not state.is_over:
        yield step
        assert step < STEP_LIMIT, f"{state.game.name}: no end after {step} moves"
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        step += 1
    yield step


# Between the first moves, the expensive checks run one move in this many, from a drawn phase.
STRIDE = 40
PHASES = st.integers(0, STRIDE - 1)


def checkpoint(step: int, phase: int) -> bool:
    """Whether the expensive checks run before move `step`: the first moves (the deal and the
    opening, where the most is hidden), then one move in `STRIDE`, from `phase` on."""
    return step < 3 or step % STRIDE == phase


def seats_to_check(state: State, step: int) -> range | list[int]:
    """The seats whose knowledge a checkpoint checks: all of them at the deal and at the end,
    one in turn in between (checking every seat of nine at every checkpoint costs more than
    it finds: the examples vary the seat anyway)."""
    n = state.num_players
    if step == 0 or state.is_over:
        return range(n)
    return [step % n]


def play_to(state: State, rng: random.Random, moves: int) -> State:
    """Up to `moves` random legal moves (fewer if the game ends)."""
    for step in random_play(state, rng):
        if step >= moves:
            break
    return state


# ----- reading a state ------------------------------------------------------------------------
def cards(state: State) -> Counter[Hashable]:
    """Every card of the game, wherever it lies, as a multiset (the state's `all_cards()`)."""
    return Counter(state.all_cards())


def _plain(value: Any) -> Any:
    """JSON for what JSON lacks: sets sorted (two equal sets may list in different orders),
    deques as lists, anything else by its repr."""
    if isinstance(value, (set, frozenset)):
        try:
            return sorted(value)
        except TypeError:
            return sorted(value, key=repr)
    if type(value).__name__ == "deque":
        return list(value)
    return repr(value)


# History and origin: a determinized state may rebuild or drop them; they hold no card.
_NOT_CARDS = frozenset(("log", "actions", "seed", "deal"))


def fingerprint(state: State) -> Any:
    """The state's public fields (where its cards lie), without its history and origin.

    Fields with a leading underscore are caches, loop memory or the generator, which a
    determinized state may rebuild; a re-deal shows in the fields that hold the cards."""
    fields = {k: v for k, v in vars(state).items() if k not in _NOT_CARDS and k[0] != "_"}
    return json.dumps(fields, default=_plain, sort_keys=True)


def snapshot(state: State) -> Any:
    """Everything that must not change when a move is refused or a world drawn from the game
    plays on: the fields, the history, the generator and what a spectator sees."""
    return (
        fingerprint(state),
        len(state.log),
        len(state.actions),
        state.turns,
        state._rng.getstate(),
        json.dumps(state.view(None), sort_keys=True),
    )


def readers(state: State) -> list[int | None]:
    """Who may read a table: every seat, and a spectator (None)."""
    return [None, *range(state.num_players)]


def visible(events: list[Event], reader: int | None) -> list[Event]:
    return [event for event in events if event.visible_to(reader)]


def check_outcome(state: State) -> None:
    """A finished game: nobody to move, nothing legal, and an outcome of the documented shape."""
    outcome = state.outcome
    n = state.num_players
    assert isinstance(outcome, Outcome), "the game ended without an outcome"
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    assert outcome.status in ("finished", "draw", "loop", "capped")
    assert len(outcome.scores) == len(outcome.ranks) == len(outcome.returns) == n
    assert all(1 <= rank <= n for rank in outcome.ranks)
    assert set(outcome.winners) <= set(range(n))
    assert all(outcome.ranks[w] == 1 for w in outcome.winners), "a winner ranks first"
    # Returns are zero-centred rewards in [-1, 1] (ratings and learning rely on it).
    assert abs(sum(outcome.returns)) < 1e-9
    assert all(-1.0 <= r <= 1.0 for r in outcome.returns)
    for i, j in itertools.permutations(range(n), 2):
        if outcome.scores[i] > outcome.scores[j]:
            assert outcome.ranks[i] < outcome.ranks[j], "a higher score never ranks lower"
    if outcome.status == "capped":
        assert state.turns == state.rules.max_turns and outcome.winners == ()
        assert set(outcome.ranks) == {1} and outcome.returns == (0.0,) * n
    shown = json.loads(json.dumps(outcome.to_json()))
    for reader in readers(state):
        view = state.view(reader)
        assert view["over"] is True and view["to_move"] is None and view["outcome"] == shown
