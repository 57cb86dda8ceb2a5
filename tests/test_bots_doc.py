"""docs/bots.md: its reference block is generated from the code, and the fields it documents
are exactly those that played games emit (none missing, none that never appears)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from parlour.bots.base import _DecisionFields
from parlour.bots.fields import DECISION, END, START, declared, fields_block
from parlour.core.game import Game, Seat
from parlour.core.options import make_rules
from parlour.core.registry import game_names, get_game

ROOT = Path(__file__).parents[1]
# Rules variants that bring out events the default rules never emit.
VARIANTS: dict[str, list[dict[str, object]]] = {
    "flip7": [{"second_chance_may_be_given": True}],
}
# Events the code emits that a few random games rarely or never reach; each is checked to be
# emitted somewhere in the game's own code instead (or the engine's, for `capped`).
RARE = {"capped", "deck_exhausted", "tie", "action_discarded", "dealer_draw", "joker_draw"}


def test_the_page_holds_the_generated_block() -> None:
    page = (ROOT / "docs" / "bots.md").read_text("utf-8")
    found = re.search(re.escape(START) + r"\n(.*?)" + re.escape(END), page, re.S)
    assert found is not None, "docs/bots.md lost its generated block"
    assert found.group(1) == fields_block(), "stale: run python -m parlour.bots.fields --write"


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
    unseen = set(documented) - set(events)
    assert unseen <= RARE, f"documented events never emitted: {sorted(unseen - RARE)}"
    package = ROOT / "src" / "parlour" / "games" / type(game).__module__.split(".")[2]
    sources = "".join(p.read_text("utf-8") for p in package.parent.rglob("*.py"))
    sources += (ROOT / "src" / "parlour" / "core" / "game.py").read_text("utf-8")
    for kind in unseen:
        assert f'"{kind}"' in sources, f"{kind!r} is documented but never emitted"


def test_the_pages_example_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.sim import simulate

    page = (ROOT / "docs" / "bots.md").read_text("utf-8")
    example = re.search(r"```python\n(.*?)```", page, re.S)
    assert example is not None
    (tmp_path / "bots_page_example.py").write_text(example.group(1), "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = simulate("flip7", "bots_page_example:GreedyCounter:25,strong", 6, seed=1, workers=1)
    assert result.summary.games == 6
