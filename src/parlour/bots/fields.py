"""The reference part of docs/bots.md, generated from the code so that it cannot drift.

Each game declares what its events and views carry in a `fields` module of its own package
(`EVENTS`: kind -> (meaning, {field: meaning}); `VIEW`: {field: meaning}); the fields every
game's view and log share are declared here. `python -m parlour.bots.fields` prints the
generated block for every game that loads (an outside one included); `--write FILE` puts
Parlour's own games' block between the markers of that page. A test checks that
the page matches, and that the declared fields are exactly those that played games emit.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

from parlour.bots.base import _DecisionFields
from parlour.core.game import Game
from parlour.core.registry import game_names, get_game, shipped_names

START, END = "<!-- fields:start -->", "<!-- fields:end -->"

# Every field of a `Decision` (a test checks this list against the tuple's own fields).
DECISION: dict[str, str] = {
    "game": "the `Game` object (rules text, capabilities; never the state)",
    "rules": "the table's rules, a frozen dataclass (see `parlour rules GAME`)",
    "seat": "the seat to move, the bot's own",
    "view": "`state.view(seat)`: what a person in that seat sees (below, per game)",
    "events": "every event this seat may see, from the start of the game, in order",
    "legal_actions": "the moves allowed now; `act` returns one of them",
    "world": "a state drawn from the seat's knowledge, for `determinize` (set when the bot "
    "says `searches = True`; None otherwise)",
}

# Fields the engine adds to every game's view (`parlour.core.game.State.view`).
COMMON_VIEW: dict[str, str] = {
    "turns": "moves played so far",
    "to_move": "the seat to move (None: the game is over)",
    "over": "whether the game is over",
    "outcome": "once over: {status, scores, ranks, returns, winners, ...} (absent before)",
}

# Events the engine itself may emit in any game.
COMMON_EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "capped": ("the game reached the rules' turn cap and ends drawn", {"turns": "moves played"}),
}

Events = dict[str, tuple[str, dict[str, str]]]


def fields_module(game: Game) -> ModuleType | None:
    """The game's `fields` module (beside its `game` module), or None if it declares none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.fields")
    except ModuleNotFoundError:
        return None


def declared(game: Game) -> tuple[Events, dict[str, str]] | None:
    """(events, view) as the game declares them, the engine's common ones included."""
    module = fields_module(game)
    if module is None:
        return None
    events: Events = {**module.EVENTS, **COMMON_EVENTS}
    return events, {**module.VIEW, **COMMON_VIEW}


def rules_view(game: Game) -> dict[str, tuple[str, dict[str, object]]]:
    """View keys that only some rules add, as the game's `fields` module declares them in
    `RULES_VIEW`: {key: (meaning, {option: value} the rules that bring it)}. The page's test
    plays the default rules, which never show them, so they are kept apart from `VIEW`
    (tests/sim/test_rules_view_fields.py plays those rules)."""
    module = fields_module(game)
    own: dict[str, tuple[str, dict[str, object]]] = getattr(module, "RULES_VIEW", {})
    return dict(own)


def rare_events(game: Game) -> set[str]:
    """Events a few random games of the default rules may never reach (`RARE_EVENTS` of the
    game's `fields` module, and the engine's turn cap): the page's test looks for them in the
    game's code instead."""
    module = fields_module(game)
    return {*getattr(module, "RARE_EVENTS", ()), *COMMON_EVENTS}


def _rules_text(values: dict[str, object]) -> str:
    def value(v: object) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v)  # as `--rules` spells it

    return ", ".join(f"`{k}={value(v)}`" for k, v in values.items())


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def fields_block(names: list[str] | None = None) -> str:
    """The generated Markdown: the decision's fields, then per game (every game that loads,
    or those named) its events and view."""
    lines = ["### `Decision`", "", "| field | what it is |", "|---|---|"]
    lines += [f"| `{name}` | {_cell(DECISION[name])} |" for name in _DecisionFields._fields]
    for name in game_names() if names is None else names:
        game = get_game(name)
        found = declared(game)
        if found is None:
            continue
        events, view = found
        lines += ["", f"### {name}", "", "Events (`event.type`, then the keys of `event.data`):"]
        lines += ["", "| event | field | what it is |", "|---|---|---|"]
        for kind in sorted(events):
            meaning, event_fields = events[kind]
            lines.append(f"| `{kind}` | | {_cell(meaning)} |")
            lines += [f"| | `{f}` | {_cell(text)} |" for f, text in sorted(event_fields.items())]
        lines += ["", "View (the keys of `decision.view`):", "", "| field | what it is |"]
        lines.append("|---|---|")
        rows = {f: _cell(text) for f, text in view.items()}
        for f, (text, rules) in rules_view(game).items():
            rows[f] = f"{_cell(text)}; only with {_rules_text(rules)}"
        lines += [f"| `{f}` | {row} |" for f, row in sorted(rows.items())]
    return "\n".join(lines) + "\n"


def write_block(path: Path) -> None:
    """Replace the generated block of the page at `path` (between its markers)."""
    page = path.read_text("utf-8")
    pattern = re.compile(re.escape(START) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(page):
        raise SystemExit(f"{path} has no {START} ... {END} block")
    block = fields_block(shipped_names())  # Parlour's page: its own games, not outside ones
    path.write_text(pattern.sub(lambda _: f"{START}\n{block}{END}", page), "utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"] and len(sys.argv) == 3:
        write_block(Path(sys.argv[2]))
    else:
        print(fields_block(), end="")
