"""Every optional hook a game may offer, declared once, each with its default.

A game is a `Game` (the contract of `core/game.py`); everything else it may bring (texts, bulk
paths, its faces) is one of the hooks below, which `Game` inherits with their defaults. The faces
never sniff a game with `getattr` or by its name: they call the hook, or ask `offers(game, hook)`
whether the game overrides it. The capability table of `docs/writing-a-game.md` is generated
from this module (`python -m parlour.core.capabilities` prints it; a test checks the page).

A game's own command-line verbs (`parlour beggar deal`) are the one face found otherwise: through
the `parlour.commands` entry-point group (a function that adds them to the `parlour` app), so
that `parlour --help` lists them without importing any game's engine.

The hooks that bring a face (a terminal table, a web drawing, an encoder) return objects of that
face's own layer. A game imports them inside the hook, from its own
package, so that core imports nothing above it and a command pays only for what it uses.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.core.review import Moment, Review

# What a bulk path returns per game: (winners, scores, turns, status).
BulkOutcome = tuple[tuple[int, ...], tuple[float, ...], int, str]


@dataclass(frozen=True)
class UploadOption:
    """A rules option whose value may be a file a player uploads (the 7 familles' deck).

    `builtin` are the values a web table may name; `register(text)` checks an uploaded file's
    text and returns the value that names it (raising a `ParlourError` with the reason when the
    file is not valid). Over the web a value is never a path on the server.
    """

    field: str
    builtin: tuple[str, ...]
    register: Callable[[str], str]
    help: str
    # The text of the file a value names (one `register` returned, or a path on the command
    # line), which a record carries so that it replays in any process (docs/records.md); None
    # where the text cannot be had.
    text: Callable[[str], str | None] = lambda value: None

    def text_of(self, value: str) -> str | None:
        """The text of the file `value` names; None for a shipped value or where it cannot be
        had."""
        return None if value in self.builtin else self.text(value)


@dataclass(frozen=True)
class Peer:
    """The same game in another program, for the speed benchmarks: OpenSpiel's game `name`
    with `params`, for `num_players` players."""

    openspiel_name: str
    params: Mapping[str, Any]


class Capabilities:
    """The optional hooks, with their defaults. `Game` inherits this class."""

    # ----- texts --------------------------------------------------------------------------
    def rules_text(self, lang: str) -> str:
        """The rules as a person reads them, in `lang` ("" when the game has none)."""
        return ""

    def credits(self, lang: str) -> str:
        """Who wrote the game and where it comes from, in `lang` ("": a traditional game)."""
        return ""

    # ----- help for a seated player -------------------------------------------------------
    def hint(self, view: Mapping[str, Any], rules: Any) -> Mapping[str, float] | None:
        """Public odds for the seat to move, computed from its view alone (Flip 7's risk of a
        bust), or None."""
        return None

    def grouping(self, rules: Any) -> Any | None:
        """The ask-and-draw grouping of the cards (families, characters, ranks): the faces keep
        a seat's memory of the public asks and answers with it. None for other games."""
        return None

    def review(
        self, rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]
    ) -> Review | None:
        """The review of one seat's decisions in a finished game (`parlour.core.review`):
        each graded from the seat's `moments` alone (its view, the events it saw, its legal
        moves), never from cards it could not see. None when the game offers no review."""
        return None

    # ----- bulk play ----------------------------------------------------------------------
    def bulk_play(
        self, rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
    ) -> list[BulkOutcome] | None:
        """Whole games played by a compiled path: per seed, the outcome of
        `new_state(len(table), seed)` played by the bots of its table (one table: the same for
        every seed), exactly as the reference engine plays it. None when the path declines
        these rules or bots; asked with no seeds, it only says whether it would play them."""
        return None

    def bulk_outcomes(
        self, rules: Any, num_players: int, seeds: Sequence[int]
    ) -> list[BulkOutcome] | None:
        """Whole games with no decision to make (Beggar-My-Neighbour), per seed, played by a
        compiled path. None when the path declines these rules."""
        return None

    # ----- options ------------------------------------------------------------------------
    def upload_option(self) -> UploadOption | None:
        """The rules option whose value a web player may upload as a file, or None."""
        return None

    def web_defaults(self, lang: str) -> Mapping[str, Any]:
        """Rules values a new web table in language `lang` starts from instead of the rules'
        own defaults, unless its host sets them (Beggar-My-Neighbour's flips play themselves
        there, an English 7 familles table deals the English deck); the web's new-table form
        shows these options first, outside the folded list. The same keys in every language."""
        return {}

    def uses_ages(self) -> bool:
        """Whether the players' ages (`Seat.age`) decide something: the youngest starts in
        the 7 familles and Panoplies. Only then do the faces ask for them."""
        return False

    def seat_choices(self, lang: str, rules: Any = None) -> Mapping[str, list[tuple[str, str]]]:
        """Seat data a player may choose before a game of `rules` (None: the defaults), such
        as a Panoplies character (the hats add the aunt and the uncle): for each `Seat.data`
        key, its (label in `lang`, value) pairs. The terminal's setup and the web's new-table
        form offer them; the engine checks what is chosen. A game written when the hook took
        only the language (`seat_choices(self, lang)`) is still asked, without the rules."""
        return {}

    # ----- pace ---------------------------------------------------------------------------
    def autoplay_delay(self, rules: Any) -> float | None:
        """Seconds after which a face plays, by itself, the move of a seated player who has a
        single legal move and nothing to decide (Beggar-My-Neighbour's flips with its `speed`
        option), and the pace of the game's bots then; None: every move waits for its
        player."""
        return None

    def moves_are_public(self) -> bool:
        """Whether everybody at the table can tell the moves a seat may make (Beggar's flips,
        Flip 7's hit or stay: every card that decides them is face up). Only then may a face
        play a bot's single legal move quicker than the others; where they hang on a hidden
        hand (the ask games: one legal ask tells a hand of one family), a quicker move would
        tell the table that hand."""
        return False

    # ----- faces --------------------------------------------------------------------------
    def terminal_table(self) -> ModuleType | None:
        """The module that draws this game in the terminal (`render`, `describe`, `sort_key`,
        `hints`, see `parlour.tui.tables`), or None for the generic table."""
        return None

    def web_drawing(self) -> Traversable | None:
        """The JavaScript module that draws this game at the web table (package data, served
        as `/static/games/<game>.js`), or None for the generic drawing."""
        return None

    def web_style(self) -> Traversable | None:
        """The stylesheet of this game's own classes and animations at the web table (package
        data, served as `/static/games/<game>.css` and linked by the page only when the game
        has one), or None when the page's shared stylesheet is enough."""
        return None

    def encoder(self) -> type | None:
        """The `parlour.rl.encoding.ViewEncoder` class of this game's observations, or None
        (then the research adapters do not offer the game)."""
        return None

    # ----- research -----------------------------------------------------------------------
    def research_max_turns(self, rules: Any = None) -> int:
        """The turn cap the OpenSpiel adapter puts on a game of these rules (None: the
        defaults) by default, a safety valve: a longer match or target gets a longer one."""
        return 2_000

    def peer(self, num_players: int) -> Peer | None:
        """The same game in another program, timed beside Parlour's by the benchmarks."""
        return None

    def step_kernel(self, rules: Any, num_players: int) -> Any | None:
        """A `parlour.rl.step_kernel.StepKernel` for these rules and players (N games stepped
        together in compiled code, for the vector env, search playouts and bulk play), or None."""
        return None


