"""Go Fish bots: memory, search and a first-legal baseline that cannot loop.

- `memory`: the ask-and-draw tracker (askdraw.tracker) keeps what every public ask and answer
  reveals: a player who asked for a rank holds it until he gives it up, a player who said
  « Go fish! » lacks it until he draws, cards handed over or fished are seen. The bot asks for
  a rank surely held first, never a sure miss while it has another ask, else the ask likeliest
  to hit (a gift, or the rank fished from the pool).
- `search`: the game-agnostic information-set search (parlour.bots.search) over `determinize`
  (hidden cards re-dealt from the seat's tracker only, askdraw.deals), on memory's best few
  asks, with fast playouts in which every player asks a holder everybody saw.
- `first`: the first legal ask that is not a sure miss (the plain first legal ask can repeat one
  failed question for ever once the pool is empty).

All of them read only their `Decision`: the view, their own events and `determinize`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Bot, Decision, RandomBot
from parlour.games.askdraw.bots import (
    TrackingBot,
    forgetful,
    laid_share,
    pick_target,
    search_bot,
)
from parlour.games.askdraw.engine import PILE
from parlour.games.askdraw.expert import expert_bot
from parlour.games.askdraw.groups import GroupAsk, GroupAskState
from parlour.games.askdraw.ranking import AskWeights, expected_cards, miss_cost
from parlour.games.askdraw.tracker import Tracker


def rank_chances(tracker: Tracker, asks: Sequence[GroupAsk]) -> list[float]:
    """For each ask, the chance it succeeds: the player asked gives, or else the rank is fished.

    Sure when a card of the rank was seen going into that hand or the player asked for the rank
    himself (and has not given it up since); nil when he surely lacks every card of it that
    could be anywhere; otherwise the tracker's estimate per unknown card, combined.
    """
    members = tracker.grouping.members
    probs = tracker.probabilities()
    pile = tracker.pile
    located = set().union(*tracker.sure)
    out = []
    for ask in asks:
        target, group = ask.target, ask.group
        sure = tracker.sure[target]
        if group in tracker.holds_group[target] or any(c in sure for c in members[group]):
            out.append(1.0)
            continue
        unknown = [c for c in members[group] if c not in located and c in probs]
        miss = 1.0
        fished = 0.0
        for card in unknown:
            spread = probs[card]
            miss *= 1.0 - spread[target]
            if pile:
                # Summed in seat order by hand: `sum` of floats rounds otherwise from Python
                # 3.12 on, and the compiled kernel must find the same chances to the last bit.
                anywhere = 0.0
                for chance in spread:
                    anywhere += chance
                fished += max(0.0, 1.0 - anywhere) / pile
        out.append((1.0 - miss) + miss * min(1.0, fished))
    return out


def ranked_asks(
    tracker: Tracker,
    seat: int,
    asks: Sequence[GroupAsk],
    focus: float = 0.01,
    chances: Sequence[float] | None = None,
) -> list[tuple[float, GroupAsk]]:
    """Asks by chance of a hit, plus `focus` per card already held of the rank (a book nearer),
    then the target with most cards. `chances`: the asks' `rank_chances`, if the caller has
    them."""
    group_of = tracker.grouping.group_of
    held = [0] * tracker.grouping.num_groups
    for card in tracker.sure[seat]:
        held[group_of[card]] += 1
    if chances is None:
        chances = rank_chances(tracker, asks)
    scored = [
        (chance + focus * held[ask.group] + 0.0001 * tracker.sizes[ask.target], ask)
        for chance, ask in zip(chances, asks, strict=True)
    ]
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    return scored


# The expert's weights (`expert_ranked_asks`), tuned against `memory` (docs/gofish.md, "The
# expert's ranking"; `benchmarks/askdraw_ranking.py --game gofish`): heads-up, and from three
# players, where the cards a hit takes weigh half as much (each asker's hit takes from one
# player among several). Unlike the 7 familles, a hit that completes a book is worth no more:
# weighing it lost 1.3 points heads-up.
EXPERT_WEIGHTS = AskWeights(deny=0.1, leak=0.1, threat=0.3)
EXPERT_WEIGHTS_MANY = AskWeights(deny=0.05, leak=0.1, threat=0.3)


def expert_weights(players: int) -> AskWeights:
    """The expert's weights at a table of `players`."""
    return EXPERT_WEIGHTS if players == 2 else EXPERT_WEIGHTS_MANY


