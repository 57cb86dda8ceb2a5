"""Usage errors are one line and a non-zero exit, as the README promises; help reads plainly."""

from __future__ import annotations

import pytest

from parlour.cli import main
from tests.i18n.helpers import keep_click_state

CASES = [
    (["simulate", "flip7", "--games", "abc", "--bots", "random"], "'--games'"),
    (["simulate", "flip7", "--seed", "abc", "--bots", "random"], "'--seed'"),
    (["play", "flip7", "--pace", "-5"], "'--pace'"),
    (["simulate", "flip7", "--bots", "random", "--bogus"], "--bogus"),
    (["simulate", "flip7", "--bots", "random", "--ray"], "'--ray' requires an argument"),
    (["simulate", "flip7"], "Missing option '--bots'"),
    (["simulate", "nosuchgame"], "unknown game 'nosuchgame'; games are: "),
    (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
]


@pytest.mark.parametrize(("argv", "words"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_usage_error_is_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1, captured.err
    assert words in lines[0]
    assert "╭" not in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_a_usage_error_reads_french_on_a_french_system(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keep_click_state(monkeypatch)  # the French is undone for the tests that follow
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["simulate", "flip7", "--bots", "random", "--bogus"])
    line = capsys.readouterr().err.strip()
    assert line.startswith("parlour simulate: Option inconnue\u00a0: --bogus")
    assert "(parlour simulate -h\u00a0: aide)" in line and "help" not in line
    with pytest.raises(SystemExit):
        main(["simulate", "flip7", "--bots", "random", "--games", "1", "extra"])
    line = capsys.readouterr().err.strip()
    assert line.startswith("parlour simulate: Argument en trop (extra)"), line


def test_the_usage_line_reads_french_on_a_french_system(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    keep_click_state(monkeypatch)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "Utilisation\u00a0: parlour simulate [OPTIONS] GAME" in out and "Usage:" not in out


def test_help_shows_no_type_beside_a_flag_and_names_the_game_argument(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")
    for argv in (["--help"], ["simulate", "--help"], ["play", "--help"]):
        with pytest.raises(SystemExit, match=r"^0$"):
            main(argv)
        out = capsys.readouterr().out
        assert "--help" in out and "<bool>" not in out
        assert "{game}" not in out and "{GAME}" not in out
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["simulate", "--help"])
    assert "Usage: parlour simulate [OPTIONS] GAME" in capsys.readouterr().out


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_that_cannot_show_every_letter_gets_the_text_not_a_traceback(
    encoding: str,
) -> None:
    """The rules and a refused command in French, on a terminal of a narrow encoding: every
    character it has is shown, each other one is a ?, and nothing breaks off in a traceback."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "fr_FR.UTF-8", "COLUMNS": "200"}
    rules = [sys.executable, "-m", "parlour", "rules", "familles", "--lang", "fr"]
    done = subprocess.run(rules, capture_output=True, env=env, timeout=120)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    shown = done.stdout.decode(encoding)
    assert ("réunissent" if encoding == "latin-1" else "r?unissent") in shown
    assert "Options" in shown  # the text went on to its end
    refused = [sys.executable, "-m", "parlour", "play", "flip7", "--players", "1", "--lang", "fr"]
    done = subprocess.run(refused, capture_output=True, env=env, timeout=120)
    assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
    expected = "flip7 se joue de 2 à 18 joueurs, pas 1"
    if encoding == "ascii":
        expected = expected.replace("à", "?")
    assert done.stderr.decode(encoding).strip() == f"parlour: {expected}"
