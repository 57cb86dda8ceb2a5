"""A record carries the text of the deck its rules name (`files`): it replays in any process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import Seat
from parlour.core.records import MalformedRecord, record_of, replay, start_from_record
from parlour.games.familles import decks
from parlour.games.familles.decks import DECK_DIR, register_deck_text
from parlour.games.familles.game import GAME
from parlour.games.familles.rules import FamillesRules

SRC = Path(__file__).parents[2] / "src"


def own_deck(name: str) -> str:
    """A deck of the user's: the shipped English one under another id and name."""
    text = (DECK_DIR / "en.toml").read_text(encoding="utf-8")
    return text.replace('"Happy Families"', f'"{name}"').replace('id = "en"', 'id = "own"', 1)


def played(deck: str, seed: int = 3) -> dict[str, Any]:
    """A game with this deck played to its end by random moves, as a record read back."""
    seats = [Seat(name) for name in ("Ann", "Bob", "Cy")]
    state = GAME.new_state(seats, seed=seed, rules=FamillesRules(deck=deck))
    rng = random.Random(seed)
    for _ in range(20000):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
    record: dict[str, Any] = json.loads(json.dumps(record_of(state)))
    return record


def replay_elsewhere(record: Any, folder: Path) -> subprocess.CompletedProcess[str]:
    """`parlour replay` of the record in a fresh process (no deck registered), in a folder
    where no deck file is."""
    folder.mkdir(exist_ok=True)
    file = folder / "game.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "parlour.cli", "replay", str(file), "--json"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_deck_read_from_a_path_replays_once_the_file_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = own_deck("Mine from a file")
    (tmp_path / "play").mkdir()
    monkeypatch.chdir(tmp_path / "play")
    deck = Path(f"mine-{tmp_path.name}.toml")  # as typed: relative to the folder of the game
    deck.write_text(text, encoding="utf-8")
    record = played(str(deck))
    assert record["rules"]["deck"] == str(deck) and record["files"] == {"deck": text}
    deck.unlink()
    done = replay_elsewhere(record, tmp_path / "elsewhere")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == record["result"]
    # A file over the size an upload may have could not be registered on replay: it is named
    # only, as before, and replays where it is.
    big = tmp_path / "big.toml"
    big.write_text(own_deck("Big") + "#" * decks.MAX_DECK_BYTES + "\n", encoding="utf-8")
    record = played(str(big), seed=4)
    assert record["rules"]["deck"] == str(big) and "files" not in record
    assert replay(record)[0].is_over


def test_an_uploaded_deck_replays_in_a_process_that_never_saw_it(tmp_path: Path) -> None:
    text = own_deck("Mine uploaded")
    spec = register_deck_text(text)
    record = played(spec, seed=11)
    assert record["rules"]["deck"] == spec and record["files"] == {"deck": text}
    done = replay_elsewhere(record, tmp_path / "elsewhere")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == record["result"]


def test_the_files_text_stands_for_the_deck_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    record = played(register_deck_text(own_deck("Mine, in process")), seed=5)
    monkeypatch.setattr(decks, "UPLOADED", decks.UploadedDecks())  # the registry emptied
    state, _ = replay(record)
    assert state.outcome is not None and state.outcome.to_json() == record["result"]
    # Recorded again, the replayed game carries the same text.
    assert record_of(state)["files"] == record["files"]


TOML_ERROR = "not = [valid"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ("id = 'x'", "the record's files must be an object of file texts, not"),
        ({"deck": 5}, "the record's deck file must be a text, not 5"),
        ({"deck": ["id"]}, "the record's deck file must be a text"),
        ({"picture": "x"}, "the record's files hold a 'picture' file; familles takes only"),
        ({"deck": TOML_ERROR}, "the record's deck file is refused: the uploaded deck is not"),
        ({"deck": "id = 'x'"}, "the record's deck file is refused: "),
    ],
)
def test_a_malformed_files_is_refused_in_one_line(tmp_path: Path, files: Any, message: str) -> None:
    record = played("en", seed=6)
    assert "files" not in record  # a shipped deck needs none
    record["files"] = files
    with pytest.raises(MalformedRecord, match="^" + message.replace("[", r"\[")):
        start_from_record(record)
    done = replay_elsewhere(record, tmp_path / "elsewhere")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("parlour: ") and message in line


def test_a_game_that_takes_no_file_refuses_files() -> None:
    from parlour.core.registry import get_game

    state = get_game("beggar").new_state([Seat("Ann"), Seat("Bob")], seed=1)
    record = record_of(state)
    assert "files" not in record
    record["files"] = {"deck": own_deck("Stray")}
    with pytest.raises(MalformedRecord, match="'deck' file; beggar takes no file"):
        start_from_record(record)
