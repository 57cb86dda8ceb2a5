"""The compiled kernel plays exactly the game of the reference engine (RULES.md §1)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from parlour.games.beggar import kernel
from parlour.games.beggar.cards import NOTATION
from parlour.games.beggar.deals import fill_deck, penalty_codes
from parlour.games.beggar.fast import LOOP, play_codes
from parlour.games.beggar.records import RECORDS, hand_codes, reference_play
from parlour.games.beggar.rules import BeggarRules

from .helpers import short_decks

FULL_DECK = [0] * 36 + [1, 2, 3, 4] * 4
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def deal(deck: list[int], players: int) -> list[list[int]]:
    return [deck[i::players] for i in range(players)]


def kernel_row(hands: list[list[int]], next_pays: bool = False, cap: int | None = None):
    codes, lengths = kernel.pack_deals([hands])
    return kernel.play_arrays(codes, lengths, next_pays, trick_cap=cap).row(0)


@st.composite
def decks(draw: st.DrawFn) -> tuple[list[int], int, bool]:
    """A shuffled deck of any variant, with 2 to 6 players and either convention."""
    jokers = draw(st.sampled_from([0, 0, 1, 2, -1]))  # -1: the beggar joker
    deck = FULL_DECK + ([5] * jokers if jokers > 0 else []) + ([6] if jokers < 0 else [])
    deck = draw(st.permutations(deck))
    return list(deck), draw(st.integers(2, 6)), draw(st.booleans())


@st.composite
def tiny_deals(draw: st.DrawFn) -> tuple[list[list[int]], bool]:
    """Adversarial small deals: few cards, many penalty cards, uneven or empty hands. Small decks
    loop often, which exercises the exact loop finder."""
    players = draw(st.integers(2, 6))
    hands = draw(
        st.lists(
            st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4, 5, 6]), max_size=9),
            min_size=players,
            max_size=players,
        )
    )
    return hands, draw(st.booleans())


@SETTINGS
@given(decks())
def test_random_full_decks_agree_with_the_python_engine(case) -> None:
    deck, players, next_pays = case
    hands = deal(deck, players)
    assert kernel_row(hands, next_pays) == play_codes(hands, next_pays)


@SETTINGS
@given(tiny_deals())
def test_tiny_deals_agree_including_loops(case) -> None:
    hands, next_pays = case
    assert kernel_row(hands, next_pays) == play_codes(hands, next_pays)


@SETTINGS
@given(short_decks(), st.sampled_from([None, 0, 2]))
def test_short_decks_agree_loops_included(case, cap) -> None:
    # Short decks loop one time in five to ten: both kernel engines, and the exact loop finder
    # from the first trick (cap 0), must give the Python engine's first repeat.
    hands, next_pays = case
    expected = play_codes(hands, next_pays)
    event("loop" if expected[0] == LOOP else "finished")
    assert kernel_row(hands, next_pays, cap) == expected


@SETTINGS
@given(tiny_deals(), st.integers(0, 3))
def test_exact_loop_finder_agrees_from_the_first_trick(case, cap) -> None:
    # A tiny trick cap sends every deal through Brent's cycle finding: finished games and loops
    # must still come out exactly as the card-by-card Python engine counts them.
    hands, next_pays = case
    assert kernel_row(hands, next_pays, cap) == play_codes(hands, next_pays)


@settings(max_examples=40, deadline=None)
@given(decks())
def test_exact_loop_finder_on_full_decks(case) -> None:
    deck, players, next_pays = case
    hands = deal(deck, players)
    assert kernel_row(hands, next_pays, 1) == play_codes(hands, next_pays)


@st.composite
def near_records(draw: st.DrawFn) -> list[list[int]]:
    """Adversarial long games: a published record deal with a few cards swapped."""
    record = draw(st.sampled_from(RECORDS))
    deck = [c for pair in zip(*(hand_codes(h) for h in record.hands), strict=True) for c in pair]
    for _ in range(draw(st.integers(0, 3))):
        i, j = draw(st.integers(0, 51)), draw(st.integers(0, 51))
        deck[i], deck[j] = deck[j], deck[i]
    return deal(deck, 2)


@settings(max_examples=60, deadline=None)
@given(near_records(), st.booleans())
def test_long_games_near_the_records_agree(hands, exact) -> None:
    assert kernel_row(hands, cap=1 if exact else None) == play_codes(hands)


def every_deal(players: int, most_cards: int) -> list[list[list[int]]]:
    """Every deal of up to `most_cards` cards from {-, J, Q, K}, cut in every way."""
    out = []
    for total in range(1, most_cards + 1):
        for seq in itertools.product((0, 1, 2, 3), repeat=total):
            for cuts in itertools.combinations_with_replacement(range(total + 1), players - 1):
                bounds = (0, *cuts, total)
                out.append([list(seq[bounds[i] : bounds[i + 1]]) for i in range(players)])
    return out


@pytest.mark.parametrize(
    ("players", "most_cards", "next_pays"), [(2, 7, False), (3, 6, False), (3, 6, True)]
)
def test_every_small_deal_agrees_loops_included(players, most_cards, next_pays) -> None:
    deals = every_deal(players, most_cards)
    codes, lengths = kernel.pack_deals(deals)
    fast_path = kernel.play_arrays(codes, lengths, next_pays)
    exact_path = kernel.play_arrays(codes, lengths, next_pays, trick_cap=0)
    loops = 0
    for i, hands in enumerate(deals):
        expected = play_codes(hands, next_pays)
        loops += expected[0] == LOOP
        assert fast_path.row(i) == expected, hands
        assert exact_path.row(i) == expected, hands
    assert loops >= 3  # rare, but there: e.g. [[-, -, J, -], [J, -]]


@pytest.mark.parametrize("next_pays", [False, True])
@pytest.mark.parametrize("cap", [None, 0])
def test_three_or_more_players_end_when_one_holds_every_card(next_pays, cap) -> None:
    # - K / - - - - / -: the leader collects all 7 cards at trick 1 while the others are
    # seated with empty hands; the round ends there, in both engines of the kernel.
    hands = [[0, 3], [0, 0, 0, 0], [0]]
    assert play_codes(hands, next_pays) == (0, 7, 1, 0)
    assert kernel_row(hands, next_pays, cap) == (0, 7, 1, 0)
    four = [[0], [0], [0], [2, 0]]
    assert play_codes(four, next_pays) == (0, 4, 1, 3)
    assert kernel_row(four, next_pays, cap) == (0, 4, 1, 3)


def test_a_small_loop_reports_its_first_repeat() -> None:
    hands = [[0, 0, 1, 0], [1, 0]]
    assert play_codes(hands)[0] == LOOP
    assert kernel_row(hands) == play_codes(hands)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("next_pays", [False, True])
def test_kernel_agrees_with_the_reference_engine(players: int, next_pays: bool) -> None:
    rules = BeggarRules(exhausted_payer="next_pays" if next_pays else "pile_to_claimant")
    results = kernel.play_random(players, 12, seed=players, next_pays=next_pays)
    for i in range(12):
        hands = kernel.random_deal(players, players, i)
        status, cards, tricks, winner = reference_play(
            ["".join(NOTATION[c] for c in h) for h in hands], rules
        )
        expected = (
            0 if status == "finished" else 1,
            cards,
            tricks,
            -1 if winner is None else winner,
        )
        assert results.row(i) == expected


@pytest.mark.parametrize(
    ("players", "jokers", "beggar", "next_pays"),
    [(2, 0, False, False), (2, 2, False, False), (2, 0, True, False), (3, 0, False, True),
     (4, 1, False, False), (5, 0, True, True), (6, 0, False, False)],
)  # fmt: skip
def test_random_batches_agree_with_the_python_engine(players, jokers, beggar, next_pays) -> None:
    results = kernel.play_random(
        players, 400, 11, first=1000, jokers=jokers, beggar_joker=beggar, next_pays=next_pays
    )
    for i in range(400):
        hands = kernel.random_deal(players, 11, 1000 + i, jokers, beggar)
        assert results.row(i) == play_codes(hands, next_pays)


def test_random_deals_are_fair_and_reproducible() -> None:
    hands = kernel.random_deal(2, 5, 3)
    assert sorted(hands[0] + hands[1]) == sorted(FULL_DECK)
    assert [len(h) for h in hands] == [26, 26]
    assert kernel.random_deal(2, 5, 3) == hands
    assert kernel.random_deal(2, 5, 4) != hands
    dealt = [c for hand in kernel.random_deal(5, 1, 0, jokers=2) for c in hand]
    assert sorted(dealt) == sorted([*FULL_DECK, 5, 5])
    # Every position holds an ace about equally often (16 of 52 cards are penalty cards).
    aces = np.zeros(52)
    for i in range(3000):
        deck = [c for pair in zip(*kernel.random_deal(2, 9, i), strict=True) for c in pair]
        aces += np.array(deck) == 4
    assert aces.min() > 3000 * 4 / 52 * 0.6
    assert aces.max() < 3000 * 4 / 52 * 1.4


def test_same_seed_same_results_whatever_the_split() -> None:
    whole = kernel.play_random(2, 3000, 42, threads=1)
    split = kernel.play_random(2, 3000, 42, threads=2)
    tail = kernel.play_random(2, 1000, 42, first=2000)
    assert np.array_equal(whole.cards, split.cards)
    assert np.array_equal(whole.cards[2000:], tail.cards)
    assert np.array_equal(whole.winner[2000:], tail.winner)


def test_empty_hands_are_out_at_once() -> None:
    assert kernel_row([[1, 0], []]) == (0, 0, 0, 0)
    assert kernel_row([[], [], [0]]) == (0, 0, 0, 2)
    assert kernel_row([[], [0], [2]]) == play_codes([[], [0], [2]])


def test_pack_deals_refuses_mixed_table_sizes() -> None:
    with pytest.raises(ValueError, match="same number of hands"):
        kernel.pack_deals([[[0], [1]], [[0], [1], [2]]])


def run_without_numba(code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter where the kernel may not use Numba."""
    env = {**os.environ, "PARLOUR_NO_NUMBA": "1"}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )


def test_python_fallback_gives_the_same_results_with_a_warning() -> None:
    code = (
        "import warnings; warnings.simplefilter('always');"
        "from parlour.games.beggar import kernel as k;"
        "r = k.play_random(3, 50, 7, next_pays=True);"
        "print(k.HAVE_NUMBA, int(r.cards.sum()), int(r.tricks.sum()), int(r.winner.sum()))"
    )
    done = run_without_numba(code)
    fast = kernel.play_random(3, 50, 7, next_pays=True)
    expected = f"False {fast.cards.sum()} {fast.tricks.sum()} {fast.winner.sum()}"
    assert done.stdout.strip() == expected
    assert "falls back to the pure-Python engine" in done.stderr


def test_the_two_player_bit_engine_runs_uncompiled_too() -> None:
    """Without Numba, the search's climb calls `_play2` as plain Python, with the bit-by-bit
    trailing-zero count: it must still play the Python engine's game (two jokers: 54 cards and
    18 penalty cards, the most a hand's masks hold)."""
    code = (
        "import numpy as np; from parlour.games.beggar import kernel as k, deals;"
        "print([[int(x) for x in k._play2_deck(np.array(deals.fill_deck(5, i, "
        "deals.penalty_codes(2), 54), np.int8), 3000)] for i in range(25)])"
    )
    done = run_without_numba(code)
    expected = [list(play_codes(deal(fill_deck(5, i, penalty_codes(2), 54), 2))) for i in range(25)]
    assert done.stdout.strip() == str(expected)


