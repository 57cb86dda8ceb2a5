"""A reference state loaded into the ask-and-draw kernel and read back is the same table, and a
state loaded mid-game and played out in the kernel ends as the reference engine's playout ends
it, draw for draw (`askdraw.loading`, `kernel.playout_state`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.bots.base import make_bot
from parlour.core.game import Seat, State
from parlour.core.registry import get_game
from parlour.games.askdraw import kernel
from parlour.games.askdraw.loading import (
    load_state,
    loadable,
    new_array,
    public_events,
    read_state,
    rules_of,
    table_of,
)
from parlour.games.askdraw.tracker import Tracker
from parlour.games.familles.rules import FamillesRules
from parlour.games.gofish.rules import GoFishRules
from parlour.games.panoplies.rules import PanopliesRules

CASES: list[tuple[str, Any]] = [
    ("familles", None),
    ("familles", FamillesRules(next_after_miss="left", family_replays=True)),
    ("familles", FamillesRules(ask_any_family=True, max_turns=30)),
    ("panoplies", None),
    ("panoplies", PanopliesRules(games=3, outfit_replays=True)),
    ("gofish", None),
    ("gofish", GoFishRules(end_on_first_out=True, most_books_wins=False)),
    ("gofish", GoFishRules(ask_after_empty_draw=False, ranks=7)),
]


def _id(case: tuple[str, Any]) -> str:
    return f"{case[0]}-{case[1]!r}"[:60]


def positions(name: str, rules: Any, players: int, seed: int) -> Iterator[State]:
    """Every position of a game of random moves, from the deal to the end."""
    game = get_game(name)
    state = game.new_state(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("case", CASES, ids=_id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_load_then_read_gives_the_same_table(case: tuple[str, Any], players: int) -> None:
    name, rules = case
    game = get_game(name)
    for seed in range(4):
        for state in positions(name, rules, players, seed):
            st = new_array(rules_of(game, state.rules, players))
            load_state(st, state)
            back = read_state(st, game, state.rules, players)
            assert table_of(back) == table_of(state), (seed, len(state.actions))
            assert back.is_over == state.is_over
            if not back.is_over:
                assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_the_tracker_rows_are_the_public_tracker(case: tuple[str, Any]) -> None:
    """The rows the kernel's bots read hold what every seat saw: the cards surely lacked and
    since which hidden draw, the groups surely held, the cards seen going into a hand."""
    name, rules = case
    game = get_game(name)
    for state in positions(name, rules, 3, 11):
        st = new_array(rules_of(game, state.rules, 3))
        load_state(st, state)
        tracker = Tracker(state.grouping, 3, None)  # type: ignore[attr-defined]
        for event in public_events(state.log):
            tracker.observe(event)
        cards = tracker.grouping.num_cards
        for seat in range(3):
            assert {c for c in range(cards) if st[kernel._LACKS + seat, c]} == tracker.lacks[seat]
            assert st[kernel._DRAWS, seat] == tracker.draws[seat]
            held = {g for g in range(tracker.grouping.num_groups) if st[kernel._HOLDS + seat, g]}
            assert held == tracker.holds_group[seat]
            seen = {c for c in range(cards) if st[kernel._SEEN, c] == seat}
            assert seen == tracker.sure[seat]


def test_a_world_reads_its_own_draws_as_everybody_saw_them() -> None:
    """A seat's world logs that seat's draws privately; the tracker rows come out the same as
    from the full log."""
    game = get_game("familles")
    for state in positions("familles", None, 3, 5):
        if state.is_over:
            break
        full = new_array(rules_of(game, state.rules, 3))
        load_state(full, state)
        world = state.determinize(state.turn, random.Random(1))  # type: ignore[attr-defined]
        mine = new_array(rules_of(game, state.rules, 3))
        load_state(mine, world)
        for row in range(kernel._SEEN, kernel._ROWS):
            assert (full[row] == mine[row]).all(), row


def test_a_panoplies_table_of_chosen_characters_is_not_loaded() -> None:
    game = get_game("panoplies")
    seats = [Seat("a", data={"character": "mother"}), Seat("b")]
    state = game.new_state(seats, seed=1)
    assert not loadable(state)
    with pytest.raises(ValueError, match="cannot hold"):
        load_state(new_array(rules_of(game, state.rules, 2)), state)
    assert loadable(game.new_state(2, seed=1))


def reference_playout(name: str) -> Any:
    return make_bot(get_game(name), "search").playout


@pytest.mark.parametrize("case", CASES, ids=_id)
@pytest.mark.parametrize("players", [2, 3])
def test_a_game_loaded_midway_ends_as_the_reference_playout_ends_it(
    case: tuple[str, Any], players: int
) -> None:
    """Every draw of the kernel's playout is the one `random.Random` makes, the state's own
    generator (Panoplies' jokers, a match's next deals) seeded alike on both sides: the same
    asks, the same end, the same value."""
    name, rules = case
    game = get_game(name)
    playout = reference_playout(name)
    mode = kernel.RETURNS if name == "panoplies" else kernel.LAID_SHARE
    if name == "gofish" and rules is not None and not rules.most_books_wins:
        mode = kernel.FIRST_OUT_WINS
    rng = random.Random(7)
    checked = 0
    for seed in range(2):
        for index, state in enumerate(positions(name, rules, players, seed)):
            if index % 3 or state.is_over:
                continue
            ref = state.clone()
            playout_seed = rng.getrandbits(63)
            ref._rng = random.Random(playout_seed ^ kernel.STATE_SALT)
            # As the search's playouts run: no tracker, the playout keeps the cards seen.
            st = new_array(rules_of(game, state.rules, players), track=False, says=False)
            load_state(st, ref, memory=False)
            seat = index % players
            value = playout(ref, seat, random.Random(playout_seed))
            kernel.playout_state(st, players, playout_seed, 400)
            back = read_state(st, game, state.rules, players, seen=True)
            assert table_of(back) == table_of(ref), (seed, index)
            assert kernel._playout_value(st, players, seat, mode) == value
            cards = sorted(back.all_cards())  # type: ignore[attr-defined]
            assert cards == list(range(len(cards)))
            checked += 1
    assert checked > 10


def test_a_match_capped_after_a_lost_game_loads_with_every_mannequin_as_it_stands() -> None:
    """A Panoplies match capped in its second game, the first lost: the kernel took the first
    game's loser for this game's and undressed his mannequin in its observation."""
    import numpy as np

    from parlour.rl.encoding import make_encoder, resolve_rules

    game = get_game("panoplies")
    rules = resolve_rules(game, {"games": 2, "max_turns": 20})
    state = game.new_state(2, seed=124, rules=rules)
    rng = random.Random(124)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.outcome is not None and state.outcome.status == "capped"
    assert state.game_no == 2 and state.results[0]["loser"] is not None
    step = game.step_kernel(rules, 2)
    batch = step.new_batch(1)
    step.seat_bots(batch, np.ones(1, bool), [""] * 2, np.zeros((1, 2), np.int64))
    step.load(batch, 0, state)
    seen = np.zeros((1, step.obs_size), np.float32)
    step.observe(batch, np.zeros(1, np.int64), seen)
    want = make_encoder(game, rules, 2).encode(state.view(0), 0)
    assert np.array_equal(seen[0], want)
