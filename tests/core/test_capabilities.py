"""The declared capabilities: one module, the faces ask through it, the docs page matches it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core.capabilities import HOOKS, Capabilities, hook_table, offers
from parlour.core.game import Game
from parlour.core.registry import GROUP, game_names, get_game, registered_names

ROOT = Path(__file__).parents[2]


def test_the_docs_page_lists_every_hook_as_declared() -> None:
    page = (ROOT / "docs" / "writing-a-game.md").read_text("utf-8")
    found = re.search(r"<!-- capabilities:start -->\n(.*?)<!-- capabilities:end -->", page, re.S)
    assert found is not None
    assert found.group(1) == hook_table()
    for hook in HOOKS:
        assert f"| `{hook}` |" in found.group(1)


def test_every_game_inherits_the_hooks_with_their_defaults() -> None:
    assert issubclass(Game, Capabilities)
    for name in game_names():
        game = get_game(name)
        for hook in HOOKS:
            assert callable(getattr(game, hook))


def test_offers_tells_an_override_from_a_default() -> None:
    class Bare(Capabilities):
        pass

    class Drawn(Capabilities):
        def rules_text(self, lang: str) -> str:
            return "rules"

    assert not offers(Bare(), "rules_text")
    assert offers(Drawn(), "rules_text")
    assert Bare().bulk_play(None, [], [()]) is None
    with pytest.raises(KeyError, match="unknown capability"):
        offers(Bare(), "no_such_hook")


def test_games_come_from_the_entry_point_group() -> None:
    from importlib.metadata import entry_points

    declared = sorted(point.name for point in entry_points(group=GROUP))
    assert registered_names() == declared
    assert set(game_names()) <= set(declared)
    for name in game_names():
        assert get_game(name).name == name


def test_every_game_brings_its_faces_from_its_own_package() -> None:
    for name in game_names():
        game = get_game(name)
        package = type(game).__module__.rpartition(".")[0]
        if offers(game, "terminal_table"):
            table = game.terminal_table()
            assert table is not None and table.__name__.startswith(package + ".")
            for function in ("render", "describe", "sort_key", "hints"):
                assert callable(getattr(table, function))
        if offers(game, "web_drawing"):
            drawing = game.web_drawing()
            assert drawing is not None and drawing.is_file()
            assert "export function render" in drawing.read_text("utf-8")
        style = game.web_style()  # None: the page's shared stylesheet is enough
        assert style is None or (style.is_file() and "{" in style.read_text("utf-8"))
        if offers(game, "encoder"):
            encoder = game.encoder()
            assert encoder is not None and encoder.__module__.startswith(package + ".")


def test_an_unknown_game_is_named_with_the_registered_ones() -> None:
    from parlour.core.errors import ParlourError

    with pytest.raises(ParlourError, match="unknown game 'chess'; games are: ") as caught:
        get_game("chess")
    for name in game_names():
        assert name in str(caught.value)


SOURCES = ROOT / "src" / "parlour"
FACES = ("tui", "web", "sim", "rl", "bots", "cli", "i18n", "core")


def test_no_face_names_a_game_or_sniffs_one() -> None:
    """The faces never name a registered game nor look for a hook with getattr/hasattr."""
    names = game_names()
    for face in FACES:
        path = SOURCES / face
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        files += [] if path.is_file() else sorted(path.rglob("*.js"))
        for source in files:
            text = source.read_text("utf-8")
            for hook in HOOKS:
                assert f'getattr(game, "{hook}"' not in text, source
                assert f'hasattr(game, "{hook}"' not in text, source
            for name in names:
                assert not re.search(rf"\bparlour\.games\.{name}\b", text), (source, name)


@pytest.fixture
def broken_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Two declared games that fail to load besides the real ones: one needs a module that is
    not installed, one has a bug at import time."""
    from importlib.metadata import EntryPoint

    from parlour.core import registry

    (tmp_path / "buggy_game_pkg.py").write_text("GAME = undefined_name\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    real = dict(registry._entry_points())
    fake = {
        **real,
        "needsextra": EntryPoint("needsextra", "parlour_missing_extra_pkg:GAME", GROUP),
        "buggy": EntryPoint("buggy", "buggy_game_pkg:GAME", GROUP),
    }
    monkeypatch.setattr(registry, "_entry_points", lambda: fake)
    registry._load.cache_clear()
    yield sorted(real)
    registry._load.cache_clear()


def test_a_game_that_fails_to_load_is_left_out_and_named_with_its_reason(
    broken_games: list[str],
) -> None:
    from parlour.core.errors import ParlourError

    assert game_names() == broken_games  # the working games are all still there
    with pytest.raises(ParlourError) as missing:
        get_game("needsextra")
    assert str(missing.value) == (
        "game 'needsextra' cannot be loaded (No module named 'parlour_missing_extra_pkg')"
    )
    with pytest.raises(ParlourError) as buggy:
        get_game("buggy")
    assert str(buggy.value) == (
        "game 'buggy' cannot be loaded (name 'undefined_name' is not defined)"
    )


def test_parlour_games_lists_the_working_games_beside_a_broken_one(
    broken_games: list[str],
) -> None:
    from typer.testing import CliRunner

    from parlour.cli.root import app

    done = CliRunner().invoke(app, ["games"])
    assert done.exit_code == 0, done.output
    listed = [line.split(":")[0] for line in done.output.splitlines()]
    assert listed == broken_games


def test_a_game_for_two_only_says_so_in_both_languages() -> None:
    """An outside game for exactly two players refuses a third as "played by 2 players", not
    "by 2 to 2 players"."""
    from parlour.core.errors import RulesError
    from parlour.games.gofish.game import GoFish
    from parlour.i18n.errors import localise_error

    class Duel(GoFish):
        name = "duel"
        min_players = max_players = 2

    with pytest.raises(RulesError) as refused:
        Duel().check_players(3, None)
    assert str(refused.value) == "duel is played by 2 players, not 3"
    assert localise_error(refused.value, "fr") == "duel se joue à 2 joueurs, pas 3"
    with pytest.raises(RulesError, match=r"^gofish is played by 2 to \d+ players, not 1$"):
        GoFish().check_players(1, None)

    class Patience(GoFish):
        name = "patience"
        min_players = max_players = 1

    with pytest.raises(RulesError) as refused:
        Patience().check_players(2, None)
    assert localise_error(refused.value, "fr") == "patience se joue à 1 joueur, pas 2"
