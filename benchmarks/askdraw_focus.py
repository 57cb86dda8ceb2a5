"""How much the ask-and-draw rankings should weigh the cards already held (measured here, never
asserted in tests).

The memory bots rank asks by the chance of a hit plus `focus` per card the asker already holds
of the family (or rank): the 7 familles' `memory` uses 0.01 (a tie-break), Go Fish's 0.3 at two
players and 0.1 from three. This plays a memory bot with another focus against memory bots,
seats rotated game by game (game g seats the variant at seat g % players, dealt from seed
`seed * 1_000_003 + g`), ties shared, Wilson 95% intervals. The 7 familles' expert ranks its
asks with the focus this found best (0.1).

    python benchmarks/askdraw_focus.py --game familles --focus 0.05,0.1,0.15,0.2 --games 4000
    python benchmarks/askdraw_focus.py --game gofish --players 4 --focus 0.1,0.3 --games 6000

With `--deals N`, the variant ranks on each card's frequency over N deals drawn by the deal
sampler (`Decision.determinize`, blended with the tracker's estimate worth 2 deals) instead of
the tracker's estimate (the 7 familles only):

    python benchmarks/askdraw_focus.py --game familles --focus 0.1 --deals 100 --games 1500 \
        --seed 41

With `--exact`, it ranks on the exact chances over every consistent deal
(`Tracker.exact_probabilities`, the limit of the sampler's frequencies), either game; in Go
Fish, the chance that the player asked holds one of the rank's cards is the exact one for the
rank's cards together (`exact.exact_holdings`):

    python benchmarks/askdraw_focus.py --game familles --focus 0.1,0.2 --exact --games 1500 \
        --seed 41
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from familles_tournament import wilson  # a sibling script

from parlour.bots.base import Bot, Decision
from parlour.core.registry import get_game
from parlour.games.askdraw.exact import exact_chances
from parlour.games.askdraw.expert import SampledTracker, sampled_probabilities
from parlour.games.familles import bots as familles_bots
from parlour.games.gofish import bots as gofish_bots
from parlour.play.runner import play_game


class Focus:
    """A memory bot with another focus: `ranked` is its game's ranking at that focus; the
    choice is memory's (one of the best, at random)."""

    focus: float
    rng: random.Random

    def ranked(self, tracker: Any, decision: Decision) -> list[tuple[float, Any]]:
        raise NotImplementedError

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        ranked = self.ranked(self.tracker(decision), decision)  # type: ignore[attr-defined]
        best = ranked[0][0]
        return self.rng.choice([ask for score, ask in ranked if score >= best - 1e-9])


class FamillesFocus(Focus, familles_bots.MemoryBot):
    """The 7 familles' memory bot with another focus, ranking on the chances of `deals` drawn
    deals when `deals` is set."""

    def __init__(self, focus: float, deals: int = 0, exact: bool = False) -> None:
        familles_bots.MemoryBot.__init__(self)
        self.focus = focus
        self.exact = exact
        self.deals = deals
        self.searches = deals > 0  # it draws deals
        self.deal_rng = random.Random(5)

    def ranked(self, tracker: Any, decision: Decision) -> list[tuple[float, Any]]:
        legal = decision.legal_actions
        if self.deals:
            worlds = [decision.determinize(self.deal_rng) for _ in range(self.deals)]
            hands = [[sorted(h) for h in world.hands] for world in worlds]
            tracker = SampledTracker(tracker, sampled_probabilities(tracker, hands))
        elif self.exact:
            tracker = SampledTracker(tracker, tracker.exact_probabilities())
        return familles_bots.ranked_asks(tracker, decision.seat, legal, self.focus)


class GoFishFocus(Focus, gofish_bots.MemoryBot):
    """Go Fish's memory bot with another focus (sure misses still ruled out first)."""

    def __init__(self, focus: float, deals: int = 0, exact: bool = False) -> None:
        if deals:
            raise SystemExit("--deals is for the 7 familles")
        gofish_bots.MemoryBot.__init__(self)
        self.focus = focus
        self.exact = exact

    def ranked(self, tracker: Any, decision: Decision) -> list[tuple[float, Any]]:
        legal = decision.legal_actions
        open_asks = [a for a in legal if not gofish_bots.sure_miss(tracker, a)] or legal
        chances = exact_rank_chances(tracker, open_asks) if self.exact else None
        return gofish_bots.ranked_asks(tracker, decision.seat, open_asks, self.focus, chances)


def exact_rank_chances(tracker: Any, asks: list[Any]) -> list[float]:
    """`gofish.bots.rank_chances` on the exact chances: the player asked holds one of the
    rank's unknown cards (`exact_holdings`, the rank's cards taken together, not as if
    independent), or else the rank is fished (`exact_marginals` of the pile)."""
    problem = tracker.deal_problem()
    marginals, holdings = exact_chances(problem)  # one count for both
    in_pile = dict(zip(problem.cards, (row[-1] for row in marginals), strict=True))
    members = tracker.grouping.members
    located = set().union(*tracker.sure)
    out = []
    for ask in asks:
        target, group = ask.target, ask.group
        if group in tracker.holds_group[target] or any(
            c in tracker.sure[target] for c in members[group]
        ):
            out.append(1.0)
            continue
        unknown = [c for c in members[group] if c not in located and c in in_pile]
        miss = 1.0 - holdings[group][target] if group in holdings else 1.0
        fished = sum(in_pile[c] for c in unknown) / tracker.pile if tracker.pile else 0.0
        out.append((1.0 - miss) + miss * min(1.0, fished))
    return out


VARIANTS = {"familles": FamillesFocus, "gofish": GoFishFocus}
MEMORY = {"familles": familles_bots.MemoryBot, "gofish": gofish_bots.MemoryBot}


def play_chunk(args: tuple[str, float, int, bool, int, int, int, int]) -> float:
    """The variant's wins (ties shared) over games `start` to `stop`."""
    name, focus, deals, exact, players, seed, start, stop = args
    game = get_game(name)
    wins = 0.0
    for g in range(start, stop):
        mine = g % players
        bots: list[Bot] = [MEMORY[name]() for _ in range(players)]
        bots[mine] = VARIANTS[name](focus, deals, exact)
        winners = play_game(game, bots, seed=seed * 1_000_003 + g).outcome.winners
        if mine in winners:
            wins += 1 / len(winners)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(VARIANTS), default="familles")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--focus", default="0.05,0.1,0.15,0.2", help="comma-separated")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deals", type=int, default=0, help="rank on N drawn deals' chances")
    parser.add_argument("--exact", action="store_true", help="rank on the exact chances")
    args = parser.parse_args()
    print(f"{args.game}, {args.players} players, a memory bot with focus f against memory")
    print("| focus | games | win share | 95% interval | fair share |")
    print("|---:|---:|---:|---|---:|")
    for text in args.focus.split(","):
        focus = float(text)
        started = time.perf_counter()
        chunks = [
            (
                args.game,
                focus,
                args.deals,
                args.exact,
                args.players,
                args.seed,
                start,
                min(args.games, start + 250),
            )
            for start in range(0, args.games, 250)
        ]
        with Pool(args.workers) as pool:
            wins = sum(pool.map(play_chunk, chunks))
        low, high = wilson(wins, args.games)
        print(
            f"| {focus:g} | {args.games} | {wins / args.games:.1%} | {low:.1%} - {high:.1%} "
            f"| {1 / args.players:.0%} |  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
