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
    assert done.stdout.strip() == "boucle\u00a0: 8 cartes, 3 plis, pas de gagnant"


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


def test_letter_suits_are_accepted_as_the_docs_say() -> None:
    done = parlour("beggar", "deal", "10H2SKD", "A3C", "--json")
    assert done.returncode == 0, done.stderr
    symbols = parlour("beggar", "deal", "10♥2♠K♦", "A3♣", "--json")
    assert json.loads(done.stdout) == json.loads(symbols.stdout)
    assert json.loads(done.stdout) == {"status": "finished", "cards": 5, "tricks": 1, "winner": 0}
    done = parlour("beggar", "deal", "KS", "AH", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"status": "finished", "cards": 2, "tricks": 1, "winner": 1}


def test_bad_card_names_every_accepted_form() -> None:
    done = parlour("beggar", "deal", "-K", "-Z")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    for form in ("2..10 or T", "J Q K A", "- for any number card", "♠♥♦♣", "S H D C"):
        assert form in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--json", "--", "---"],  # a lone -- before a single hand is a hand: a deal needs two
        ["--json", "--", "--", "---"],  # the first -- ends the options
    ],
)
def test_a_hand_of_two_dashes_can_be_given(args: list[str]) -> None:
    done = parlour("beggar", "deal", *args)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"status": "finished", "cards": 4, "tricks": 1, "winner": 1}


def test_double_dash_after_a_hand_is_a_hand_and_still_ends_the_options_first() -> None:
    lone = parlour("beggar", "deal", "--lang", "en", "--", "---")
    assert lone.returncode == 0, lone.stderr  # was: "played by 2 to 6 players, not 1"
    assert lone.stdout == "finished: 4 cards, 1 trick, hand B (1) wins\n"
    after = parlour("beggar", "deal", "---", "--", "--json")
    assert json.loads(after.stdout) == {"status": "finished", "cards": 5, "tricks": 1, "winner": 0}
    three = parlour("beggar", "deal", "---", "--", "---", "--json")
    assert json.loads(three.stdout)["winner"] == 2  # three hands, none lost
    # `--` still ends the options before hands that begin with -, which are not lost either.
    paulhus = parlour("beggar", "deal", "--json", "--", *PAULHUS)
    assert json.loads(paulhus.stdout)["cards"] == 4791
    shown = parlour("beggar", "deal", "--help", env={**os.environ, "COLUMNS": "200"})
    assert "deal -- -- ---" in shown.stdout


def test_a_hand_with_a_lowercase_h_is_not_the_help_option() -> None:
    done = parlour("beggar", "deal", "-kh--", "---", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"status": "finished", "cards": 5, "tricks": 1, "winner": 0}


