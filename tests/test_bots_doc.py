"""docs/bots.md: its reference block is generated from the code, and the fields it documents
are exactly those that played games emit (none missing, none that never appears)."""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import pytest

from parlour.bots.base import _DecisionFields
from parlour.bots.fields import DECISION, END, START, declared, fields_block, rare_events
from parlour.core.game import Game, Seat
from parlour.core.options import make_rules
from parlour.core.registry import game_names, get_game, shipped_names

ROOT = Path(__file__).parents[1]
# Rules variants that bring out events the default rules never emit.
VARIANTS: dict[str, list[dict[str, object]]] = {
    "flip7": [{"second_chance_may_be_given": True}],
}


def test_the_page_holds_the_generated_block() -> None:
    page = (ROOT / "docs" / "bots.md").read_text("utf-8")
    found = re.search(re.escape(START) + r"\n(.*?)" + re.escape(END), page, re.S)
    assert found is not None, "docs/bots.md lost its generated block"
    expected = fields_block(shipped_names())  # an outside game installed here is not Parlour's
    assert found.group(1) == expected, "stale: run python -m parlour.bots.fields --write"


def test_every_decision_field_is_documented() -> None:
    assert tuple(DECISION) == _DecisionFields._fields


def _played(game: Game) -> tuple[dict[str, set[str]], set[str]]:
    """Event kinds with their fields, and view fields, over random games of every size."""
    events: dict[str, set[str]] = {}
    view: set[str] = set()
    rules_list = [{}, *VARIANTS.get(game.name, [])]
    for values in rules_list:
        rules = make_rules(game.rules_class, dict(values))
        for players in range(game.min_players, min(game.max_players, 4) + 1):
            for seed in range(8):
                state = game.new_state(
                    [Seat(f"p{i}") for i in range(players)], seed=seed, rules=rules
                )
                rng = random.Random(seed)
                while state.to_move is not None:
                    view.update(state.view(rng.choice([None, *range(players)])))
                    state.apply(rng.choice(state.legal_actions()))
                for seat in [None, *range(players)]:
                    view.update(state.view(seat))
                for event in state.log:
                    events.setdefault(event.type, set()).update(event.data)
    return events, view


@pytest.mark.parametrize("name", game_names())
def test_the_documented_fields_are_those_played_games_emit(name: str) -> None:
    game = get_game(name)
    found = declared(game)
    assert found is not None, f"{name} declares no fields module"
    documented, documented_view = found
    events, view = _played(game)
    assert view == set(documented_view), "view fields: documented vs seen"
    for kind, fields in events.items():
        assert kind in documented, f"event {kind!r} is not documented"
        assert fields == set(documented[kind][1]), f"fields of {kind!r}: documented vs seen"
    # Events a few random games rarely or never reach (the game's `RARE_EVENTS`, the engine's
    # cap) are looked for in the code instead: the game's package and the engine of its kind.
    unseen = set(documented) - set(events)
    rare = rare_events(game)
    assert unseen <= rare, f"documented events never emitted: {sorted(unseen - rare)}"
    # Not fields.py, where every declared event is written: the code that emits it.
    code = [p for folder in _code_of(game) for p in folder.rglob("*.py") if p.name != "fields.py"]
    sources = "".join(p.read_text("utf-8") for p in code)
    sources += Path(inspect.getfile(Game)).read_text("utf-8")
    for kind in unseen:
        assert f'"{kind}"' in sources, f"{kind!r} is documented but never emitted"


def _code_of(game: Game) -> list[Path]:
    """The folders of the code that may emit the game's events: Parlour's games (a shipped
    game, or the shared engine an outside game builds on, such as the ask-and-draw one), and
    an outside game's own package."""
    shipped = Path(inspect.getfile(Game)).parents[1] / "games"
    package = Path(inspect.getfile(type(game))).parent
    return [shipped] if package.is_relative_to(shipped) else [shipped, package]


def test_the_pages_example_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.sim import simulate

    page = (ROOT / "docs" / "bots.md").read_text("utf-8")
    example = re.search(r"```python\n(.*?)```", page, re.S)
    assert example is not None
    (tmp_path / "bots_page_example.py").write_text(example.group(1), "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = simulate("flip7", "bots_page_example:GreedyCounter:25,strong", 6, seed=1, workers=1)
    assert result.summary.games == 6


def test_an_outside_game_is_documented_for_its_author_not_on_parlours_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An outside package's game (here Go Fish under another name, with a rare event of its
    own) joins the printed reference and the fields test's rules, and leaves Parlour's page
    as it is: installing it beside Parlour breaks none of Parlour's own tests."""
    from importlib.metadata import EntryPoint

    from parlour.core import registry

    package = tmp_path / "outside_fish"
    package.mkdir()
    (package / "__init__.py").write_text("", "utf-8")
    (package / "game.py").write_text(
        "from parlour.games.gofish.game import GoFish\n\n\n"
        "class OutsideFish(GoFish):\n    name = 'outsidefish'\n\n\nGAME = OutsideFish()\n",
        "utf-8",
    )
    (package / "fields.py").write_text(
        "from parlour.games.gofish.fields import EVENTS, VIEW  # noqa: F401\n\n"
        "RARE_EVENTS = ('out',)\n",
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    points = dict(registry._entry_points())
    shipped = shipped_names()
    points["outsidefish"] = EntryPoint("outsidefish", "outside_fish.game:GAME", registry.GROUP)
    monkeypatch.setattr(registry, "_entry_points", lambda: points)
    registry._load.cache_clear()
    try:
        assert "outsidefish" in game_names()
        assert shipped_names() == shipped
        page = (ROOT / "docs" / "bots.md").read_text("utf-8")
        assert f"{START}\n{fields_block(shipped_names())}{END}" in page
        assert "### outsidefish" in fields_block()
        assert "### outsidefish" not in fields_block(shipped_names())
        outside = get_game("outsidefish")
        assert rare_events(outside) == {"out", "capped"}
        assert _code_of(outside) == [ROOT / "src" / "parlour" / "games", package]
        assert _code_of(get_game("gofish")) == [ROOT / "src" / "parlour" / "games"]
    finally:
        registry._load.cache_clear()
