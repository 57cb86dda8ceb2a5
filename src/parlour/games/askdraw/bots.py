"""What the ask-and-draw bots share: a tracker of the seat's knowledge, fed from its events, and
the pieces of their searches.

The 7 familles, Panoplies and Go Fish bots read the table through it (`TrackingBot.tracker`),
and the game tells them how its cards group (`Game.grouping`). Their `search` bots are the
game-agnostic information-set search (`parlour.bots.search`) made by `search_bot`, with
playouts that pick a target by `pick_target` and score a cut-off game by `laid_share`.
The bots of the games that ask for one card are in `card_bots.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from parlour.bots.base import Bot, Decision
from parlour.bots.search import Candidates, Playout, SearchBot
from parlour.core.errors import ParlourError
from parlour.core.events import Event
from parlour.games.askdraw.engine import Grouping
from parlour.games.askdraw.tracker import Tracker


def grouping_of(decision: Decision) -> Grouping:
    grouping = decision.game.grouping(decision.rules)
    if not isinstance(grouping, Grouping):
        raise TypeError(f"{decision.game.name} is not an ask-and-draw game: it has no grouping")
    return grouping


class TrackingBot(Bot):
    """A bot that keeps a tracker of its seat's knowledge, fed from its own events only."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._tracker: Tracker | None = None
        self._cursor = 0
        self._first: Event | None = None

    def tracker(self, decision: Decision) -> Tracker:
        events = decision.events
        new_game = (
            self._tracker is None
            or not events
            or events[0] is not self._first
            or len(events) < self._cursor
            or self._tracker.observer != decision.seat
        )
        if new_game:
            n = len(decision.view["players"])
            self._tracker = Tracker(grouping_of(decision), n, decision.seat)
            self._cursor = 0
            self._first = events[0] if events else None
        assert self._tracker is not None
        for event in events[self._cursor :]:
            self._tracker.observe(event)
        self._cursor = len(events)
        return self._tracker


class ForgetfulBot(TrackingBot):
    """A ladder step below `memory`: the game's memory bot (`inner`) that forgets a share of
    its moves (`forget`), asking at random then; it follows every event all the same."""

    def __init__(self, inner: TrackingBot, forget: float, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.inner = inner
        self.forget = forget

    def act(self, decision: Decision) -> Any:
        self.inner.rng = self.rng
        if self.rng.random() < self.forget:
            self.inner.tracker(decision)  # keep up with the events
            return self.rng.choice(decision.legal_actions)
        return self.inner.act(decision)


def forgetful(memory: Callable[..., TrackingBot], forget: float, doc: str) -> Callable[..., Bot]:
    """A factory of `ForgetfulBot`s over the game's memory bot."""

    def factory(rng: random.Random | None = None) -> Bot:
        return ForgetfulBot(memory(), forget, rng)

    factory.__doc__ = doc
    return factory


def pick_target(hands: Sequence[Collection[int]], seat: int, rng: random.Random) -> int:
    """A playout's target: another player, with a chance in proportion to his cards (the seat
    itself when nobody else holds any). One draw of `rng`, so that a playout is replayable."""
    total = 0
    for other in range(len(hands)):
        if other != seat:
            total += len(hands[other])
    pick = rng.random() * total
    target = seat
    for other in range(len(hands)):
        if other != seat and hands[other]:
            target = other
            pick -= len(hands[other])
            if pick < 0:
                break
    return target


def laid_share(state: Any, seat: int) -> float:
    """The seat's win share (ties shared) at the end; on a cut-off, its share among the leaders
    by groups laid (families, books)."""
    outcome = state.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    counts = [sum(1 for owner in state.laid if owner == s) for s in range(state.num_players)]
    best = max(counts)
    leaders = [s for s, count in enumerate(counts) if count == best]
    return 1.0 / len(leaders) if seat in leaders else 0.0


PLAYOUTS = ("kernel", "engine")


def search_bot(
    playout: Playout,
    candidates: Callable[[int], Candidates],
    prior: str = "0.15",
) -> Callable[..., SearchBot]:
    """An ask-and-draw game's `search` bot: the information-set search over `determinize`,
    spending its budget on `candidates(width)` (memory's best few asks) and valuing the
    positions it reaches by `playout`; `prior` is the game's default weight of that ranking.
    Its playouts run in the compiled kernel (`playouts.batch_playout`, the same policy and
    values), or on the reference engine when asked (`engine`) or when the kernel is not
    compiled here."""
    default_prior = prior

    def search(
        budget: str = "0.2",
        width: str = "4",
        prior: str = default_prior,
        playouts: str = "kernel",
        *,
        rng: random.Random | None = None,
    ) -> SearchBot:
        """`search[:budget[:width[:prior[:playouts]]]]`: budget in seconds ("0.2") or rounds
        ("16"); playouts in the compiled kernel ("kernel") or on the reference engine
        ("engine")."""
        if playouts not in PLAYOUTS:
            raise ParlourError(f"playouts run in the {' or the '.join(PLAYOUTS)}, not {playouts!r}")
        from parlour.games.askdraw import playouts as kernel_playouts

        batch = None
        if playouts == "kernel" and kernel_playouts.available():
            batch = kernel_playouts.batch_playout
        return SearchBot(
            budget,
            playout=playout,
            candidates=candidates(int(width)),
            prior=float(prior),
            rng=rng,
            batch_playout=batch,
        )

    return search