def expert_ranked_asks(
    tracker: Tracker, seat: int, asks: Sequence[GroupAsk], weights: AskWeights | None = None
) -> list[tuple[float, GroupAsk]]:
    """The expert's ranking: memory's (chance of a hit or a catch, plus the focus per card
    held of the rank), plus `deny` per card of the rank the player asked is expected to hold
    (a hit takes them all), less what a miss would tell (`ranking.miss_cost`: the asker holds
    the rank, and another player who holds some may now ask for his). `complete` adds its
    weight times the chance when the asker holds all of the rank but one. `weights` None: the
    expert's at this table (`expert_weights`)."""
    if weights is None:
        weights = expert_weights(tracker.num_players)
    members = tracker.grouping.members
    focus = focus_for(tracker.num_players) if weights.focus is None else weights.focus
    probs = tracker.probabilities()
    held = [0] * tracker.grouping.num_groups
    for card in tracker.sure[seat]:
        held[tracker.grouping.group_of[card]] += 1
    chances = rank_chances(tracker, asks)  # once: memory's ranking and the miss cost share them
    chance_of = {ask.id: chance for ask, chance in zip(asks, chances, strict=True)}
    scored = []
    for score, ask in ranked_asks(tracker, seat, asks, focus, chances):
        chance = chance_of[ask.id]
        group, target = ask.group, ask.target
        if held[group] + 1 == len(members[group]):
            score += weights.complete * chance
        score += weights.deny * expected_cards(tracker, probs, target, group)
        score -= miss_cost(tracker, probs, seat, group, chance, weights)
        scored.append((score, ask))
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    return scored


def sure_miss(tracker: Tracker, ask: GroupAsk) -> bool:
    """Whether the player asked surely holds no card of the rank."""
    lacks = tracker.lacks[ask.target]
    return all(c in lacks for c in tracker.grouping.members[ask.group])


def focus_for(players: int) -> float:
    """How much a card already held of the rank weighs against the chance of a hit.

    Measured against random players (800 games at two players, 500 to 600 at three and four):
    at two players a rank nearer its book is worth asking for even at lower odds (0.3 won 67.5%
    of the games, 0.01 won 54%), from three players the odds matter more (0.1 won 85% at three,
    0.3 only 77%).
    """
    return 0.3 if players == 2 else 0.1


class MemoryBot(TrackingBot):
    """Public inference: sure hits first, never a sure miss, then the best chance."""

    name = "memory"

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        tracker = self.tracker(decision)
        # A sure miss can still fish the rank, and a rank near its book may outscore a likely
        # gift: it is ruled out first, not left to the scores.
        open_asks = [ask for ask in legal if not sure_miss(tracker, ask)] or legal
        ranked = ranked_asks(tracker, decision.seat, open_asks, focus_for(tracker.num_players))
        best = ranked[0][0]
        return self.rng.choice([ask for score, ask in ranked if score >= best - 1e-9])


class OpenFirstBot(TrackingBot):
    """The first legal ask whose answer is not already known to be « Go fish! »."""

    name = "first"

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        tracker = self.tracker(decision)
        return next((a for a in legal if not sure_miss(tracker, a)), legal[0])


# ----- search ---------------------------------------------------------------------------------
def playout_ask(
    state: GroupAskState, rng: random.Random, claims: Sequence[set[int]] = ()
) -> GroupAsk:
    """A fast playout move: a rank one holds that another player showed he holds (he asked for
    it, `claims`) or that everybody saw go into his hand, else one of one's biggest ranks from
    a player chosen by hand size."""
    p = state.turn
    members = state.grouping.members
    counts = state.counts[p]
    holder = state.public_holder
    hands = state.hands
    table = state.ask_class
    num_groups = state.grouping.num_groups
    top, top_groups = 0, []
    for group, k in enumerate(counts):
        if not k:
            continue
        for t, ranks in enumerate(claims):
            if t != p and group in ranks and state.counts[t][group]:
                return table(t, group, num_groups)
        for card in members[group]:
            h = holder[card]
            if h != PILE and h != p and card in hands[h]:
                return table(h, group, num_groups)
        if k > top:
            top, top_groups = k, [group]
        elif k == top:
            top_groups.append(group)
    group = top_groups[0] if len(top_groups) == 1 else rng.choice(top_groups)
    return table(pick_target(hands, p, rng), group, num_groups)


