"""`on_loop = "most_cards"`: the bigger stack at the first repeat wins; a tie is a draw."""

from __future__ import annotations

import pytest

from .helpers import play_out


@pytest.mark.parametrize(
    ("hands", "sizes", "winners"),
    [
        (["--J-", "Q-J-"], [4, 4], ()),  # two equal stacks: nobody wins
        (["-J", "--Q-J-"], [4, 4], ()),
        (["---J-", "-JJ"], [2, 6], (1,)),  # the bigger stack is not the leader's
        (["--", "-J", "--JJ"], [0, 4, 4], ()),  # a tie for most between seats 1 and 2
    ],
)
def test_most_cards_at_a_loop(hands: list[str], sizes: list[int], winners: tuple[int]) -> None:
    state = play_out(hands, on_loop="most_cards")
    assert state.outcome is not None and state.outcome.status == "loop"
    assert [len(h) for h in state.hands] == sizes
    assert state.outcome.winners == winners
    assert state.results[-1].winner == (winners[0] if winners else None)
