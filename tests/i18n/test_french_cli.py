"""The `parlour` command on a French system: Click's and Typer's words, every command's help,
and the texts of `games`, `rules`, `about`, `completion` and `replay --review`."""

from __future__ import annotations

import errno
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import typer

from parlour.cli.french import FRENCH_HELP, _french_message
from tests.i18n.helpers import run_french

NB = "\u00a0"


def q(name: str) -> str:
    return f"«{NB}{name}{NB}»"


def spaced(text: str) -> str:
    """`text` with the non-breaking spaces French puts before : ; ! ? (written plain here)."""
    return re.sub(r" ([:;!?])", NB + r"\1", text)


def help_texts(command: Any, path: str = "parlour") -> list[tuple[str, str]]:
    """(command path, text) for every help text of the command tree, as `translate_help`
    splits it: each paragraph of a command's help, each parameter's help."""
    out = []
    if command.help:
        out += [(path, " ".join(part.split())) for part in command.help.split("\n\n")]
    if getattr(command, "short_help", None):
        out.append((path, command.short_help))
    out += [(path, param.help) for param in command.params if getattr(param, "help", None)]
    for name, sub in getattr(command, "commands", {}).items():
        out += help_texts(sub, f"{path} {name}")
    return out


def test_every_help_text_has_its_french() -> None:
    from parlour.cli.root import app

    texts = help_texts(typer.main.get_command(app))
    paths = {path for path, _text in texts}
    for expected in ("parlour serve", "parlour simulate", "parlour tournament", "parlour rl"):
        assert expected in paths  # the walk reaches the commands of every layer
    assert "parlour flip7 solve" in paths and "parlour decks check" in paths
    missing = [(path, text) for path, text in texts if text not in FRENCH_HELP]
    assert not missing


