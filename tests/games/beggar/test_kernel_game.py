"""`Beggar.bulk_outcomes`: the kernel gives, seed for seed, the outcome of the reference engine."""

from __future__ import annotations

import pytest

from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import FLIP, BeggarRules


def reference(rules: BeggarRules, players: int, seed: int):
    state = GAME.new_state(players, seed=seed, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
    outcome = state.outcome
    return outcome.winners, outcome.scores, state.turns, outcome.status


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"exhausted_payer": "next_pays"},
        {"jokers": 2},
        {"beggar_joker": True, "on_loop": "most_cards"},
        {"max_turns": 150},
    ],
)
def test_bulk_outcomes_match_the_reference_engine(players: int, options: dict) -> None:
    rules = BeggarRules(**options)
    seeds = list(range(100, 116))
    outcomes = GAME.bulk_outcomes(rules, players, seeds)
    assert outcomes is not None
    assert outcomes == [reference(rules, players, seed) for seed in seeds]


def test_capped_games_are_draws_at_the_cap() -> None:
    outcomes = GAME.bulk_outcomes(BeggarRules(max_turns=20), 2, list(range(30)))
    assert outcomes is not None
    capped = [o for o in outcomes if o[3] == "capped"]
    assert capped and all(o == ((), (0.0, 0.0), 20, "capped") for o in capped)


@pytest.mark.parametrize("options", [{"shuffle_captured": True}, {"match": "best_of_three"}])
def test_rules_the_kernel_cannot_play_return_none(options: dict) -> None:
    assert GAME.bulk_outcomes(BeggarRules(**options), 2, [1, 2]) is None
