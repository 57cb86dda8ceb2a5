"""Bots of the Jeu des 7 familles: reflexes, memory and search.

- `reflexes`: the three reflexes of the seed: remember the asks, ask the players holding many
  cards, concentrate on the one or two families nearest completion.
- `memory`: exact public inference (the tracker): ask for a card known to be in a hand first,
  never re-ask a sure miss, otherwise the best chance of a hit (or of a Bonne pioche).
- `search`: information-set Monte Carlo search (parlour.bots.search) over `determinize`,
  spending its budget on memory's best few asks, with fast playouts in which every player
  remembers the cards seen changing hands.

All of them read only their `Decision`: the view, their own events and `determinize`. What
Panoplies shares with them (the chances of a hit, `reflexes` and `first`, the playouts) is the
ask-and-draw package's (`askdraw/card_bots.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Bot, Decision, RandomBot
from parlour.games.askdraw.bots import TrackingBot, forgetful, laid_share, search_bot
from parlour.games.askdraw.card_bots import OpenFirstBot, ReflexesBot, hit_chances, make_playout
from parlour.games.askdraw.engine import Ask
from parlour.games.askdraw.expert import expert_bot
from parlour.games.askdraw.ranking import AskWeights, expected_cards, miss_cost
from parlour.games.askdraw.tracker import Tracker


def ranked_asks(
    tracker: Tracker, seat: int, asks: Sequence[Ask], focus: float = 0.01
) -> list[tuple[float, Ask]]:
    """Asks by chance of a hit, plus `focus` per card already held in the card's group (the
    seed's « ne pas éparpiller »), then the target with most cards. Memory uses a small
    `focus` (a tie-break); search's candidates trade some chance for concentration."""
    group_of = tracker.grouping.group_of
    held = [0] * tracker.grouping.num_groups
    for card in tracker.sure[seat]:
        held[group_of[card]] += 1
    chances = hit_chances(tracker, asks)
    scored = [
        (chance + focus * held[group_of[ask.card]] + 0.0001 * tracker.sizes[ask.target], ask)
        for chance, ask in zip(chances, asks, strict=True)
    ]
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    return scored


# The expert's weights (`expert_ranked_asks`), tuned heads-up against `memory` on 20,000 games
# of one seed and checked on 20,000 of another (docs/familles.md, "The expert's ranking";
# `benchmarks/askdraw_ranking.py`).
EXPERT_WEIGHTS = AskWeights(focus=0.1, complete=0.2, deny=0.05, leak=0.1, threat=0.5)


def expert_ranked_asks(
    tracker: Tracker, seat: int, asks: Sequence[Ask], weights: AskWeights = EXPERT_WEIGHTS
) -> list[tuple[float, Ask]]:
    """The expert's ranking: memory's chance of a hit plus `focus` per card held of the
    family, and what else an ask does beyond the card:

    - a hit that completes the family lays it for good (`complete`);
    - a hit in a family the player asked holds many cards of takes one from his collection
      (`deny` per card he is expected to hold there);
    - a miss in a family nobody knew the asker held tells everybody (`leak`), and worse when
      another player likely holds some of it: he may now ask for the asker's cards of it
      (`threat` times that chance).

    Each term was worth 0.3 to 1 point against `memory` alone, 2.4 points together (20,000
    games a variant, docs/familles.md)."""
    grouping = tracker.grouping
    group_of, members = grouping.group_of, grouping.members
    held = [0] * grouping.num_groups
    for card in tracker.sure[seat]:
        held[group_of[card]] += 1
    focus = 0.1 if weights.focus is None else weights.focus  # the focus that measured best
    probs = tracker.probabilities()
    chances = hit_chances(tracker, asks)
    scored = []
    for chance, ask in zip(chances, asks, strict=True):
        group, target = group_of[ask.card], ask.target
        score = chance + focus * held[group] + 0.0001 * tracker.sizes[target]
        if held[group] + 1 == len(members[group]):
            score += weights.complete * chance
        score += weights.deny * chance * expected_cards(tracker, probs, target, group)
        score -= miss_cost(tracker, probs, seat, group, chance, weights, besides=ask.card)
        scored.append((score, ask))
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    return scored


class MemoryBot(TrackingBot):
    """Exact public inference: sure hits first, never a sure miss, then the best chance."""

    name = "memory"

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        ranked = ranked_asks(self.tracker(decision), decision.seat, legal)
        best = ranked[0][0]
        top = [ask for score, ask in ranked if score >= best - 1e-9]
        return self.rng.choice(top)


# ----- search ---------------------------------------------------------------------------------
class MemoryCandidates:
    """The search's candidate moves: the best few asks by chance plus `focus` per card held in
    the family, best first; a single move when the best one scores `confident` or more."""

    def __init__(self, width: int = 4, focus: float = 0.1, confident: float = 1.0) -> None:
        self.width = width
        self.focus = focus
        self.confident = confident
        self.memory = MemoryBot()

    def __call__(self, decision: Decision) -> list[Ask]:
        legal = decision.legal_actions
        tracker = self.memory.tracker(decision)
        ranked = ranked_asks(tracker, decision.seat, legal, self.focus)
        if ranked[0][0] >= self.confident:
            # A sure hit, or a family nearly complete at good odds: the heuristic is trusted
            # (measured: searching these decisions too made the bot weaker, the playouts being
            # noisier than the heuristic is wrong).
            return [ranked[0][1]]
        return [ask for _, ask in ranked[: self.width]]


# A cut-off playout is scored by the families laid (the win share among the leaders).
familles_playout = make_playout(laid_share)
familles_search = search_bot(familles_playout, MemoryCandidates)


def _expert_rank(tracker: Any, decision: Decision, legal: Sequence[Ask]) -> list[tuple[float, Ask]]:
    return expert_ranked_asks(tracker, decision.seat, legal)


# As the search's candidates: a sure hit, or a family nearly complete at good odds (score 1 or
# more), is played without search.
familles_expert = expert_bot(
    tracker_of=lambda: MemoryBot().tracker,
    rank=_expert_rank,
    sure_hit=lambda tracker, best: best[0] >= 1.0,
    playout=familles_playout,
    prior="0.15",
    # The asks are ranked on the tracker's estimate, the drawn deals serve the search only: on
    # the same 500 deals against memory, chances from the 16 deals (blended with the estimate,
    # worth 16 deals) won 49.6%, the estimate alone 54.8% (their noise, about 0.12 on a chance
    # near 0.3, reorders asks the focus leaves close).
    estimate_deals=None,
)


BOTS: dict[str, Callable[..., Bot]] = {
    "first": OpenFirstBot,
    "reflexes": ReflexesBot,
    "memory": MemoryBot,
    "search": familles_search,
    "expert": familles_expert,
    # The difficulty ladder: each step wins at least 55% heads-up against the one below
    # (benchmarks/askdraw_ladder.py, docs/familles.md). The game is mostly luck (memory beats
    # random by 62-65%, the seed's reflexes by 54%, the expert memory by about 53%): the middle
    # steps are memory asking at random now and then, spaced evenly between random and expert.
    "easy": RandomBot,
    "medium": forgetful(
        MemoryBot, 0.55, "memory that asks at random a little over one move in two"
    ),
    "hard": forgetful(MemoryBot, 0.125, "memory that asks at random one move in eight"),
}