def test_stats_applies_max_turns_and_counts_capped_deals() -> None:
    plain = json.loads(parlour("beggar", "stats", "--deals", "300", "--json").stdout)
    done = parlour("beggar", "stats", "--deals", "300", "--rules", "max_turns=100", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert plain["capped"] == 0
    assert 0 < data["capped"] < 300
    assert data["finished"] + data["loops"] + data["capped"] == 300
    assert data["cards"]["max"] <= 100 < plain["cards"]["max"]
    text = parlour("beggar", "stats", "--deals", "300", "--rules", "max_turns=100", "--lang", "en")
    assert f"capped (more than 100 cards, max_turns): {data['capped']}" in text.stdout


@pytest.mark.parametrize("players", [2, 3])
def test_stats_capped_deals_are_those_deal_reports_capped(players: int) -> None:
    from parlour.games.beggar import kernel
    from parlour.games.beggar.bulk import codes_notation
    from parlour.games.beggar.cli import play_round
    from parlour.games.beggar.deals import random_deal
    from parlour.games.beggar.rules import BeggarRules

    count, seed = 120, 5
    lengths = kernel.play_random(players, count, seed).cards
    cap = int(sorted(lengths)[count // 2])  # a deal ends exactly at the cap: finished
    rules = BeggarRules(max_turns=cap)
    summary = kernel.run_stats(players, count, seed, rules, chunk=50).to_json()
    statuses = []
    for index in range(count):
        hands = [codes_notation(h) for h in random_deal(players, seed, index)]
        statuses.append(play_round([list(h) for h in hands], rules)["status"])
    assert summary["capped"] == statuses.count("capped") > 0
    assert summary["finished"] == statuses.count("finished")
    assert summary["loops"] == statuses.count("loop")
    assert summary["cards"]["max"] == cap


@pytest.mark.parametrize(
    ("option", "fragment"),
    [
        ("shuffle_captured=true", "shuffle_captured"),
        ("match=best_of_three", "match=best_of_three"),
        ("on_loop=most_cards", "on_loop=most_cards"),
    ],
)
def test_stats_refuses_the_options_it_cannot_honour_in_one_line(option: str, fragment: str) -> None:
    done = parlour("beggar", "stats", "--deals", "10", "--rules", option)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("parlour: ")  # nothing before: no progress display started
    assert done.stderr.count("\n") == 1
    assert fragment in done.stderr


FRENCH = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8", "COLUMNS": "200"}
ENGLISH = {**os.environ, "LANG": "C", "LC_ALL": "C", "COLUMNS": "200"}


def test_records_speak_the_readers_language_and_keep_their_english() -> None:
    fr = parlour("beggar", "records", env=FRENCH)
    assert fr.returncode == 0, fr.stderr
    header = next(line for line in fr.stdout.splitlines() if "┃" in line)
    columns = [cell.strip() for cell in header.split("┃")[1:-1]]
    assert columns == ["record", "année", "cartes", "plis", "gagnant", "vérifié"]
    assert "boucle à 474" in fr.stdout and "aucun (boucle)" in fr.stdout
    assert " oui " in fr.stdout and " yes " not in fr.stdout
    assert "Paulhus 1999\u00a0: " in fr.stdout
    en = parlour("beggar", "records", env=ENGLISH)
    assert "loop at 474" in en.stdout and "none (loop)" in en.stdout and " yes " in en.stdout
    assert "Paulhus 1999: " in en.stdout


def test_a_shuffled_deal_names_its_hands_with_french_spacing() -> None:
    fr = parlour("beggar", "deal", "--players", "2", "--seed", "1", env=FRENCH)
    assert fr.stdout.startswith("main A\u00a0: QK--")
    en = parlour("beggar", "deal", "--players", "2", "--seed", "1", env=ENGLISH)
    assert en.stdout.startswith("hand A: QK--")


def test_stats_write_french_numbers() -> None:
    data = json.loads(parlour("beggar", "stats", "--deals", "300", "--json").stdout)
    share = data["first_player_win_share"]
    fr = parlour("beggar", "stats", "--deals", "300", "--workers", "1", env=FRENCH)
    assert fr.returncode == 0, fr.stderr
    french_share = f"{100 * share:.2f}".replace(".", ",")
    assert f"le premier joueur gagne\u00a0: {french_share}\u00a0%" in fr.stdout
    assert f"{data['cards']['mean']:.1f}".replace(".", ",") in fr.stdout
    en = parlour("beggar", "stats", "--deals", "300", "--workers", "1", env=ENGLISH)
    assert f"first player wins: {share:.2%}" in en.stdout
    assert f"{data['cards']['mean']:.1f}" in en.stdout


def test_search_verify_speaks_french(tmp_path) -> None:
    path = tmp_path / "found.jsonl"
    good = {"hands": list(PAULHUS), "status": "finished", "cards": 4791, "tricks": 670}
    path.write_text(json.dumps({**good, "winner": 0}) + "\n")
    fr = parlour("beggar", "search", "--verify", "--results", str(path), env=FRENCH)
    assert fr.returncode == 0, fr.stderr
    # French groups thousands with a narrow no-break space (CLDR's « 4 791 »).
    assert f"ok\u00a0: 4\u202f791 cartes, 670 plis\u00a0: {' '.join(PAULHUS)}" in fr.stdout
    assert "1 donne enregistrée vérifiée, 0 diffère" in fr.stdout
    en = parlour("beggar", "search", "--verify", "--results", str(path), env=ENGLISH)
    assert f"ok: 4,791 cards, 670 tricks: {' '.join(PAULHUS)}" in en.stdout
    assert "1 stored deals checked, 0 differ" in en.stdout


def test_a_stored_deal_is_described_in_the_readers_language() -> None:
    from parlour.games.beggar.cli import _describe
    from parlour.games.beggar.search import Found

    found = Found(list(PAULHUS), "finished", 4791, 670, 0)
    assert _describe(found, "en") == found.describe()
    assert _describe(found, "fr").startswith("4\u202f791 cartes, 670 plis\u00a0: ")
    loop = Found(list(PAULHUS), "loop", 474, 66, None)
    assert _describe(loop, "en") == loop.describe()
    assert _describe(loop, "fr").startswith("BOUCLE, 66 plis\u00a0: ")


@pytest.mark.parametrize("minutes", ["nan", "0", "-1"])
def test_search_refuses_a_duration_that_is_not_positive(tmp_path, minutes: str) -> None:
    path = tmp_path / "found.jsonl"
    done = parlour("beggar", "search", "--minutes", minutes, "--results", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "parlour: --minutes and --threshold must be positive and --workers at least 0\n"
    )
    assert not path.exists()


def test_search_refuses_workers_with_ray(tmp_path) -> None:
    path = tmp_path / "found.jsonl"
    args = ("--minutes", "0.01", "--ray", "auto", "--workers", "2", "--results", str(path))
    done = parlour("beggar", "search", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr
        == "parlour: choose --workers (local processes) or --ray (a cluster), not both\n"
    )


def _run_here(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`parlour ARGV` in this process, in English: (exit status, stdout, stderr)."""
    from parlour.cli import main

    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--lang", "en"])
    captured = capsys.readouterr()
    code = stopped.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def test_search_on_an_unreachable_ray_cluster_is_one_clean_line(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What Ray raises when no cluster runs, without its advice of an --address flag."""
    from types import SimpleNamespace

    def init(**kwargs: object) -> None:
        raise ConnectionError(
            "Could not find any running Ray instance. Please specify the one to connect to by "
            "setting `--address` flag or `RAY_ADDRESS` environment variable."
        )

    monkeypatch.setitem(
        sys.modules, "ray", SimpleNamespace(is_initialized=lambda: False, init=init)
    )
    path = tmp_path / "found.jsonl"
    argv = ["beggar", "search", "--minutes", "0.01", "--ray", "auto", "--results", str(path)]
    code, out, err = _run_here(argv, capsys)
    assert code == 2
    assert out == ""
    assert (
        err
        == "parlour: cannot reach the Ray cluster 'auto': Could not find any running Ray instance\n"
    )


def test_an_os_error_of_no_file_names_parlour_once(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.games.beggar import search

    def refused(*args: object) -> None:
        raise ConnectionError("the network is down")

    monkeypatch.setattr(search.ResultsFile, "__init__", refused)
    argv = ["beggar", "search", "--minutes", "0.01", "--results", str(tmp_path / "f.jsonl")]
    code, _out, err = _run_here(argv, capsys)
    assert code == 1
    assert err == "parlour: the network is down\n"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("not json\n", "line 1 is not JSON: 'not json'"),
        ("not json", "line 1 is not JSON: 'not json'"),
        ('{"players": 2}\n', "line 1 is not a deal found by a search: '{\"players\": 2}'"),
    ],
)
def test_search_refuses_a_results_file_that_is_not_its_json_lines(
    tmp_path, text: str, line: str
) -> None:
    path = tmp_path / "found.jsonl"
    path.write_text(text)
    done = parlour(
        "beggar", "search", "--minutes", "0.01", "--workers", "1", "--results", str(path)
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"parlour: --results {path}: {line}\n"
    assert path.read_text() == text


def test_a_deal_stored_after_a_torn_line_is_not_glued_to_it(tmp_path) -> None:
    from parlour.games.beggar.search import Found, ResultsFile

    path = tmp_path / "found.jsonl"
    path.write_text('{"hands": ["--K", "-')  # a write cut short
    entry = Found(list(PAULHUS), "finished", 4791, 670, 0)
    assert ResultsFile(path).add(entry, {})
    assert list(ResultsFile(path).found) == [entry.key()]
