"""The moves a table makes by itself: its bots', a gone player's stand-in on the turn timer,
and a seated player's only move when the game plays such moves (Beggar's flips).

A mixin of `Table`, kept apart so the table authority stays readable: everything here runs
on the event loop and changes the game only through the table's own `_transact` and `_play`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from parlour.bots.base import Bot, make_bot, needs_copies
from parlour.core.events import SeatFeed
from parlour.core.game import Game, State
from parlour.web.botpool import cap_bot
from parlour.web.changes import Change
from parlour.web.seats import SeatSlot, TableError

if TYPE_CHECKING:
    from parlour.web.hall import Hall

log = logging.getLogger("parlour.web")
T = TypeVar("T")

FORCED_DELAY = 0.45  # seconds: a bot's pace when it has a single legal move
TAKEOVER = 3.0  # seconds another process waits before playing an automatic move itself
MIN_BACKOFF, MAX_BACKOFF = 0.5, 30.0  # seconds between tries while the database is down


class AutomaticMoves:
    """Bots, stand-ins and moves that play themselves: the part of `Table` that moves alone."""

    # What the table provides (see `Table`).
    hall: Hall
    id: str
    game: Game
    rules: Any
    seats: list[SeatSlot]
    state: State | None
    status: str
    turn_timer: int
    version: int
    lead: bool
    _task: asyncio.Task[None] | None
    _bots: dict[int, Bot]
    number: int
    _gone_since: dict[int, float]
    _backoff: float
    remote: dict[str, tuple[float, set[int]]]  # seats present on other processes, and when
    # The turn timer runs per turn: when the current turn (this game, this step) began.
    _turn_key: tuple[int, int] | None = None
    _turn_since: float = 0.0
    # Gone players for whom a stand-in has played since they left (their badge says so).
    stood_in: frozenset[int] = frozenset()
    # Each seat's bot feed of the game in play, read on from where it stopped at each move: a
    # fresh feed copied the whole log at every move (O(n) a move: 21 ms at 4,000 moves, 276 ms
    # at 32,000, which a long all-bot match reaches).
    _bot_feeds: dict[int, tuple[State, SeatFeed]] | None = None

    def connected(self, seat: int) -> bool:
        raise NotImplementedError

    def _play(self, tx: Change, state: State, action: Any, seat: int) -> None:
        raise NotImplementedError

    def _transact(self, body: Callable[[Change], T], closing: bool = False) -> T:
        raise NotImplementedError

    def _after_move(self) -> None:
        raise NotImplementedError

    def _announce(self) -> None:
        raise NotImplementedError

    def forget_stale_presence(self, horizon: float) -> None:
        """Drop what other processes said of their seats before `horizon` (the monotonic clock)
        and never said again: such a process died (`kill -9`, a lost machine) without a word.
        Its seats are gone from now on: the pages are told, and a turn timer's stand-in is
        planned. `connected` alone lets the word lapse without anybody noticing, so the turn of
        a player whose process died waited for some other event of the table, for ever in a
        game of two."""
        stale = [origin for origin, (stamp, _seats) in self.remote.items() if stamp <= horizon]
        if not stale:
            return
        now = time.monotonic()
        for origin in stale:
            for seat in self.remote.pop(origin)[1]:
                if not self.connected(seat):
                    self._gone_since.setdefault(seat, now)  # his timer runs from now
        self._announce()
        if self.turn_timer:
            self.schedule()

    def came_back(self, seat: int) -> None:
        """A gone player's page or socket is open again: he plays his own turns at once."""
        self._gone_since.pop(seat, None)
        self.stood_in = self.stood_in - {seat}

    def _bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            # Seeded by the game's seed: a replayed deal meets the same bots' choices.
            assert self.state is not None
            rng = random.Random(f"{self.state.seed}:{seat}")
            self._bots[seat] = cap_bot(make_bot(self.game, self.seats[seat].bot, rng))
        return self._bots[seat]

    def _bot_delay(self) -> float:
        pace = self.game.autoplay_delay(self.rules)  # a game played at a fixed pace
        return self.hall.bot_delay if pace is None else pace

    def _autoplay(self, state: State) -> float | None:
        """The delay before the table plays a seated player's move for him, when he has
        nothing to decide and the game plays such moves by itself; else None."""
        pace = self.game.autoplay_delay(self.rules)
        if pace is None or len(state.legal_actions()) != 1:
            return None
        return pace

    def schedule(self) -> None:
        """Arrange the next automatic move: a bot's, or a stand-in's for a gone player."""
        current = asyncio.current_task() if _loop_running() else None
        if self._task is not None and not self._task.done() and self._task is not current:
            self._task.cancel()
        self._task = None
        state = self.state
        if state is None or state.is_over or self.status == "closed" or not _loop_running():
            return
        seat = state.to_move
        if seat is None:
            return
        now = time.monotonic()
        key = (self.number, len(state.actions))
        if key != self._turn_key:  # a move was made: a new turn, and its timer, begin
            self._turn_key, self._turn_since = key, now
        delay = self.automatic_delay(state, seat, now)
        if delay is None:
            return
        if not self.lead and self.hall.storage.shared:
            # Another process made the last move and plays the next automatic one; this one
            # steps in only if that process is gone.
            delay += TAKEOVER
        delay = max(delay, self._backoff)
        self._task = asyncio.get_running_loop().create_task(self._move_later(delay))
        self._task.add_done_callback(log_failure)

    def moves_by_itself(self) -> bool:
        """Whether a move is on its way here without anybody: a bot's, a stand-in's once a
        turn timer runs out, or a move that plays itself. A game waiting for a human who has
        no timer has none."""
        return self._task is not None and not self._task.done()

    def automatic_delay(self, state: State, seat: int, now: float) -> float | None:
        """Seconds before the table plays `seat`'s move in `state` (`now`: the monotonic
        clock): a bot's, a move that plays itself, or a gone player's stand-in's; None when
        the move waits for its player."""
        autoplay = self._autoplay(state)
        if self.seats[seat].kind == "bot":
            delay = self._bot_delay()
            if self.game.moves_are_public() and len(state.legal_actions()) == 1:
                # No choice to watch (a Beggar flip): quicker. Only where the table can tell:
                # a quicker single ask would tell a hand of one family.
                delay = min(delay, FORCED_DELAY)
            return delay
        if autoplay is not None:
            # Played here, not by the page: a hidden or throttled tab never stalls the game.
            return autoplay
        if self.turn_timer and not self.connected(seat):
            # The timer is per turn: it starts with the turn (or when he left, if later), the
            # stand-in plays that one move, and his next turn waits a whole timer again, so
            # one dropout does not hand a bot the rest of his game.
            gone = self._gone_since.setdefault(seat, now)
            delay = max(0.0, max(gone, self._turn_since) + self.turn_timer - now)
            return max(delay, self._bot_delay())
        return None

    async def _move_later(self, delay: float) -> None:
        version = self.version
        await asyncio.sleep(delay)
        state = self.state
        if state is None or self.version != version or state.is_over:
            return
        seat = state.to_move
        if seat is None:
            return
        human = self.seats[seat].kind == "human"
        stand_in = human and self._autoplay(state) is None
        if human and not stand_in:
            action = state.legal_actions()[0]  # his only move, which he need not click
        else:
            if human and self.connected(seat):
                return  # the player came back in time
            action = await self._bot_move(state, seat)
            if self.state is not state or self.version != version:
                return  # somebody moved or restarted the game while the bot was thinking
            if human and self.connected(seat):
                return  # he came back while his stand-in was thinking: his move, not its

        def play(tx: Change) -> bool:
            if self.state is not state or self.version != version:
                return False  # another process moved first: its move stands, ours is moot
            self._play(tx, state, action, seat)
            return True

        try:
            if not self._transact(play):
                return
        except TableError as err:
            if err.code == "unavailable":
                self._retry_later(f"{err.message}", seat)
            elif err.code != "closed":  # closed by another process: no more moves
                self.schedule()
            return
        except Exception as err:  # a fault of ours: logged, and the table keeps trying
            log.exception("table %s: the automatic move of seat %d failed", self.id, seat)
            self._retry_later(f"{type(err).__name__}: {err}", seat)
            return
        if self._backoff:
            log.warning("table %s: the database is back; the game goes on", self.id)
            self._backoff = 0.0
        if stand_in and not self.connected(seat):
            self.stood_in = self.stood_in | {seat}  # told with the move, on his badge
        self._after_move()

    async def _bot_move(self, state: State, seat: int) -> Any:
        """The move the seat's bot (or a gone player's stand-in) chooses."""
        from parlour.play.runner import decision_for  # the play layer, loaded when needed

        bot = self._bot_for(seat)
        feed = self._bot_feed(state, seat, needs_copies(bot))
        # The bot thinks in a thread on a copy: the table's game may take in another
        # process's move meanwhile.
        decision = decision_for(state.clone(), seat, feed, worlds=getattr(bot, "searches", False))
        # Its events as they stand now: the feed's list grows at the seat's next move, which a
        # bot still thinking about a move made moot meanwhile must not see.
        decision = decision._replace(events=tuple(decision.events))
        thinks = bool(getattr(bot, "searches", False))  # spends its whole time budget
        return await self.hall.bots.run(self.id, lambda: bot.act(decision), slow=thinks)

    def _bot_feed(self, state: State, seat: int, copies: bool) -> SeatFeed:
        """The seat's bot feed of `state` (a new game, a game read again, or a bot that needs
        copies where the last did not, starts a new one)."""
        if self._bot_feeds is None:
            self._bot_feeds = {}
        held = self._bot_feeds.get(seat)
        if held is None or held[0] is not state or held[1].copies != copies:
            held = self._bot_feeds[seat] = (state, SeatFeed(seat, copies=copies))
        return held[1]

    def _retry_later(self, why: str, seat: int) -> None:
        """Back off (1, 2, 4 ... 30 s) and try again: the table resumes once storage is back."""
        self._backoff = min(MAX_BACKOFF, max(MIN_BACKOFF, 2 * self._backoff))
        log.warning(
            "table %s: %s; the automatic move of seat %d is tried again in %.1f s",
            self.id, why, seat, self._backoff,
        )  # fmt: skip
        self.schedule()


def log_failure(task: asyncio.Task[Any]) -> None:
    """A background task's fault is logged where it happens, never 'never retrieved'."""
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