@given(st.integers(1, (1 << 62) - 1))
def test_the_portable_trailing_zero_count_is_the_lowest_set_bit(x: int) -> None:
    assert kernel._trailing_zeros_portable(x) == (x & -x).bit_length() - 1
    assert kernel._trailing_zeros_portable(np.int64(x)) == (x & -x).bit_length() - 1


def test_histograms_give_numpy_s_figures() -> None:
    rng = np.random.default_rng(3)
    values = rng.integers(0, 5000, 20_001) ** 2 // 5000  # skewed, with repeats
    histogram = kernel.Histogram()
    for part in np.array_split(values, 7):
        histogram.add(part)
    q1, median, q3, p99 = np.percentile(values, [25, 50, 75, 99])
    assert histogram.to_json() == {
        "mean": float(values.mean()),
        "median": float(median),
        "q1": float(q1),
        "q3": float(q3),
        "p99": float(p99),
        "max": int(values.max()),
    }


def test_stats_stream_chunk_by_chunk_to_the_figures_of_one_batch() -> None:
    rules = BeggarRules()
    streamed = kernel.run_stats(2, 30_000, 8, rules, chunk=4_000).to_json()
    whole = kernel.play_random(2, 30_000, 8)
    q1, median, q3, p99 = np.percentile(whole.cards, [25, 50, 75, 99])
    assert streamed["cards"] == {
        "mean": float(whole.cards.mean()),
        "median": float(median),
        "q1": float(q1),
        "q3": float(q3),
        "p99": float(p99),
        "max": int(whole.cards.max()),
    }
    assert streamed["first_player_win_share"] == float((whole.winner == 0).mean())
    assert streamed == kernel.run_stats(2, 30_000, 8, rules, chunk=30_000).to_json()


@st.composite
def crowded_pairs(draw: st.DrawFn) -> list[list[int]]:
    """Two hands holding more penalty cards than any deck variant: an explicit deal may (five
    aces, thirty kings), and a hand's tributes no longer fit the bit engine's 63 bits."""
    penalties = draw(st.integers(kernel.PACKED_PENALTIES + 1, 34))
    numbers = draw(st.integers(0, 54 - penalties))
    cards = draw(st.lists(st.integers(1, 4), min_size=penalties, max_size=penalties))
    deck = draw(st.permutations(cards + [0] * numbers))
    return deal(list(deck), 2)


@SETTINGS
@given(crowded_pairs())
def test_two_hands_with_more_penalty_cards_than_a_deck_agree(hands: list[list[int]]) -> None:
    assert kernel_row(hands) == play_codes(hands)


def test_a_deal_of_twenty_four_penalty_cards_found_by_an_audit() -> None:
    # The bit engine counted 4 tricks where the reference engine counts 5 (its tributes overflowed).
    hands = [hand_codes("QJKJQQAKAJJJ-QJA"), hand_codes("Q--KJ-AQKJA---K")]
    status, cards, tricks, winner = reference_play(["QJKJQQAKAJJJ-QJA", "Q--KJ-AQKJA---K"])
    expected = (0 if status == "finished" else 1, cards, tricks, -1 if winner is None else winner)
    assert kernel_row(hands) == expected
    assert (cards, tricks) == (29, 5)
