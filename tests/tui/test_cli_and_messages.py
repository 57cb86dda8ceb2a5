"""`parlour play`'s errors in the language its `--lang` names, and a few messages worded for a
person: a slip in `--humans`, a file that cannot be saved, the title of the `x` list."""

from __future__ import annotations

import errno
from typing import Any

import pytest

from parlour.cli import main
from parlour.core.errors import ParlourError
from parlour.core.registry import get_game
from parlour.i18n.errors import localise_error, os_reason
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan, plan_seats
from parlour.tui.session import PlaySession
from tests.tui.helpers import cli, region_text, run_at, table_screen


@pytest.mark.parametrize("flag", [["--lang", "fr"], ["--lang=fr"], ["--lang", "FR"]])
def test_an_explicit_lang_decides_the_language_of_the_errors(flag: list[str]) -> None:
    done = cli("play", "flip7", "--players", "1", *flag)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "parlour: flip7 se joue de 2 à 18 joueurs, pas 1"


def test_an_explicit_english_wins_over_a_french_system() -> None:
    done = cli("play", "flip7", "--players", "1", "--lang", "en", lang="fr_FR.UTF-8")
    assert done.returncode == 2
    assert done.stderr.strip() == "parlour: flip7 is played by 2 to 18 players, not 1"


@pytest.mark.parametrize(
    ("humans", "words"),
    [
        ("-1", "--humans must be at least 0, not -1"),
        ("--bots", "a name does not start with '-': --bots"),
        ("Léa,-x", "a name does not start with '-': -x"),
    ],
)
def test_a_dash_in_humans_is_a_slip_not_a_name(humans: str, words: str, capsys: Any) -> None:
    with pytest.raises(ParlourError, match="--humans") as refused:
        plan_seats(get_game("flip7"), "en", humans=humans)
    assert words in str(refused.value)
    with pytest.raises(SystemExit, match=r"^2$"):
        main(["play", "flip7", "--humans", humans, "--lang", "en"])
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err


def test_a_dash_in_humans_is_refused_in_french_too() -> None:
    with pytest.raises(ParlourError) as count:
        plan_seats(get_game("flip7"), "fr", humans="-2")
    assert localise_error(count.value, "fr") == "--humans doit valoir au moins 0, pas -2"
    with pytest.raises(ParlourError) as name:
        plan_seats(get_game("flip7"), "fr", humans="-x")
    said = localise_error(name.value, "fr")
    assert "un nom ne commence pas par «\u00a0-\u00a0»\u00a0: -x" in said


def test_a_failed_save_says_why_in_french(tmp_path: Any) -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "random")]
    session = PlaySession(PlayConfig("flip7", seats, lang="fr", seed=1))
    reasons = {
        tmp_path / "nowhere" / "game.json": "fichier ou dossier introuvable",
        tmp_path: "c'est un dossier",
    }
    for path, why in reasons.items():
        with pytest.raises(ParlourError) as failed:
            session.save(path)
        # Spaces compared as spaces: the French texts may put a no-break one before ":".
        said = localise_error(failed.value, "fr").replace("\u00a0", " ")
        assert said == f"impossible d'écrire {path} : {why}"
    denied = OSError(errno.EACCES, "Permission denied")
    assert os_reason(denied, "fr") == "permission refusée"
    assert os_reason(denied, "en") == "Permission denied"
    assert os_reason(OSError(errno.EIO, "Input/output error"), "fr") == "Input/output error"


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Every move (✗ = not allowed now)"), ("fr", "Tous les coups (✗ = interdit)")],
)
def test_the_every_move_title_is_whole_at_80x24(lang: str, title: str) -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "random")]
    app = ParlourApp(session=PlaySession(PlayConfig("flip7", seats, lang=lang, seed=1)))

    async def scenario(pilot: Any) -> None:
        await pilot.press("x")
        await pilot.pause()
        assert table_screen(app).every
        assert title in region_text(app, "#moves-box").splitlines()[0]

    run_at(app, (80, 24), scenario)
