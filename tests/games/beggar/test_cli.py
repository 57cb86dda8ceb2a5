"""The `parlour` command as a user runs it: output, JSON shapes, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .test_rules import PAULHUS


def parlour(*args: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_deal_json_gives_the_published_record() -> None:
    done = parlour("beggar", "deal", *PAULHUS, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "status": "finished",
        "cards": 4791,
        "tricks": 670,
        "winner": 0,
    }


def test_deal_reports_a_loop() -> None:
    done = parlour("beggar", "deal", "J--", "-J-", "--json")
    assert json.loads(done.stdout) == {"status": "loop", "cards": 8, "tricks": 3, "winner": None}


def test_three_player_deal_ends_when_one_holds_every_card() -> None:
    done = parlour("beggar", "deal", "--json", "--", "-K", "----", "-")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"status": "finished", "cards": 7, "tricks": 1, "winner": 0}


def test_explicit_deals_take_any_cards_and_help_says_so() -> None:
    done = parlour("beggar", "deal", "AAAAA", "-" * 30, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "finished"
    shown = parlour("beggar", "deal", "--help", env={**os.environ, "COLUMNS": "200"})
    assert "any cards" in shown.stdout


def test_shuffled_deal_prints_its_hands_and_replays_them() -> None:
    done = parlour("beggar", "deal", "--players", "3", "--seed", "9", "--json")
    data = json.loads(done.stdout)
    assert len(data["hands"]) == 3
    again = parlour("beggar", "deal", *data["hands"], "--json")
    assert {k: data[k] for k in ("status", "cards", "tricks", "winner")} == json.loads(again.stdout)


def test_stats_json_shape() -> None:
    done = parlour("beggar", "stats", "--players", "2", "--deals", "300", "--json")
    data = json.loads(done.stdout)
    assert data["deals"] == 300
    assert data["finished"] + data["loops"] == 300
    assert data["cards"]["q1"] <= data["cards"]["median"] <= data["cards"]["q3"]
    assert data["cards"]["max"] >= data["cards"]["p99"]
    assert 0 <= data["first_player_win_share"] <= 1


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["beggar", "deal", "-K", "-Z"], "bad card"),
        (["beggar", "deal", "X-", "---"], "joker"),
        (["beggar", "deal", "--players", "2", "--rules", "colour=red"], "unknown rules option"),
        (["beggar", "stats", "--players", "9"], "2 to 6"),
        (["rules", "chess"], "unknown game"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
        (["beggar", "deal", "--players", "2", "--lang", "de"], ""),
    ],
)
def test_bad_input_is_one_clear_line_and_a_non_zero_exit(args: list[str], fragment: str) -> None:
    done = parlour(*args)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert fragment in done.stderr


def test_replay_narrates_in_french_and_english(tmp_path) -> None:
    from parlour.core.records import save_record
    from parlour.games.beggar.game import GAME
    from parlour.games.beggar.rules import FLIP

    state = GAME.new_state(2, deal={"hands": ["K--Q-", "-J---A"]})
    while not state.is_over:
        state.apply(FLIP)
    path = tmp_path / "game.json"
    save_record(state, path)
    english = parlour("replay", str(path), "--lang", "en").stdout
    french = parlour("replay", str(path), "--lang", "fr").stdout
    assert "takes the pile" in english
    assert "ramasse la pile" in french
    as_json = json.loads(parlour("replay", str(path), "--json").stdout)
    assert as_json["result"] == state.outcome.to_json()


def test_rules_lists_every_option_with_its_default() -> None:
    done = parlour("rules", "beggar", "--lang", "en")
    for option in ("exhausted_payer", "on_loop", "match", "jokers", "beggar_joker", "face_up"):
        assert option in done.stdout
    assert "pile_to_claimant" in done.stdout


def test_language_follows_the_system_locale() -> None:
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": ""}
    done = parlour("about", env=env)
    assert "logiciel libre" in done.stdout
    assert "Eric Olsen" in done.stdout and "Margency" in done.stdout


def test_deal_text_speaks_french() -> None:
    done = parlour("beggar", "deal", "J--", "-J-", "--lang", "fr")
    assert done.stdout.strip() == "boucle : 8 cartes, 3 plis, pas de gagnant"


def test_deal_imports_neither_numpy_nor_numba() -> None:
    # Start-up of the quick command: the beggar command module and a whole deal, JSON out,
    # without the compiled kernel's libraries (run in a fresh interpreter).
    code = (
        "import sys\n"
        "from parlour.games.beggar import cli\n"
        "cli.deal_command(hands=['-K', '----', '-'], players=None, seed=None, rules=None,\n"
        "                 as_json=True, lang='en')\n"
        "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert json.loads(lines[0]) == {"status": "finished", "cards": 7, "tricks": 1, "winner": 0}
    assert lines[1] == "[]"