def test_the_help_reads_in_french(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _err = run_french(["--help"], capsys, monkeypatch)
    assert code == 0
    assert spaced("Utilisation : parlour [OPTIONS] COMMAND") in out and "Usage:" not in out
    code, out, _err = run_french(["flip7", "solve", "--help"], capsys, monkeypatch)
    assert spaced("Utilisation : parlour flip7 solve") in out
    assert "Les cartes devant vous" in out and "Cards in front of you" not in out


def test_after_a_french_run_click_speaks_english_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The helpers undo the French (else a later test would read it)."""
    from parlour.cli import main

    with monkeypatch.context() as french:
        run_french(["--help"], capsys, french)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    assert "Usage: parlour rules" in capsys.readouterr().out


USAGE_ERRORS = [
    (
        ["simulate", "flip7", "--bots", "random,random", "--games", "1", "extra"],
        "parlour simulate: Argument en trop (extra) (parlour simulate -h : aide)",
    ),
    (
        ["simulate", "flip7", "--bots", "random,random", "--games", "1", "extra", "more"],
        "parlour simulate: Arguments en trop (extra more) (parlour simulate -h : aide)",
    ),
    (
        ["play", "flip7", "--pace", "-1"],
        f"parlour play: Valeur invalide pour {q('--pace')} : la valeur doit être supérieure ou "
        "égale à 0 (parlour play -h : aide)",
    ),
    (
        ["nosuchcommand"],
        f"parlour: Commande inconnue {q('nosuchcommand')}. (parlour -h : aide)",
    ),
    (
        ["simulate", "flip7", "--bots", "random", "--games", "abc"],
        f"parlour simulate: Valeur invalide pour {q('--games')} : un nombre entier est attendu "
        "(parlour simulate -h : aide)",
    ),
]


@pytest.mark.parametrize(("argv", "line"), USAGE_ERRORS, ids=[" ".join(c[0]) for c in USAGE_ERRORS])
def test_usage_errors_read_in_french(
    argv: list[str],
    line: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run_french(argv, capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.strip() == spaced(line)


def test_pydantic_constraints_read_in_french() -> None:
    prefix = "Invalid value for '--x': Input should be"
    cases = {
        f"{prefix} greater than or equal to 0": "supérieure ou égale à 0",
        f"{prefix} less than or equal to 0.5": "inférieure ou égale à 0,5",
        f"{prefix} greater than 1": "strictement supérieure à 1",
        f"{prefix} less than 2.5": "strictement inférieure à 2,5",
        f"{prefix} a valid number, unable to parse string as a number": "un nombre est attendu",
        f"{prefix} a valid boolean, unable to interpret input": "un booléen est attendu",
    }
    for english, french in cases.items():
        message = _french_message(english)
        assert message.startswith(spaced(f"Valeur invalide pour {q('--x')} : ")), message
        assert message.endswith(french) or french in message, message


COMMAND_ERRORS = [
    (
        ["play", "flip7", "--players", "2", "--bots", "random,random,random"],
        "parlour: 2 joueurs ne suffisent pas pour 0 humain et 3 robots",
    ),
    (
        ["completion", "foo"],
        f"parlour: shell inconnu {q('foo')} ; les shells sont : {q('bash')}, {q('zsh')}, "
        f"{q('fish')}",
    ),
    (
        ["play", "familles", "--players", "2", "--bots", "parlour.bots:NoSuch"],
        f"parlour: robot {q('parlour.bots:NoSuch')} : le module {q('parlour.bots')} n'a pas "
        f"d'attribut {q('NoSuch')}",
    ),
]


@pytest.mark.parametrize(("argv", "line"), COMMAND_ERRORS, ids=[c[0][0] for c in COMMAND_ERRORS])
def test_command_errors_read_in_french(
    argv: list[str],
    line: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _out, err = run_french(argv, capsys, monkeypatch)
    assert code == 2
    assert err.strip() == spaced(line)


def test_a_review_the_game_does_not_offer_reads_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.core.records import record_of
    from parlour.core.registry import get_game

    state = get_game("beggar").new_state(2, seed=3)
    rng = random.Random(3)
    while not state.is_over and state.turns < 50:
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "beggar.json"
    path.write_text(json.dumps(record_of(state)))
    code, _out, err = run_french(["replay", str(path), "--review", "0"], capsys, monkeypatch)
    assert code == 2
    assert err.strip() == "parlour: beggar n'offre pas de revue des décisions d'une place"


def test_games_lists_the_titles_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _code, out, _err = run_french(["games"], capsys, monkeypatch)
    assert "familles\u00a0: Jeu des 7 familles" in out
    assert "gofish\u00a0: Va pêcher" in out
    assert "beggar\u00a0: Beggar-My-Neighbour (Ruine-ton-voisin)" in out
    _code, out, _err = run_french(["games", "--lang", "en"], capsys, monkeypatch)
    assert "gofish: Go Fish" in out and "familles: Happy Families" in out


def test_rules_go_on_in_lower_case_after_a_colon(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _code, out, _err = run_french(["rules", "flip7"], capsys, monkeypatch)
    assert "Total à atteindre\u00a0: la partie finit" in out
    assert "Bonus Flip 7\u00a0: points pour" in out
    _code, out, _err = run_french(["rules", "beggar"], capsys, monkeypatch)
    assert out.rstrip().endswith("Un jeu traditionnel.")


def test_after_colon_keeps_proper_nouns() -> None:
    from parlour.i18n.common import after_colon

    assert after_colon("La partie finit.") == "la partie finit."
    assert after_colon("PYTHONPATH est lu.") == "PYTHONPATH est lu."
    assert after_colon("X un joker") == "X un joker"
    assert after_colon("Flip 7 est un jeu.", "Flip 7") == "Flip 7 est un jeu."


def test_about_puts_a_space_before_each_colon(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.i18n.about import about_text

    french = about_text("fr").splitlines()
    assert "Jeu des 7 familles\u00a0: un jeu traditionnel." in french
    assert any(line.startswith("Flip 7\u00a0: Flip 7 est un jeu") for line in french)
    assert "Go Fish: A traditional game." in about_text("en").splitlines()
    _code, out, _err = run_french(["about"], capsys, monkeypatch)
    assert "Va pêcher\u00a0: un jeu traditionnel." in out


@pytest.mark.parametrize(
    ("failure", "french"),
    [
        (
            OSError(errno.ENOENT, "No such file or directory", "/x/games.toml"),
            "parlour: /x/games.toml\u00a0: fichier ou dossier introuvable",
        ),
        (typer.Abort(), "parlour: interrompu"),
    ],
)
def test_a_system_refusal_and_an_interruption_read_in_french(
    failure: BaseException,
    french: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fail() -> list[str]:
        raise failure

    # `parlour games` reads the registry first: a refusal there is one of the command's own.
    monkeypatch.setattr("parlour.core.registry.game_names", fail)
    status, out, err = run_french(["games"], capsys, monkeypatch)
    assert status == 1 and out == ""
    assert err.strip() == french
