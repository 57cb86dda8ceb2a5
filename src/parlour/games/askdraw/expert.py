"""The ask-and-draw experts (7 familles, Panoplies, Go Fish): inference from sampled deals, then
information-set search on kernel playouts.

A decision goes in three steps, all from what the seat knows (its tracker and
`Decision.determinize`, never the true state):

1. **Inference.** `worlds` deals are drawn by the deal sampler (`deals.DealProblem`: every
   public fact as a constraint: hand sizes, cards seen, « Pioche ! » answers and asks, groups a
   player surely holds, no complete group in a hand). In Panoplies and Go Fish, how often each
   unknown card lies in each hand over those deals, blended with the tracker's slot-count
   estimate (worth `estimate_deals` deals), is the chance used to rank asks: the constraints
   interact (a card that must be in one hand leaves less room for the others), which only
   whole deals capture. The 7 familles ranks on the tracker's estimate alone
   (`estimate_deals` None): there, the frequencies of 16 deals (about 0.12 of noise on a
   chance near 0.3) reordered asks that the ranking leaves close, and lost 5 points against
   `memory` on the same deals; its deals serve the search only.
2. **Candidates.** The game's memory ranking (chance of a hit, worth of the card to the seat)
   re-scored with those chances; its best `width` asks, or the single best when it is a sure
   hit (the turn goes on, nothing to weigh).
3. **Search.** Each candidate is played in every drawn deal and each copy is played out
   `playouts` times in the compiled kernel (`askdraw.playouts`), common random numbers across
   candidates. The ranking's first ask is played unless another one beats it in the same deals
   by more than two standard errors of the paired differences (`confident_choice`): a
   playout's result is a win or a loss, so a few dozen of them tell the asks apart only where
   they differ a lot, and taking the best mean regardless lost to the ranking alone in the 7
   familles. (Panoplies, whose returns are +1, 0 or -1 and whose expert was measured with
   it, and the search's fast playouts, `policy` "fast", keep the best mean with the game's
   bonus for the ranking's order, as in `parlour.bots.search`.)

Why sampled deals and kernel playouts rather than an offline policy: the hidden hands change
with every answer, and a deal drawn under all the public facts is the only exact account of
them we can afford per move; the kernel makes `worlds x playouts` playouts a candidate cost a
few milliseconds (about 60 times the reference engine's rate, `benchmarks/search_playouts.py`).

The budget is counted (deals and playouts), not timed, so that a tournament's games do not
depend on the machine's load and replay exactly; a move takes well under the web table's cap
(`web.botpool.MAX_BOT_SECONDS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from parlour.bots.base import Decision
from parlour.bots.search import BatchPlayout, Playout, SearchBot, trials_of
from parlour.core.errors import ParlourError
from parlour.games.askdraw.playouts import memory_playout_table
from parlour.games.askdraw.tracker import Tracker

POLICIES = ("memory", "fast")
CONFIDENCE = 2.0  # standard errors by which a searched ask must beat the ranking's first
PRIOR_DEALS = 2.0  # how many deals the tracker's own estimate is worth in the blend, by default

# A game's ranking of asks for the expert: (tracker, decision, legal asks) -> [(score, ask)]
# best first; and whether the best (score, ask) is to be played without search (a sure hit).
Rank = Callable[[Any, Decision, Sequence[Any]], list[tuple[float, Any]]]
SureHit = Callable[[Any, tuple[float, Any]], bool]


class SampledTracker:
    """A tracker whose `probabilities` are the frequencies over drawn deals (blended with its
    own estimate); every other fact is the tracker's."""

    def __init__(self, tracker: Tracker, probabilities: dict[int, list[float]]) -> None:
        self._tracker = tracker
        self._probabilities = probabilities

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tracker, name)

    def probabilities(self) -> dict[int, list[float]]:
        return self._probabilities


def sampled_probabilities(
    tracker: Tracker, hands: Sequence[Sequence[Any]], prior: float = PRIOR_DEALS
) -> dict[int, list[float]]:
    """Each unknown card's chance to be in each seat's hand: its frequency over the deals'
    `hands` (one list of hands per deal), blended with the tracker's estimate worth `prior`
    deals."""
    estimate = tracker.probabilities()
    n = tracker.num_players
    counts = {card: [0] * n for card in estimate}
    for deal in hands:
        for seat, cards in enumerate(deal):
            for card in cards:
                row = counts.get(card)
                if row is not None:
                    row[seat] += 1
    total = len(hands) + prior
    return {
        card: [(counts[card][s] + prior * chances[s]) / total for s in range(n)]
        for card, chances in estimate.items()
    }