class FacesInPackage(Capabilities):
    """The face hooks for a game that keeps its faces in its own package under the usual
    names: `terminal.py` (the terminal table), `web.js` (the web drawing, package data),
    `web.css` (its stylesheet, package data) and `encoder.py` (whose `ENCODER` is the
    observation encoder class). A file that is not there is a face the game does not bring.
    A game inherits this before `Game`: `class MyGame(FacesInPackage, Game)`."""

    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0]

    def _module(self, name: str) -> ModuleType | None:
        qualified = f"{self._package()}.{name}"
        if importlib.util.find_spec(qualified) is None:
            return None
        return importlib.import_module(qualified)

    def terminal_table(self) -> ModuleType | None:
        return self._module("terminal")

    def _data(self, name: str) -> Traversable | None:
        from importlib.resources import files

        found = files(self._package()) / name
        return found if found.is_file() else None

    def web_drawing(self) -> Traversable | None:
        return self._data("web.js")

    def web_style(self) -> Traversable | None:
        return self._data("web.css")

    def encoder(self) -> type | None:
        module = self._module("encoder")
        found = getattr(module, "ENCODER", None) if module is not None else None
        return found if isinstance(found, type) else None


HOOKS: tuple[str, ...] = tuple(
    name
    for name, member in vars(Capabilities).items()
    if not name.startswith("_") and inspect.isfunction(member)
)


def offers(game: Any, hook: str) -> bool:
    """Whether `game` overrides the hook (it offers that capability)."""
    if hook not in HOOKS:
        raise KeyError(f"unknown capability {hook!r}; capabilities are: {', '.join(HOOKS)}")
    return getattr(type(game), hook) is not getattr(Capabilities, hook)


def hook_table() -> str:
    """The list of hooks as Markdown: name, signature, default and docstring."""
    lines = ["| hook | signature | what it is |", "|---|---|---|"]
    for name in HOOKS:
        member = getattr(Capabilities, name)
        signature = str(inspect.signature(member)).replace("'", "").replace("|", "\\|")
        signature = signature.replace("self, ", "").replace("(self)", "()")
        doc = " ".join((inspect.getdoc(member) or "").split()).replace("|", "\\|")
        lines.append(f"| `{name}` | `{signature}` | {doc} |")
    return "\n".join(lines) + "\n"


def seat_choices_for(game: Any, lang: str, rules: Any) -> Mapping[str, list[tuple[str, str]]]:
    """A game's `seat_choices` under `rules`, also for a game written when the hook took only
    the language (`seat_choices(self, lang)`): it is asked without them."""
    hook = game.seat_choices
    if len(inspect.signature(hook).parameters) < 2:
        return dict(hook(lang))
    return dict(hook(lang, rules))


if __name__ == "__main__":
    print(hook_table(), end="")
