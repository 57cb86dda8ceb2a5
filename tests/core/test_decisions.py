"""A bot's decision holds no path to the real state: not by reference, not by a closure."""

from __future__ import annotations

import dataclasses
import random
import types
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.core.events import SeatFeed
from parlour.core.game import State
from parlour.core.registry import get_game
from parlour.play.runner import decision_for

SEED = 0x5DEECE66D1234567  # large enough that no count or card number equals it by chance
ATOMS = (str, bytes, int, float, complex, bool, type(None), range)


def frozen(obj: Any) -> bool:
    if isinstance(obj, (*ATOMS, tuple, frozenset)):
        return True
    return dataclasses.is_dataclass(obj) and bool(obj.__dataclass_params__.frozen)  # type: ignore[union-attr]


def reachable(root: Any) -> Iterator[Any]:
    """Every object a bot can reach from `root` through attributes, items, dataclass fields,
    slots, bound methods and closures (classes and modules are code, not this game)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (*ATOMS, type, types.ModuleType)):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset, deque)):
            stack.extend(obj)
        if isinstance(obj, types.MethodType):
            stack.extend((obj.__self__, obj.__func__))
        if isinstance(obj, types.FunctionType):
            stack.extend(cell.cell_contents for cell in obj.__closure__ or ())
            stack.extend(obj.__defaults__ or ())
            stack.extend((obj.__kwdefaults__ or {}).values())
        if dataclasses.is_dataclass(obj):
            stack.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        if hasattr(obj, "__dict__"):
            stack.append(vars(obj))
        for slot in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, slot):
                stack.append(getattr(obj, slot))


def mid_game(name: str, steps: int) -> State:
    game = get_game(name)
    state = game.new_state(game.min_players + 1, seed=SEED)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over
    return state


@pytest.mark.parametrize("name", ["familles", "panoplies", "flip7", "beggar"])
def test_a_decision_leads_nowhere_near_the_real_state(name: str) -> None:
    state = mid_game(name, 6)
    seat = state.to_move
    assert seat is not None
    decision = decision_for(state, seat, SeatFeed(seat))
    assert decision.world is not None  # the search's way in is there ...
    decision.determinize(random.Random(2))
    secret_rng = state._rng.getstate()
    # The state's own containers: sharing one would let a bot read (or change) the game.
    private = {id(x): key for key, x in vars(state).items() if not frozen(x)}
    for obj in reachable(decision):
        assert obj is not state  # ... but the real state is not
        if not frozen(obj):  # immutable data: sharing it is harmless
            assert id(obj) not in private, f"the state's {private.get(id(obj))} is reachable"
        assert not (isinstance(obj, int) and obj == SEED), "the true seed is reachable"
        if isinstance(obj, random.Random):
            assert obj.getstate() != secret_rng, "the game's generator is reachable"


@pytest.mark.parametrize("name", ["familles", "panoplies"])
def test_a_decision_shows_no_hidden_card(name: str) -> None:
    """Every hidden card the seat could reach would be in the world; the world's hands are
    re-dealt, so over a few positions they differ from the real ones."""
    state = mid_game(name, 4)
    seat = state.to_move
    assert seat is not None
    decision = decision_for(state, seat, SeatFeed(seat))
    world = decision.world
    assert world is not None
    assert world.hands[seat] == state.hands[seat]  # type: ignore[attr-defined]
    assert not any(event not in state.events_for(seat) for event in world.log)


@pytest.mark.parametrize("name", ["familles", "panoplies"])
def test_worlds_from_a_decision_keep_what_the_seat_knows(name: str) -> None:
    """Re-dealing from the decision's world keeps every fact of the seat's real tracker."""
    state = mid_game(name, 10)
    seat = state.to_move
    assert seat is not None
    tracker = state.tracker_for(seat)  # type: ignore[attr-defined]
    decision = decision_for(state, seat, SeatFeed(seat))
    rng = random.Random(3)
    for _ in range(20):
        world = decision.determinize(rng)
        assert world.hands[seat] == state.hands[seat]  # type: ignore[attr-defined]
        assert world.legal_actions() == state.legal_actions()
        for other in range(state.num_players):
            hand = world.hands[other]  # type: ignore[attr-defined]
            assert len(hand) == len(state.hands[other])  # type: ignore[attr-defined]
            assert tracker.sure[other] <= hand and not tracker.lacks[other] & hand


def test_a_bot_that_reads_no_table_gets_no_view_and_cannot_pretend_to() -> None:
    from parlour.bots.base import NO_VIEW, make_bot
    from parlour.core.errors import ParlourError

    game = get_game("familles")
    state = game.new_state(3, seed=SEED)
    seat = state.to_move
    assert seat is not None
    decision = decision_for(state, seat, SeatFeed(seat), worlds=False, table=False)
    assert decision.view is NO_VIEW and decision.events == ()
    assert decision.legal_actions == state.legal_actions()
    with pytest.raises(ParlourError, match=r"without a view.*'hand'"):
        decision.view["hand"]
    with pytest.raises(ParlourError, match="read-only"):
        decision.view["hand"] = []  # type: ignore[index]
    assert not make_bot(game, "random").reads_table
    assert make_bot(game, "memory").reads_table


@pytest.mark.parametrize("name", ["familles", "panoplies", "flip7"])
def test_random_games_without_a_table_end_as_with_one(name: str) -> None:
    """Skipping the view must not change a seeded game: same actions, same outcome."""
    from parlour.bots.base import make_bot
    from parlour.play.runner import play_bots

    game = get_game(name)

    def play(table: bool) -> tuple[Any, list[Any]]:
        state = game.new_state(3, seed=SEED % 1000)
        bots = [make_bot(game, "random", random.Random(k)) for k in range(3)]
        feeds = [SeatFeed(k) for k in range(3)]
        while state.outcome is None:
            seat = state.to_move
            assert seat is not None
            decision = decision_for(state, seat, feeds[seat], worlds=False, table=table)
            state.apply(bots[seat].act(decision), seat)
        with_runner = game.new_state(3, seed=SEED % 1000)
        played = play_bots(
            with_runner, [make_bot(game, "random", random.Random(k)) for k in range(3)]
        )
        assert played.outcome == state.outcome
        return state.outcome, [e for e in state.log]

    assert play(table=False) == play(table=True)


def test_a_decision_cannot_be_changed_by_its_bot() -> None:
    state = mid_game("flip7", 2)
    seat = state.to_move
    assert seat is not None
    decision = decision_for(state, seat, SeatFeed(seat), worlds=False)
    for field in ("view", "legal_actions", "world", "seat"):
        with pytest.raises(AttributeError):
            setattr(decision, field, None)
    with pytest.raises(AttributeError):
        decision.state = state  # type: ignore[attr-defined]
