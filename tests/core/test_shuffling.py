"""`core.shuffling.shuffle` deals exactly what `random.Random.shuffle` deals."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from parlour.core import shuffling


@given(seed=st.integers(0, 2**63 - 1), size=st.integers(0, 300))
def test_the_same_order_and_the_same_generator_state(seed: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    a, b = random.Random(seed), random.Random(seed)
    shuffling.shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs
    assert a.getstate() == b.getstate()


def test_the_inline_loop_is_the_one_in_use() -> None:
    # On this interpreter the inline loop matches; were it to drift, `shuffle` would fall
    # back to `rng.shuffle` and the test above would still hold, so say which one runs.
    assert shuffling._INLINE_EXACT


def test_a_subclass_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffling.shuffle(Reversing(0), cards)
    assert cards == [3, 2, 1]
