"""Wilson intervals against published values, and the counting of ties and draws."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.sim.schedule import SimJob
from parlour.sim.stats import gather, summarise, wilson_interval

# Wilson score intervals at 95% as published (Newcombe 1998, Table I; Wikipedia's
# "Binomial proportion confidence interval"; R binom::binom.wilson), to 4 decimals.
PUBLISHED = [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0000, 0.2775),
    (10, 10, 0.7225, 1.0000),
    (1, 10, 0.0179, 0.4042),
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
]


@pytest.mark.parametrize(("k", "n", "low", "high"), PUBLISHED)
def test_wilson_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(k, n)
    assert got == pytest.approx((low, high), abs=6e-5)


@given(st.integers(1, 5000), st.data())
def test_wilson_contains_the_share_and_is_symmetric(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    mirror_low, mirror_high = wilson_interval(n - k, n)
    assert low == pytest.approx(1 - mirror_high, abs=1e-12)
    assert high == pytest.approx(1 - mirror_low, abs=1e-12)


def test_wilson_narrows_with_more_games() -> None:
    widths = [np.subtract(*wilson_interval(n // 2, n)[::-1]) for n in (10, 100, 1000, 10000)]
    assert widths == sorted(widths, reverse=True)


def _chunk(job: SimJob, start: int, games: list[tuple[list[int], list[float], int, str]]):
    """A chunk's result as the worker writes it, game by game: its own row builder counts the
    winners' shares, so a tie the worker does not split fails the tests below."""
    from parlour.sim.schedule import Chunk
    from parlour.sim.worker import _Rows, ranks_from

    rows = _Rows(len(games), job.num_players)
    for winners, scores, turns, status in games:
        won, points = tuple(winners), tuple(scores)
        rows.add(status, won, points, ranks_from(won, points), turns)
    return rows.result(0, Chunk(job=0, start=start, stop=start + len(games)))


def test_a_tie_played_through_the_worker_is_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole chunk through `play_chunk`, with a game whose every deal ends in a tie."""
    from parlour.core.game import Outcome
    from parlour.sim.schedule import Chunk
    from parlour.sim.worker import play_chunk

    def tie(state, bots) -> None:  # the game ends at once, two winners level
        state._outcome = Outcome(
            status="finished", scores=(1.0, 1.0), ranks=(1, 1), returns=(0.0, 0.0), winners=(0, 1)
        )

    monkeypatch.setattr("parlour.sim.worker.play_bots", tie)
    job = SimJob(game="flip7", bots=("first", "random"), games=2, seed=0, bulk=False)
    got = play_chunk(job, Chunk(job=0, start=0, stop=2))
    assert got.shares.tolist() == [[0.5, 0.5], [0.5, 0.5]]
    summary = summarise(gather(job, [got]))
    assert [line.wins for line in summary.bots] == [1.0, 1.0]


def test_ties_share_a_win_and_draws_count_for_nobody() -> None:
    job = SimJob(game="beggar", bots=("a", "b", "c"), games=4, seed=0)
    # game i: seat s holds bot (s + i) % 3
    games = [
        ([0], [3.0, 1.0, 0.0], 10, "finished"),  # bot a wins
        ([0, 1], [2.0, 2.0, 0.0], 20, "finished"),  # seats 0, 1 = bots b, c tie
        ([], [0.0, 0.0, 0.0], 30, "draw"),  # nobody
        ([2], [0.0, 0.0, 5.0], 40, "finished"),  # seat 2 in game 3 = bot c
    ]
    rows = gather(job, [_chunk(job, 2, games[2:]), _chunk(job, 0, games[:2])])
    summary = summarise(rows)
    wins = {line.bot: line.wins for line in summary.bots}
    assert wins == {"a": 1.0, "b": 0.5, "c": 1.5}
    assert summary.draws == 1
    assert sum(line.win_share for line in summary.bots) + summary.draws / 4 == pytest.approx(1)
    assert summary.mean_turns == 25
    # bot a sat at seats 0, 2, 1, 0: scores 3, 0, 0, 0
    assert summary.bots[0].mean_score == pytest.approx(3 / 4)
    assert summary.to_json()["bots"][1] == {
        "bot": "b",
        "wins": 0.5,
        "win_share": 0.125,
        "ci95": list(wilson_interval(0.5, 4)),
        "mean_score": pytest.approx((1.0 + 2.0 + 0.0 + 0.0) / 4),
    }


def test_missing_games_are_an_error_not_a_smaller_table() -> None:
    job = SimJob(game="beggar", bots=("a", "b"), games=4, seed=0)
    rows = [([0], [1.0, 0.0], 5, "finished")] * 2
    with pytest.raises(ValueError, match="missing"):
        gather(job, [_chunk(job, 0, rows), _chunk(job, 3, rows[:1])])


@st.composite
def played_games(draw: st.DrawFn) -> tuple[int, list[tuple[list[int], list[float], int]]]:
    players = draw(st.integers(2, 5))
    game = st.tuples(
        st.lists(st.integers(0, players - 1), unique=True, max_size=players),
        st.lists(st.integers(0, 9).map(float), min_size=players, max_size=players),
        st.integers(1, 500),
    )
    return players, draw(st.lists(game, min_size=1, max_size=40))


@given(played_games())
def test_summary_matches_a_game_by_game_count(data) -> None:
    from parlour.sim.schedule import seating

    players, games = data
    job = SimJob(
        game="beggar", bots=tuple(f"b{i}" for i in range(players)), games=len(games), seed=0
    )
    rows = gather(job, [_chunk(job, 0, [(w, s, t, "x") for w, s, t in games])])
    summary = summarise(rows)
    wins = [0.0] * players
    scores = [0.0] * players
    for index, (winners, points, _) in enumerate(games):
        bots_at = seating(index, players)
        for seat in winners:
            wins[bots_at[seat]] += 1 / len(winners)
        for seat, p in enumerate(points):
            scores[bots_at[seat]] += p
    assert [line.wins for line in summary.bots] == pytest.approx(wins)
    assert [line.mean_score for line in summary.bots] == pytest.approx(
        [s / len(games) for s in scores]
    )
    assert summary.draws == sum(1 for w, _, _ in games if not w)
    assert sum(wins) + summary.draws == pytest.approx(len(games))


def test_ranks_from_a_bulk_path_put_winners_first_and_draws_level() -> None:
    from parlour.sim.worker import ranks_from

    assert ranks_from((1,), (0.0, 1.0, 0.0)) == (2, 1, 2)
    assert ranks_from((), (0.0, 0.0, 0.0)) == (1, 1, 1)
    assert ranks_from((0, 2), (3.0, 1.0, 3.0, 2.0)) == (1, 4, 1, 3)
