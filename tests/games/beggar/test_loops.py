"""Loop memory (RULES.md §1): the initial deal is a trick-boundary state, and who leads is part
of the state. Each deal below was chosen so that leaving either out changes the result, in every
engine: the reference, the pure-Python fast path and the kernel's exact loop finder."""

from __future__ import annotations

import pytest

from parlour.games.beggar import kernel
from parlour.games.beggar.cards import code
from parlour.games.beggar.fast import play_codes
from parlour.games.beggar.records import reference_play

# A: - - J -, B: J -. A lays -, B a J, A pays: B takes 3 cards and leads; B lays -, A a J, B
# pays: A takes 3 cards. After 6 cards and 2 tricks the deal itself is back (A: - - J -, B: J -,
# A leads). Without the initial deal in memory the loop shows only at 9 cards and 3 tricks.
REPEATS_THE_DEAL = ("--J-", "J-")
# A: - - - - J -, B: J. Two trick boundaries hold the same hands but a different leader, so the
# game goes on and A wins at 16 cards, 4 tricks. A key without the leader calls it a loop at 10
# cards, 3 tricks.
SAME_HANDS_OTHER_LEADER = ("----J-", "J")


def kernel_exact(hands: tuple[str, ...]) -> tuple[int, int, int, int]:
    codes, lengths = kernel.pack_deals([[[code(c) for c in h] for h in hands]])
    # trick_cap 0: every trick goes through Brent's cycle finding over boundary states
    return kernel.play_arrays(codes, lengths, trick_cap=0).row(0)


def test_the_initial_deal_is_remembered_by_the_reference() -> None:
    assert reference_play(REPEATS_THE_DEAL) == ("loop", 6, 2, None)


def test_the_leader_is_part_of_the_reference_loop_key() -> None:
    assert reference_play(SAME_HANDS_OTHER_LEADER) == ("finished", 16, 4, 0)


@pytest.mark.parametrize(
    ("hands", "expected"),
    [(REPEATS_THE_DEAL, (1, 6, 2, -1)), (SAME_HANDS_OTHER_LEADER, (0, 16, 4, 0))],
    ids=["initial deal", "leader"],
)
def test_the_fast_path_and_the_kernel_loop_memory(hands, expected) -> None:
    assert play_codes([[code(c) for c in h] for h in hands]) == expected
    assert kernel_exact(hands) == expected
