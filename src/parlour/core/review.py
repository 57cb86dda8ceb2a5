"""The review of one seat's decisions in a recorded game (the `review` capability).

A review is computed from what the seat could know when it decided, and nothing else: the
game's `review` hook never sees a state, only the seat's `Moment`s, made here by replaying the
record: at each decision of the seat, its own view, the events it had seen since its previous
decision, its legal moves, the move it made and the events of that move it saw. Hidden cards
of the other seats (and the order of the pile) never reach the hook, so a review cannot leak
them and is the same whatever those cards were.

The JSON shape (`Review.to_json`) is documented in `docs/web.md`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from parlour.core.errors import IllegalAction, RecordError
from parlour.core.events import Event, SeatFeed
from parlour.core.records import start_from_record
from parlour.core.registry import get_game


class Moment(NamedTuple):
    """One decision of the reviewed seat, as the seat saw it."""

    step: int  # the move's index in the record's actions (0 is the first move of the game)
    view: Mapping[str, Any]  # the seat's view just before it decided
    seen: Sequence[Event]  # the events the seat saw since its previous decision (or the start)
    legal: Sequence[Any]  # its legal moves
    action: Any  # the move it made
    after: Sequence[Event]  # the events of that move the seat saw


@dataclass(frozen=True)
class Graded:
    """One decision graded: the move made and the best one by the game's measure."""

    index: int
    move: Mapping[str, Any]  # the move's JSON form, as in the record
    best: Mapping[str, Any]
    value: float  # what the move made was worth (expected points, a chance of success)
    best_value: float
    mistake: bool  # whether the review counts it as a mistake (the game's own threshold)
    text: Mapping[str, str]  # one line per language ("en", "fr")
    part: int | None = None  # the part of the game it belongs to (Flip 7: the round)

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "move": dict(self.move),
            "best": dict(self.best),
            "value": round(self.value, 4),
            "best_value": round(self.best_value, 4),
            "loss": round(self.loss, 4),
            "mistake": self.mistake,
            "text": dict(self.text),
        }
        if self.part is not None:
            out["part"] = self.part
        return out


@dataclass(frozen=True)
class Review:
    """A seat's graded decisions, with the game's measure and a summary."""

    game: str
    seat: int
    measure: str  # "points" (expected points) or "chance" (chance of success)
    graded: tuple[Graded, ...]
    note: Mapping[str, str]  # what the measure is and what it leaves out, per language
    summary_text: Mapping[str, str] = field(default_factory=dict)

    @property
    def mistakes(self) -> list[Graded]:
        return [g for g in self.graded if g.mistake]

    def biggest(self, part: int | None = None) -> Graded | None:
        """The costliest mistake (of one part of the game when `part` is given)."""
        found = [g for g in self.mistakes if part is None or g.part == part]
        return max(found, key=lambda g: (g.loss, -g.index)) if found else None

    def to_json(self) -> dict[str, Any]:
        biggest = self.biggest()
        parts = sorted({g.part for g in self.graded if g.part is not None})
        summary: dict[str, Any] = {
            "decisions": len(self.graded),
            "mistakes": len(self.mistakes),
            "lost": round(sum(g.loss for g in self.mistakes), 4),
            "biggest": biggest.index if biggest is not None else None,
            "text": dict(self.summary_text),
        }
        if parts:
            summary["parts"] = [
                {"part": p, "biggest": b.index if (b := self.biggest(p)) else None} for p in parts
            ]
        return {
            "game": self.game,
            "seat": self.seat,
            "measure": self.measure,
            "note": dict(self.note),
            "decisions": [g.to_json() for g in self.graded],
            "summary": summary,
        }


def decimal(x: float, lang: str, digits: int = 1) -> str:
    """A number as a player of `lang` reads it (a decimal comma in French)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(x: float, lang: str) -> str:
    """A chance as a whole percentage (« 25 % » in French, "25%" in English)."""
    return f"{round(100 * x)}\u00a0%" if lang == "fr" else f"{round(100 * x)}%"


def seat_moments(record: Mapping[str, Any], seat: int) -> Iterator[Moment]:
    """Replay `record` and yield each decision of `seat` as that seat saw it."""
    state = start_from_record(record)
    if not 0 <= seat < state.num_players:
        raise RecordError(f"seat {seat} is not at this game (seats 0 to {state.num_players - 1})")
    feed = SeatFeed(seat)
    for index, obj in enumerate(record.get("actions") or []):
        try:
            action = state.action_from_json(obj)
            if state.to_move != seat:
                state.apply(action)
                continue
            seen = feed.update(state.log)
            view, legal = state.view(seat), state.legal_actions()
            state.apply(action)
        except IllegalAction as err:
            raise RecordError(f"action {index + 1} ({obj}) is illegal: {err.message}") from None
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"action {index + 1} ({obj}) is malformed: {err}") from None
        yield Moment(index, view, seen, legal, action, feed.update(state.log))


def review_record(record: Mapping[str, Any], seat: int) -> Review | None:
    """The review of `seat` in a recorded game, or None when the game offers none."""
    try:
        game = get_game(str(record["game"]))
    except KeyError:
        raise RecordError("the record has no 'game' field") from None
    from parlour.core.capabilities import offers

    if not offers(game, "review"):
        return None
    start = start_from_record(record)
    names = [s.name for s in start.seats]
    if not 0 <= seat < len(names):
        raise RecordError(f"seat {seat} is not at this game (seats 0 to {len(names) - 1})")
    result: Review | None = game.review(start.rules, seat_moments(record, seat), seat, names)
    return result


__all__ = ["Graded", "Moment", "Review", "decimal", "percent", "review_record", "seat_moments"]
