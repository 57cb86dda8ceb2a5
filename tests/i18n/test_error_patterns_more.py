"""The messages of `error_patterns.MORE_MESSAGES` read in French: one sample per pattern, and
the commands of the audit (Beggar deals and statistics, replays of wrong records, Flip 7 moves
refused, records Python cannot read, `beggar search`) run in French."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from parlour.i18n.errors import _MORE_PATTERNS, _PATTERNS, localise_message
from tests.i18n.helpers import run_french

NB = "\u00a0"


def spaced(text: str) -> str:
    """`text` with French typography: a non-breaking space before : ; ! ? and inside « »."""
    text = text.replace("« ", f"«{NB}").replace(" »", f"{NB}»")
    return re.sub(r" ([:;!?])", NB + r"\1", text)


# (English, French): one sample per pattern of MORE_MESSAGES at least.
SAMPLES = [
    (
        "r.json is not a game record: its JSON is nested too deep",
        "r.json n'est pas un enregistrement de partie : son JSON est imbriqué trop profondément",
    ),
    (
        "r.json is not a game record: Exceeds the limit (4300 digits) for integer string "
        "conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the "
        "limit",
        "r.json n'est pas un enregistrement de partie : il contient un nombre entier trop long "
        "pour être une valeur d'enregistrement (plus de 4300 chiffres)",
    ),
    (
        "the deal has 1 joker(s) but the rules allow 0 (option jokers)",
        "la donne a 1 joker mais les règles en permettent 0 (option « jokers »)",
    ),
    (
        "the deal has a beggar joker B but option beggar_joker is off (or two)",
        "la donne a un joker du mendiant B alors que l'option « beggar_joker » est désactivée "
        "(ou bien elle en a deux)",
    ),
    (
        "bulk statistics need a deterministic game: turn shuffle_captured off",
        "les statistiques en masse demandent un jeu déterministe : désactivez shuffle_captured",
    ),
    (
        "bulk statistics play single deals: match=best_of_three is not supported (use parlour "
        "simulate beggar for matches)",
        "les statistiques en masse jouent des donnes isolées : match=best_of_three n'est pas pris "
        "en charge (utilisez parlour simulate beggar pour les matchs)",
    ),
    (
        "bulk statistics count loops apart, with no winner: on_loop=most_cards is not supported",
        "les statistiques en masse comptent les boucles à part, sans gagnant : "
        "on_loop=most_cards n'est pas pris en charge",
    ),
    (
        "unknown Beggar-My-Neighbour action {'type': 'hit'}",
        "coup de Beggar-My-Neighbour inconnu : {'type': 'hit'}",
    ),
    (
        "--results f.jsonl: line 2 is not JSON: 'not json'",
        "--results f.jsonl : la ligne 2 n'est pas du JSON : « not json »",
    ),
    (
        "--results f.jsonl: line 1 is not a deal found by a search: '{\"a\": 1}'",
        "--results f.jsonl : la ligne 1 n'est pas une donne trouvée par une recherche : "
        '« {"a": 1} »',
    ),
    ("--results f.jsonl is not a text file", "--results f.jsonl n'est pas un fichier texte"),
    (
        "choose --workers (local processes) or --ray (a cluster), not both",
        "choisissez --workers (des processus locaux) ou --ray (un cluster), pas les deux",
    ),
    (
        "cannot reach the Ray cluster at nowhere:1: Name or service not known",
        "impossible de joindre le cluster Ray à nowhere:1 : nom ou service inconnu",
    ),
    (
        "cannot reach the Ray cluster 'auto': Could not find any running Ray instance",
        "impossible de joindre le cluster Ray « auto » : aucune instance de Ray ne tourne ici "
        "(lancez-en une avec ray start --head)",
    ),
    (
        "Could not find any running Ray instance",
        "aucune instance de Ray ne tourne ici (lancez-en une avec ray start --head)",
    ),
    (
        "choose who gets the flip_three",
        "choisissez qui reçoit le Trois à la suite",
    ),
    (
        "seat 1 cannot get the freeze (choose among [0, 2])",
        "la place 1 ne peut pas recevoir le Stop (choisissez parmi les places 0, 2)",
    ),
    ("rules option 'target' is given twice", "l'option de règle « target » est donnée deux fois"),
]


@pytest.mark.parametrize(("english", "french"), SAMPLES, ids=[s[0][:40] for s in SAMPLES])
def test_every_sample_reads_in_french(english: str, french: str) -> None:
    assert localise_message(english, "fr") == spaced(french)
    assert localise_message(english, "en") == english


def test_every_later_pattern_has_a_sample_and_none_is_shadowed() -> None:
    used = set()
    for english, _french in SAMPLES:
        assert not any(pattern.match(english) for pattern, _ in _PATTERNS), english
        for index, (pattern, _fr) in enumerate(_MORE_PATTERNS):
            if pattern.match(english):
                used.add(index)
                break
    assert [p.pattern for i, (p, _) in enumerate(_MORE_PATTERNS) if i not in used] == []


def _french(argv: list[str], capsys: Any, monkeypatch: Any) -> tuple[int, str]:
    code, _out, err = run_french(argv, capsys, monkeypatch)
    assert err.count("\n") == 1, err
    return code, err.strip()


@pytest.mark.parametrize(
    ("hands", "line"),
    [
        (["X", "---"], "la donne a 1 joker mais les règles en permettent 0 (option « jokers »)"),
        (
            ["B", "---"],
            "la donne a un joker du mendiant B alors que l'option « beggar_joker » est "
            "désactivée (ou bien elle en a deux)",
        ),
    ],
)
def test_a_deal_the_rules_refuse_reads_in_french(
    hands: list[str], line: str, capsys: Any, monkeypatch: Any
) -> None:
    code, err = _french(["beggar", "deal", *hands], capsys, monkeypatch)
    assert code == 2
    assert err == "parlour: " + spaced(line)


@pytest.mark.parametrize(
    ("rule", "fragment"),
    [
        ("shuffle_captured=true", "demandent un jeu déterministe : désactivez shuffle_captured"),
        ("match=best_of_three", "match=best_of_three n'est pas pris en charge (utilisez"),
        ("on_loop=most_cards", "on_loop=most_cards n'est pas pris en charge"),
    ],
)
def test_stats_refusals_read_in_french(
    rule: str, fragment: str, capsys: Any, monkeypatch: Any
) -> None:
    argv = ["beggar", "stats", "--deals", "10", "--rules", rule]
    code, err = _french(argv, capsys, monkeypatch)
    assert code == 2
    assert err.startswith("parlour: les statistiques en masse ")
    assert spaced(fragment) in err


def _flip7_record() -> dict[str, Any]:
    """A record of Flip 7 played by random moves until an action card awaits its target."""
    from parlour.core.records import record_of
    from parlour.core.registry import get_game

    state = get_game("flip7").new_state(2, seed=0)
    rng = random.Random(0)
    while type(state.legal_actions()[0]).__name__ != "Target":
        state.apply(rng.choice(state.legal_actions()))
    record: dict[str, Any] = json.loads(json.dumps(record_of(state)))
    record.pop("result", None)
    return record


def test_a_record_of_the_wrong_game_reads_in_french(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    record = _flip7_record()
    record["game"] = "beggar"
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(record))
    code, err = _french(["replay", str(path)], capsys, monkeypatch)
    assert code == 1
    assert err.startswith("parlour: le coup 1 (")
    assert spaced(" est mal formé : coup de Beggar-My-Neighbour inconnu : {'type': ") in err
    assert "unknown" not in err


def test_a_flip7_move_refused_for_its_card_reads_in_french(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    record = _flip7_record()
    record["actions"].append({"type": "hit"})
    path = tmp_path / "flip7.json"
    path.write_text(json.dumps(record))
    code, err = _french(["replay", str(path)], capsys, monkeypatch)
    assert code == 1
    assert err.endswith(spaced(" est interdit : choisissez qui reçoit le Trois à la suite"))


@pytest.mark.parametrize(
    ("text", "ending"),
    [
        ("[" * 100_000, "son JSON est imbriqué trop profondément"),
        (
            '{"seed": ' + "1" * 5000 + "}",
            "il contient un nombre entier trop long pour être une valeur d'enregistrement "
            "(plus de 4300 chiffres)",
        ),
    ],
    ids=["deep", "long-integer"],
)
def test_a_record_python_cannot_read_reads_in_french(
    text: str, ending: str, tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    code, err = _french(["replay", str(path)], capsys, monkeypatch)
    assert code == 1
    assert err == spaced(f"parlour: {path} n'est pas un enregistrement de partie : {ending}")
    assert "sys.set_int_max_str_digits" not in err


def test_search_refusals_read_in_french(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "found.jsonl"
    path.write_text("not json\n")
    argv = ["beggar", "search", "--minutes", "0.01", "--results", str(path)]
    code, err = _french(argv, capsys, monkeypatch)
    assert code == 2
    assert err == spaced(f"parlour: --results {path} : la ligne 1 n'est pas du JSON : « not json »")
    code, err = _french([*argv, "--ray", "auto", "--workers", "2"], capsys, monkeypatch)
    assert code == 2
    assert err == "parlour: choisissez --workers (des processus locaux) ou --ray (un cluster), " + (
        "pas les deux"
    )
