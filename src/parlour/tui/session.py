"""A game being played at the terminal, without any screen: the part the screens only show.

The session talks to the game through the contract alone: the state's `view(seat)`,
`legal_actions()`, `apply(action, seat)`, the event log filtered with `Event.visible_to`, the
game's `narrate`, and bots fed with `decision_for`. It also owns the hot-seat rule: what is shown
is always `view(viewer)`, and the viewer only becomes another person through the hand-off.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.bots.base import Bot, make_bot, needs_copies
from parlour.core.errors import FileProblem, IllegalAction, ParlourError
from parlour.core.events import Event, SeatFeed
from parlour.core.game import Game, Seat, State
from parlour.core.options import make_rules
from parlour.core.records import MalformedRecord, record_of, replay, save_record
from parlour.core.registry import get_game
from parlour.i18n import LANGS
from parlour.i18n.errors import localise_error, os_reason, rule_reason
from parlour.play.runner import decision_for
from parlour.tui import tables
from parlour.tui.config import PlayConfig, SeatPlan, localised_name

# The keys of a view that only say whom the view is for; they do not reveal anything.
_ADDRESS_KEYS = frozenset({"seat", "viewer", "me", "you", "my_seat"})


@dataclass(frozen=True)
class Choice:
    """A move offered to the person: its label, and why not when the rules forbid it now."""

    action: Any
    label: str
    reason: str | None = None

    @property
    def legal(self) -> bool:
        return self.reason is None


def _public_part(view: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in _ADDRESS_KEYS}


class PlaySession:
    """One game: the state, the bots, who is looking at the screen, and the narration."""

    def __init__(self, config: PlayConfig, state: State | None = None) -> None:
        self.config = config
        self.game: Game = get_game(config.game)
        if state is None:
            rules = make_rules(self.game.rules_class, self._table_rules(config))
            seats = [Seat(plan.name, plan.age, data=plan.seat_data()) for plan in config.seats]
            state = self.game.new_state(seats, seed=config.seed, deal=config.deal, rules=rules)
        self.state = state
        self.saved_at: int | None = None  # how many moves the last save held
        self.names = [seat.name for seat in state.seats]
        self.humans = [i for i, plan in enumerate(config.seats) if plan.human]
        master = random.Random((state.seed or 0) ^ 0x5EED)
        self.bots: dict[int, Bot] = {}
        self.feeds: dict[int, SeatFeed] = {}
        for index, plan in enumerate(config.seats):
            if plan.bot is not None:
                self.bots[index] = make_bot(
                    self.game,
                    plan.bot,
                    rng=random.Random(master.getrandbits(63)),
                    import_paths=config.import_paths,
                )
                self.feeds[index] = SeatFeed(index, copies=needs_copies(self.bots[index]))
        # Who is looking: the only person, the first person of a hot-seat table, or nobody.
        self.viewer: int | None = self.humans[0] if self.humans else None
        self._hides = False
        self._feeds_by_viewer: dict[int | None, SeatFeed] = {}
        if self.hot_seat and self.hides_hands():
            self.viewer = None  # the first person must be handed the device too

    def _table_rules(self, config: PlayConfig) -> dict[str, Any]:
        """The rules asked for; a game with a deck per language gets the table's language
        unless a deck was chosen (an English table plays the English deck that ships)."""
        rules = dict(config.rules)
        fields = {f.name: f for f in dataclasses.fields(self.game.rules_class)}
        deck = fields.get("deck")
        if deck is not None and "deck" not in rules and deck.default in LANGS:
            rules["deck"] = config.lang
        return rules

    # ----- who plays, who looks ----------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.config.lang

    @property
    def mover(self) -> int | None:
        return self.state.to_move

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    def human_to_move(self) -> bool:
        return self.mover is not None and self.mover not in self.bots

    def hides_hands(self) -> bool:
        """Whether this game shows a person something the others may not see.

        Checked from the contract: a private event so far, or a view of a human seat that
        differs from a spectator's. Once true it stays true for the game.
        """
        if self._hides:
            return True
        state = self.state
        if any(not event.public for event in state.log):
            self._hides = True
        else:
            spectator = _public_part(state.view(None))
            self._hides = any(_public_part(state.view(h)) != spectator for h in self.humans)
        return self._hides

    def needs_handoff(self) -> bool:
        """A person must take the device before the screen may show his hand."""
        mover = self.mover
        if mover is None or mover in self.bots or mover == self.viewer:
            return False
        if not self.hot_seat or not self.hides_hands():
            self.viewer = mover  # nothing secret: the screen simply follows the player
            return False
        return True

    def take_device(self, seat: int) -> list[str]:
        """`seat` holds the device now; returns the narration as he may read it."""
        if seat not in self.humans:
            raise ParlourError(f"seat {seat} is not a person")
        self.viewer = seat
        return self.history()

    def hide(self) -> None:
        """The person who played hides his hand: the screen shows only the public table."""
        self.viewer = None

    # ----- what the screen shows ---------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return self.state.view(self.viewer)

    def context(self, compact: int = 0) -> tables.TableContext:
        return tables.TableContext(
            game=self.game.name,
            view=self.view(),
            lang=self.lang,
            names=self.names,
            viewer=self.viewer,
            bots={seat: bot.name for seat, bot in self.bots.items()},
            events=self._visible_events(),
            rules=self.state.rules,
            compact=compact,
        )

    def _visible_events(self) -> list[Event]:
        """The log as the viewer may read it, filtered incrementally (games run long)."""
        feed = self._feeds_by_viewer.get(self.viewer)
        if feed is None:
            feed = self._feeds_by_viewer[self.viewer] = SeatFeed(self.viewer)
        feed.update(self.state.log)
        return feed.events

    def narrate(self, events: Sequence[Event]) -> list[str]:
        """The sentences of `events` that the viewer may read, in the chosen language."""
        lines = []
        for event in events:
            if not event.visible_to(self.viewer):
                continue
            line = self.game.narrate(event, self.lang, self.names)
            if line:
                lines.append(line)
        return lines

    def history(self) -> list[str]:
        return self.narrate(self.state.log)

    def choices(self, every: bool = False) -> list[Choice]:
        """The moves of the viewer: the legal ones, or every move of the game with a reason."""
        if self.mover is None or self.mover != self.viewer:
            return []
        context = self.context()
        module = tables.module_for(self.game.name)
        legal = self.state.legal_actions()
        if not every:
            out = [Choice(a, module.describe(a.to_json(), context)) for a in legal]
            return sorted(out, key=lambda c: module.sort_key(c.action.to_json(), context))
        legal_ids = {a.id for a in legal}
        out = []
        rules, n = self.state.rules, self.state.num_players
        for action_id in range(self.game.num_actions(rules, n)):
            try:
                action = self.game.action_from_id(action_id, rules, n)
            except (ValueError, KeyError, IndexError):
                continue
            label = module.describe(action.to_json(), context)
            reason = None if action_id in legal_ids else self.explain(action)
            out.append(Choice(action, label, reason))
        return sorted(out, key=lambda c: module.sort_key(c.action.to_json(), context))

    def explain(self, action: Any) -> str | None:
        """Why `action` is not allowed now (the rule's own message), or None if it is."""
        trial = self.state.clone()
        try:
            trial.apply(action, self.viewer)
        except IllegalAction as err:
            return self.reason(err)
        except ParlourError as err:
            return localise_error(err, self.lang)
        return None

    def reason(self, err: IllegalAction) -> str:
        """A refused move's reason in the table's language."""
        return rule_reason(err, self.game.name, self.lang)

    def hints(self) -> list[str]:
        return tables.module_for(self.game.name).hints(self.context())

    def render(self, compact: int = 0) -> Any:
        """The table as the viewer sees it; `compact` (0: as designed) for a short pane."""
        context = self.context(compact)
        try:
            return tables.module_for(self.game.name).render(context)
        except (KeyError, TypeError, ValueError, IndexError):
            # A view whose shape the dedicated table does not know yet (a game changed under
            # it): show it as it is rather than stop the game.
            return tables.generic_table().render(context)

    # ----- moves -------------------------------------------------------------------------
    def play(self, action: Any) -> list[Event]:
        """The viewer's move; IllegalAction (nothing changed) when the rules forbid it."""
        if self.mover is None:
            raise IllegalAction("game_over", "the game is over")
        if self.mover != self.viewer or self.mover in self.bots:
            raise IllegalAction("out_of_turn", "it is not your turn")
        return self.state.apply(action, self.mover)

    def bot_move(self) -> list[Event]:
        seat = self.mover
        if seat is None or seat not in self.bots:
            raise ParlourError("no bot is to move")
        bot = self.bots[seat]
        # Only a searching bot is handed a world to re-deal: building one costs a deal.
        decision = decision_for(
            self.state, seat, self.feeds[seat], worlds=getattr(bot, "searches", False)
        )
        action = bot.act(decision)
        return self.state.apply(action, seat)

    # ----- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return record_of(self.state)

    def save(self, path: str | Path) -> Path:
        target = Path(path).expanduser()
        try:
            save_record(self.state, target)
        except OSError as err:
            why = os_reason(err, self.lang)
            raise FileProblem(f"cannot write {target}: {why}") from None
        self.saved_at = len(self.state.actions)
        return target

    @property
    def unsaved(self) -> bool:
        """Moves were played since the game started or was last saved (quitting loses them)."""
        moves = len(self.state.actions)
        return not self.over and moves > 0 and self.saved_at != moves

    def again(self) -> PlaySession:
        return PlaySession(self.config.again())

    @classmethod
    def resume(cls, record: Mapping[str, Any], base: PlayConfig | None = None) -> PlaySession:
        """The saved game, replayed to where it stopped; bots come back from the seat data."""
        state, _ = replay(record)
        lang = base.lang if base else "en"
        seats = []
        for index, seat in enumerate(state.seats):
            data = dict(seat.data or {})
            bot = data.pop("bot", None)
            if bot is not None and not isinstance(bot, str):
                raise MalformedRecord(
                    f"the record's seat {index + 1}'s bot must be a bot's name, not {bot!r}"
                )
            # A default name follows the language of this sitting, not the record's.
            seats.append(SeatPlan(localised_name(seat.name, lang), bot, seat.age, data))
        config = PlayConfig(
            game=state.game.name,
            seats=seats,
            rules=dict(record.get("rules") or {}),
            lang=lang,
            # Not the record's seed: whoever holds the record knows it, and Play again deals
            # from the seed after the config's (`PlayConfig.again`): a fresh one instead.
            seed=None,
            pace_ms=base.pace_ms if base else PlayConfig.pace_ms,
            instant=base.instant if base else False,
            hints=base.hints if base else False,
        )
        state.seats = [
            dataclasses.replace(seat, name=plan.name)
            for seat, plan in zip(state.seats, seats, strict=True)
        ]
        session = cls(config, state)
        session.saved_at = len(state.actions)  # it is on disk already
        return session

    # ----- the end -----------------------------------------------------------------------
    def summary(self) -> list[tuple[int, str, float]]:
        """(rank, name, score) by rank."""
        outcome = self.state.outcome
        if outcome is None:
            return []
        rows = [
            (outcome.ranks[i], self.names[i], outcome.scores[i]) for i in range(len(self.names))
        ]
        return sorted(rows)