def confident_choice(values: np.ndarray, z: float) -> int:
    """The index of the move to play: 0 (the ranking's first) unless another move's mean value
    beats it over the worlds by more than `z` standard errors of the paired differences, then
    the move whose lower bound (mean difference less `z` errors) is highest.

    `values[w, m]` is move m's mean value in world w, every move played in the same worlds with
    the same seeds. Why a test rather than the best mean: the worlds disagree far more than
    the moves differ (a playout's win share is 0 or 1), so the best mean of a few dozen
    playouts is mostly noise, and following it lost to the ranking alone (measured in the 7
    familles: the best mean won 52.5% against `memory`, the ranking alone 55.0%)."""
    worlds = values.shape[0]
    if values.shape[1] < 2 or worlds < 2:
        return 0
    diffs = values[:, 1:] - values[:, :1]
    mean = diffs.mean(axis=0)
    error = diffs.std(axis=0, ddof=1) / np.sqrt(worlds)
    lower = mean - z * error
    best = int(np.argmax(lower))
    return best + 1 if lower[best] > 0 and mean[best] > 0 else 0


class ExpertBot(SearchBot):
    """Sampled-deal inference, the memory ranking on it, and kernel-playout search."""

    name = "expert"

    def __init__(
        self,
        *,
        tracker_of: Callable[[Decision], Tracker],
        rank: Rank,
        sure_hit: SureHit,
        playout: Playout,
        batch_playout: BatchPlayout | None,
        worlds: int,
        playouts: int,
        width: int,
        prior: float,
        policy: str = "memory",
        estimate_deals: float | None = PRIOR_DEALS,
        confidence: float | None = CONFIDENCE,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(
            str(worlds),
            playout=playout,
            prior=prior,
            rng=rng,
            batch_playout=batch_playout,
            per_world=playouts,
        )
        self.tracker_of = tracker_of
        self.rank = rank
        self.sure_hit = sure_hit
        self.worlds = worlds
        self.width = width
        self.policy = policy
        self.estimate_deals = estimate_deals
        self.z = confidence

    def candidates_from(self, decision: Decision, worlds: Sequence[Any]) -> list[Any]:
        """The asks worth searching, ranked on the chances the drawn deals give (blended with
        the tracker's estimate), or on the estimate alone when `estimate_deals` is None."""
        legal = decision.legal_actions
        tracker = self.tracker_of(decision)
        view: Any = tracker
        if self.estimate_deals is not None:
            hands = [[sorted(h) for h in world.hands] for world in worlds]
            chances = sampled_probabilities(tracker, hands, self.estimate_deals)
            view = SampledTracker(tracker, chances)
        ranked = self.rank(view, decision, legal)
        if self.sure_hit(view, ranked[0]):
            return [ranked[0][1]]
        return [ask for _, ask in ranked[: self.width]]

    def _fast_playouts(
        self, world: Any, moves: Sequence[Any], seat: int
    ) -> tuple[list[float], int]:
        """The search's fast playouts of each move in one world (`policy` "fast"), summed, and
        how many a move."""
        seed = self.rng.getrandbits(63)
        trials = trials_of(world, moves)
        if self.batch_playout is not None:
            sums = self.batch_playout(trials, seat, seed, self.per_world)
            if sums is not None:
                return list(sums), self.per_world
        return [self.playout(t, seat, random.Random(seed)) for t in trials], 1

    def _search(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        tracker = self.tracker_of(decision)
        best = self.rank(tracker, decision, legal)[0]
        if self.sure_hit(tracker, best):  # sure on public facts alone: no deal to draw
            self.last_playouts = 0
            return best[1]
        worlds = [decision.determinize(self.rng) for _ in range(self.worlds)]
        moves = self.candidates_from(decision, worlds)
        if len(moves) == 1:
            self.last_playouts = 0
            return moves[0]
        table = None
        if self.policy == "memory":
            seed = self.rng.getrandbits(63)
            table = memory_playout_table(worlds, moves, decision.seat, seed, self.per_world)
        if table is not None and self.z is not None:
            self.last_playouts = len(worlds) * self.per_world * len(moves)
            means = table.sum(axis=0) / (len(worlds) * self.per_world)
            self.last_stats = [(moves[i], len(worlds), float(means[i])) for i in range(len(moves))]
            return moves[confident_choice(table / self.per_world, self.z)]
        if table is not None:
            totals = [float(v) for v in table.sum(axis=0)]
            samples = len(worlds) * self.per_world
        else:
            totals, samples = self._fast_sums(worlds, moves, decision.seat)
        self.last_playouts = samples * len(moves)
        scores = [
            totals[i] / samples + self.prior * (len(moves) - i) / len(moves)
            for i in range(len(moves))
        ]
        self.last_stats = [(moves[i], len(worlds), totals[i] / samples) for i in range(len(moves))]
        return moves[max(range(len(moves)), key=scores.__getitem__)]

    def _fast_sums(
        self, worlds: Sequence[Any], moves: Sequence[Any], seat: int
    ) -> tuple[list[float], int]:
        """The fast playouts' sums of each move over the worlds, and how many a move."""
        totals = [0.0] * len(moves)
        samples = 0
        for world in worlds:
            sums, count = self._fast_playouts(world, moves, seat)
            samples += count
            for index, value in enumerate(sums):
                totals[index] += value
        return totals, samples


def expert_bot(
    *,
    tracker_of: Callable[[], Callable[[Decision], Tracker]],
    rank: Rank,
    sure_hit: SureHit,
    playout: Playout,
    prior: str,
    worlds: str = "16",
    playouts: str = "2",
    width: str = "4",
    estimate_deals: float | None = PRIOR_DEALS,
    confidence: float | None = CONFIDENCE,
) -> Callable[..., ExpertBot]:
    """A game's `expert[:worlds[:playouts[:width[:prior[:policy]]]]]` factory: `worlds` deals
    drawn a move, `playouts` kernel playouts per deal and candidate, the best `width` asks
    searched, `prior` the bonus for the ranking's order, `policy` the playouts' players
    (`memory`: the kernel's memory bot at every seat; `fast`: the search's fast policy).
    With memory playouts and a `confidence`, the ranking's first ask is kept unless another
    beats it by that many standard errors (`confident_choice`); otherwise (fast playouts, or
    `confidence` None) the best mean plus `prior` for the ranking's order wins.
    `estimate_deals`: how many drawn deals the tracker's estimate is worth in the chances
    (None: the estimate alone, the deals serving the search only).
    `tracker_of()` makes a fresh tracker reader for each bot (a bot follows its own seat)."""
    defaults = (worlds, playouts, width, prior)

    def expert(
        worlds: str = defaults[0],
        playouts: str = defaults[1],
        width: str = defaults[2],
        prior: str = defaults[3],
        policy: str = "memory",
        *,
        rng: random.Random | None = None,
    ) -> ExpertBot:
        """`expert[:worlds[:playouts[:width[:prior[:policy]]]]]`: deals drawn a move (16),
        kernel playouts per deal and candidate (2), asks searched (4), the ranking's bonus,
        the playouts' players (`memory` or `fast`)."""
        if policy not in POLICIES:
            raise ParlourError(f"expert's playouts are {' or '.join(POLICIES)}, not {policy!r}")
        try:
            bonus = float(prior)
        except ValueError:
            raise ParlourError(f"expert's prior is a number, not {prior!r}") from None
        counts = {"worlds": worlds, "playouts": playouts, "width": width}
        parsed: dict[str, int] = {}
        for key, text in counts.items():
            try:
                parsed[key] = int(text)
            except ValueError:
                raise ParlourError(f"expert's {key} is a whole number, not {text!r}") from None
            if parsed[key] < 1:
                raise ParlourError(f"expert's {key} must be at least 1, not {text!r}")
        from parlour.games.askdraw import playouts as kernel_playouts

        return ExpertBot(
            tracker_of=tracker_of(),
            rank=rank,
            sure_hit=sure_hit,
            playout=playout,
            batch_playout=kernel_playouts.batch_playout if kernel_playouts.available() else None,
            worlds=parsed["worlds"],
            playouts=parsed["playouts"],
            width=parsed["width"],
            prior=bonus,
            policy=policy,
            estimate_deals=estimate_deals,
            confidence=confidence,
            rng=rng,
        )

    return expert
