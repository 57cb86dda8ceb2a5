"""What a game of `parlour play` is made of, before any screen exists.

A `PlayConfig` is built either by the setup screen or from the command-line flags; the session
turns it into a state and bots. Nothing here imports Textual, so `parlour --help` stays quick.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.tui import DEFAULT_PACE_MS

# Bots get first names so that narration reads like a table ("Bruno busts"), not "Seat 3".
BOT_NAMES = (
    "Alice",
    "Bruno",
    "Chloé",
    "David",
    "Emma",
    "Félix",
    "Gabrielle",
    "Hugo",
    "Inès",
    "Jules",
    "Katia",
    "Léon",
    "Manon",
    "Noé",
    "Olga",
    "Paul",
    "Rose",
    "Simon",
)


@dataclass
class SeatPlan:
    """One seat: a person at the keyboard (`bot` None) or a bot by its spec string."""

    name: str
    bot: str | None = None
    age: int | None = None  # the youngest starts in 7 familles and Panoplies
    data: dict[str, Any] = field(default_factory=dict)  # game seat data, e.g. a character

    def seat_data(self) -> dict[str, Any]:
        """What the game's Seat carries: the game's own fields, and the bot for a resume."""
        return {**self.data, **({"bot": self.bot} if self.bot else {})}

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass
class PlayConfig:
    game: str
    seats: list[SeatPlan]
    rules: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"
    seed: int | None = None
    deal: Any = None
    pace_ms: int = DEFAULT_PACE_MS
    instant: bool = False
    hints: bool = False
    # Whether a seat's bot may be an import path (`pkg.module:Class`): only for bots typed on
    # the command line, never for those read back from a saved game someone else may have made.
    import_paths: bool = False

    def again(self) -> PlayConfig:
        """The same table for another game: a fresh seed (a fixed deal would repeat itself), or
        the next one after a seed the player chose (`--seed`: a reproducible series)."""
        seed = None if self.seed is None else self.seed + 1
        return dataclasses.replace(self, seed=seed, deal=None, seats=list(self.seats))


def human_name(index: int, lang: str) -> str:
    from parlour.i18n import t

    return t("player", lang, n=index + 1)


def localised_name(name: str, lang: str) -> str:
    """A default seat name ("Player 2", « Joueur 2 ») in `lang`; any other name as it is."""
    from parlour.i18n import LANGS

    for other in LANGS:
        for index in range(64):
            if name == human_name(index, other):
                return human_name(index, lang)
    return name


def plan_seats(
    game: Game,
    lang: str,
    players: int | None = None,
    humans: str | None = None,
    bots: str | None = None,
    import_paths: bool = False,
) -> list[SeatPlan]:
    """Seats from the flags: humans first, then the bots.

    `humans` is a count ("2") or names ("Léa,Tom"); `bots` is a list of bot specs. Without
    `bots`, the seats that are not human get the game's default bot.
    """
    from parlour.bots.base import default_bot, make_bot

    human_names: list[str]
    if humans is None or humans.strip() == "":
        human_names = []
        count = None
    elif humans.strip().isdigit():
        count = int(humans)
        human_names = [human_name(i, lang) for i in range(count)]
    else:
        human_names = [part.strip() for part in humans.split(",") if part.strip()]
        count = len(human_names)
        _refuse_dashes(humans.strip(), human_names, lang)
        check_names([SeatPlan(name) for name in human_names])  # as the setup screen does
    if players is not None:
        game.check_players(players, game.default_rules())  # --players -3: the game's own range
    bot_specs = [part.strip() for part in (bots or "").split(",") if part.strip()]
    if count is None:
        # One person by default; with only --players and no bots, everybody else is a bot.
        count = 1 if players is None or players > len(bot_specs) else 0
        human_names = [human_name(i, lang) for i in range(count)]
    if players is None:
        players = count + len(bot_specs) if bot_specs else max(count, game.min_players)
    if count > players:
        raise ParlourError(f"{count} human seats but only {players} players")
    missing = players - count - len(bot_specs)
    if missing < 0:
        raise ParlourError(
            f"{players} players cannot seat {count} human(s) and {len(bot_specs)} bot(s)"
        )
    bot_specs += [default_bot(game)] * missing
    for spec in bot_specs:
        # a clear error now rather than in the middle of the screen
        make_bot(game, spec, import_paths=import_paths)
    seats = [SeatPlan(name) for name in human_names]
    used = set(human_names)
    free_names = [name for name in BOT_NAMES if name not in used]
    for index, spec in enumerate(bot_specs):
        seats.append(SeatPlan(free_names[index % len(free_names)], spec))
    game.check_players(len(seats), game.default_rules())
    return seats


def _refuse_dashes(humans: str, names: Sequence[str], lang: str) -> None:
    """`--humans -1` or `--humans --bots` is a slip, not a person called "-1": refused."""
    from parlour.i18n import t
    from parlour.tui import texts  # noqa: F401  (registers the texts)

    if humans.startswith("-") and humans[1:].isdigit():  # a count below zero
        raise ParlourError(f"--humans must be at least 0, not {humans}")
    for name in names:
        if name.startswith("-"):
            # Worded here, in the table's language: the error patterns of parlour.i18n.errors
            # (translated from English) do not know this message.
            raise ParlourError(t("tui.dash_name", lang, name=name))


def check_names(seats: Sequence[SeatPlan]) -> None:
    names = [seat.name.strip() for seat in seats]
    if any(not name for name in names):
        raise ParlourError("every seat needs a name")
    if len(set(names)) != len(names):
        raise ParlourError("two seats have the same name")