def playout(state: Any, seat: int, rng: random.Random, max_steps: int = 400) -> float:
    """Fast moves to the end (or `max_steps`), without events, then the seat's value. Each
    player remembers the ranks the others asked for during the playout (they hold them until
    they give them up), as the memory bot does."""
    state._quiet = True
    claims: list[set[int]] = [set() for _ in range(state.num_players)]
    steps = 0
    while not state.is_over and steps < max_steps:
        ask = playout_ask(state, rng, claims)
        claims[state.turn].add(ask.group)
        if state.counts[ask.target][ask.group]:
            claims[ask.target].discard(ask.group)  # he gives them all
        state._apply(ask)
        steps += 1
    return laid_share(state, seat)  # the win share, or among the leaders by books


class MemoryCandidates:
    """The search's candidates: memory's best few asks, a single one when it is a sure hit."""

    def __init__(self, width: int = 4) -> None:
        self.width = width
        self.memory = MemoryBot()

    def __call__(self, decision: Decision) -> list[GroupAsk]:
        legal = decision.legal_actions
        tracker = self.memory.tracker(decision)
        open_asks = [ask for ask in legal if not sure_miss(tracker, ask)] or legal
        ranked = ranked_asks(tracker, decision.seat, open_asks, focus_for(tracker.num_players))
        if rank_chances(tracker, [ranked[0][1]])[0] >= 1.0:
            return [ranked[0][1]]  # a sure hit keeps the turn: nothing to weigh
        return [ask for _, ask in ranked[: self.width]]


gofish_search = search_bot(playout, MemoryCandidates)


def book_first(
    tracker: Tracker, seat: int, ranked: Sequence[tuple[float, GroupAsk]]
) -> list[tuple[float, GroupAsk]]:
    """`ranked` reordered: a sure hit first, then the rank the asker holds most of (the book
    nearest), the score only between ranks held alike.

    A weight per card held (memory's focus) trades a card nearer a book against odds, and a
    large one ranked a held triple above a sure hit (docs/gofish.md); ordering by the cards
    held, sure hits apart, is what an outside card counter did, and it beat memory 57.9% of
    2,000 games heads-up where the weighted ranking won 52.8% of 20,000."""
    held = [0] * tracker.grouping.num_groups
    for card in tracker.sure[seat]:
        held[tracker.grouping.group_of[card]] += 1
    sure = rank_chances(tracker, [ask for _, ask in ranked])
    order = sorted(
        range(len(ranked)),
        key=lambda i: (sure[i] < 1.0, -held[ranked[i][1].group], -ranked[i][0], ranked[i][1].id),
    )
    return [ranked[i] for i in order]


def _expert_rank(
    tracker: Any, decision: Decision, legal: Sequence[GroupAsk]
) -> list[tuple[float, GroupAsk]]:
    open_asks = [ask for ask in legal if not sure_miss(tracker, ask)] or list(legal)
    ranked = expert_ranked_asks(tracker, decision.seat, open_asks)
    return book_first(tracker, decision.seat, ranked)


gofish_expert = expert_bot(
    tracker_of=lambda: MemoryBot().tracker,
    rank=_expert_rank,
    sure_hit=lambda tracker, best: rank_chances(tracker, [best[1]])[0] >= 1.0,
    playout=playout,
    prior="0.15",
    # The tracker's estimate weighs as much as the 16 drawn deals: their frequencies alone
    # moved the ranking by their noise (about 0.12 on a chance near 0.3), and lost to memory.
    estimate_deals=16.0,
)


BOTS: dict[str, Callable[..., Bot]] = {
    "first": OpenFirstBot,
    "memory": MemoryBot,
    "search": gofish_search,
    "expert": gofish_expert,
    # The difficulty ladder: each step wins at least 55% heads-up against the one below
    # (benchmarks/askdraw_ladder.py, docs/gofish.md). `first` asks the first rank it may, which
    # loses to asking at random.
    "easy": OpenFirstBot,
    "medium": RandomBot,
    # `hard` is memory asking at random three moves in five: the expert is only level with
    # memory (docs/gofish.md), so memory itself would not be a step below it, and lapses one
    # move in two left the expert at 54.4% against it.
    "hard": forgetful(MemoryBot, 0.6, "memory that asks at random three moves in five"),
}
