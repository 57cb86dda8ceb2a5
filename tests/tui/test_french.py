"""French all the way: every text a French table shows, and plurals that agree with their count.

The walk plays whole games in French and gathers what the screen would show (the table, the
moves and why the forbidden ones are, hints, narration, the rules options, the summary,
errors); none of it may hold a word of the English list below.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Any

import pytest

from parlour.core.errors import ParlourError
from parlour.core.options import describe_options
from parlour.core.registry import game_names, get_game
from parlour.i18n import plural_index, t, tn
from parlour.i18n.errors import localise_message
from parlour.i18n.options import option_help, option_label, value_label
from parlour.tui.app import ParlourApp
from parlour.tui.config import PlayConfig, SeatPlan, plan_seats
from parlour.tui.screens import summary_renderable
from parlour.tui.session import PlaySession
from tests.tui.helpers import cli, on_screen, plain, run, screen_lines, settle

# Words that are English and not French: one of them in a French text is a leak.
ENGLISH = frozenset(
    """
    the and with you your yours hit hits stay stays stayed bust busts busted freeze frozen draw
    draws lucky family families player players round rounds deal deals dealer wins win loses
    lost none false true yes ask asks asked give gives keep keeps kept takes take three move
    moves turn turns bot bots strong memory random first search counter threshold solver
    reflexes deck shoes socks trousers shirt jumper jacket coat hat grandfather grandmother
    father mother daughter aunt uncle game games over not allowed hints rules save quit is are
    of to for from he his him himself her herself cards card tricks trick stack out owes pays
    wardrobe outfit outfits nobody everybody which whom back cannot must may unknown bad
    expected default meaning current language seed start name human age level player's left
    asker
    """.split()  # noqa: SIM905  (a word list reads better as text)
)
# Proper names that are English words: titles and credits, not texts to translate.
PROPER = ("Beggar-My-Neighbour", "The Op Games", "Eric Olsen", "Happy Families", "Flip 7")


def english_words(text: str) -> set[str]:
    for name in PROPER:
        text = text.replace(name, " ")
    return {w for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.lower()) if w in ENGLISH}


def assert_french(texts: list[str], where: str) -> None:
    for text in texts:
        leaks = english_words(text)
        assert not leaks, f"{where}: {sorted(leaks)} in {text!r}"


def french_session(game: str, seed: int) -> PlaySession:
    seats = plan_seats(get_game(game), "fr", players=min(3, get_game(game).max_players))
    return PlaySession(PlayConfig(game, seats, lang="fr", seed=seed, instant=True, hints=True))


@pytest.mark.parametrize("game", game_names())
def test_a_whole_french_game_shows_no_english_word(game: str) -> None:
    session = french_session(game, seed=11)
    rng = random.Random(3)
    decisions = 0
    while not session.over and session.state.turns < 400:
        if session.is_bot(session.mover):
            session.bot_move()
            continue
        texts = [plain(session.render(), width=80), *session.hints()]
        texts += [choice.label for choice in session.choices()]
        if decisions < 3:  # every move of the game, and why the forbidden ones are
            for choice in session.choices(every=True):
                texts += [choice.label, choice.reason or ""]
        assert_french(texts, f"{game} table")
        decisions += 1
        session.play(rng.choice(session.state.legal_actions()))
    assert_french(session.history(), f"{game} narration")
    if session.over:
        assert_french([plain(summary_renderable(session), width=80)], f"{game} summary")


@pytest.mark.parametrize("game", game_names())
def test_rules_options_read_in_french_with_named_values(game: str) -> None:
    the_game = get_game(game)
    texts = []
    for name, default, help_text, choices in describe_options(the_game.rules_class):
        texts += [option_label(game, name, "fr"), option_help(game, name, help_text, "fr")]
        texts += [value_label(game, name, value, "fr") for value in (default, *(choices or ()))]
        assert name not in option_label(game, name, "fr")  # no raw field name
    assert_french(texts, f"{game} options")
    assert not {"False", "True", "None"} & set(" ".join(texts).split())


def test_the_setup_and_rules_screens_show_french_only() -> None:
    for game in game_names():
        app = ParlourApp(game=game, lang="fr")

        async def setup(pilot: Any, app: ParlourApp = app, game: str = game) -> None:
            await settle(pilot, lambda: on_screen(app, "SetupScreen"))
            await pilot.pause()
            texts = [" ".join(screen_lines(app))]
            screen = app.screen
            for widget in screen.query("Select"):  # the choices of every drop-down
                texts += [str(prompt) for prompt, _value in widget._options]
            assert_french(texts, f"{game} setup")

        run(app, setup)
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "strong")]
    app = ParlourApp(session=PlaySession(PlayConfig("flip7", seats, lang="fr", seed=2)))

    async def rules(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "TableScreen"))
        await pilot.pause()
        assert_french([" ".join(screen_lines(app))], "table screen")  # footer and titles too
        await pilot.press("r")
        await settle(pilot, lambda: on_screen(app, "RulesScreen"))
        await pilot.pause()
        text = " ".join(plain(w.content, width=120) for w in app.screen.query("Static"))
        assert_french([text], "rules screen")
        assert "Total à atteindre" in text and "non" in text.split()

    run(app, rules)


def errors_in_french() -> list[str]:
    """The messages of the errors a person meets, as a French table shows them."""
    from parlour.bots.base import make_bot
    from parlour.core.options import make_rules, parse_options
    from parlour.core.records import load_record, record_of, replay
    from parlour.games.beggar.cards import parse_hand
    from parlour.sim.simulation import prepare_job

    start = get_game("gofish").new_state(2, seed=1)
    illegal_ask = record_of(start)  # the seat to move asks itself
    illegal_ask["actions"] = [{"type": "ask", "target": start.to_move, "rank": 0}]

    flip7 = get_game("flip7")
    attempts = [
        lambda: make_bot(flip7, "strong:zz"),
        lambda: make_bot(flip7, "threshold:abc"),
        lambda: make_bot(flip7, "nosuchbot"),
        lambda: plan_seats(flip7, "fr", players=-3),
        lambda: plan_seats(flip7, "fr", players=2, humans="3"),
        lambda: get_game("nosuchgame"),
        lambda: parse_options(flip7.rules_class, ["nonsense=1"]),
        lambda: parse_options(flip7.rules_class, ["target=abc"]),
        lambda: parse_options(get_game("beggar").rules_class, ["face_up=maybe"]),
        lambda: make_rules(get_game("beggar").rules_class, {"match": "forever"}),
        lambda: load_record("/nonexistent/saved.json"),
        lambda: load_record(sys.executable),
        lambda: prepare_job("flip7", "random", 10, None, 1),
        lambda: prepare_job("flip7", "random,random", 0, None, 1),
        lambda: parse_hand("1Z2"),
        lambda: replay(illegal_ask),
    ]
    messages = []
    for attempt in attempts:
        with pytest.raises(ParlourError, match=r"\w") as raised:
            attempt()
        messages.append(localise_message(str(raised.value), "fr"))
    return messages


def test_errors_read_in_french() -> None:
    messages = errors_in_french()
    # What the person typed comes back quoted, as typed ('strong:zz'), and options are named as
    # typed (--bots): only the rest is checked.
    typed = r"«[^»]*»|(?<!\w)'[^']*'|--[\w-]+"
    assert_french([re.sub(typed, "", m) for m in messages], "errors")
    assert "robot inconnu «\u00a0nosuchbot\u00a0» pour flip7" in messages[2]
    assert messages[3] == "flip7 se joue de 2 à 18 joueurs, pas -3"
    # The list of bots, then what else --bots takes, each in French.
    assert messages[2].endswith(
        "«\u00a0threshold\u00a0» (ou un chemin d'import, paquet.module:Classe)"
    )
    # A layer's addition to another's message is translated with it.
    assert (
        messages[12]
        == "flip7 se joue de 2 à 18 joueurs, pas 1 (un robot par joueur\u00a0: --bots en donne 1)"
    )
    assert messages[13] == "--games doit valoir au moins 1, pas 0"
    assert messages[14].startswith(
        "carte illisible «\u00a01\u00a0» dans la main «\u00a01Z2\u00a0»\u00a0: les rangs 2..10"
    )
    # A replay's illegal move, the rule it breaks included (read from its English words).
    assert messages[15].endswith(
        "est interdit\u00a0: il faut demander à un autre joueur, pas à vous-même"
    )


def french_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return cli(*args, lang="fr_FR.UTF-8")


def test_the_command_line_speaks_french_under_a_french_locale() -> None:
    done = french_cli("play", "flip7", "--bots", "strong:zz")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        "mauvais paramètres pour le robot «\u00a0strong:zz\u00a0»\u00a0: "
        "«\u00a0strong\u00a0» ne prend aucun" in done.stderr
    )
    usage = french_cli("play", "flip7", "--players", "x")
    assert usage.returncode == 2
    assert (
        "Valeur invalide pour «\u00a0--players\u00a0»\u00a0: un nombre entier est attendu"
        in usage.stderr
    )
    helped = french_cli("play", "-h")
    assert helped.returncode == 0
    assert "Jouer dans le terminal contre des robots" in helped.stdout
    assert "Afficher cette aide et quitter." in helped.stdout
    assert "Show this message" not in helped.stdout


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Léa stays with 0 points.", "Léa stays with 1 point.", "Léa stays with 2 points."]),
        ("fr", ["Léa s'arrête avec 0 point.", "Léa s'arrête avec 1 point.",
                "Léa s'arrête avec 2 points."]),
    ],
)  # fmt: skip
def test_plurals_agree_with_0_1_and_2(lang: str, expected: list[str]) -> None:
    assert [t("flip7.stay", lang, name="Léa", points=n) for n in (0, 1, 2)] == expected


def test_plurals_in_the_tricks_and_cards_of_beggar() -> None:
    texts = [t("tui.beggar.counts", "fr", round=1, cards=n, tricks=n) for n in (0, 1, 2)]
    assert texts == [
        "Manche 1 · 0 carte posée · 0 pli",
        "Manche 1 · 1 carte posée · 1 pli",
        "Manche 1 · 2 cartes posées · 2 plis",
    ]
    texts = [t("tui.beggar.counts", "en", round=1, cards=n, tricks=n) for n in (0, 1, 2)]
    assert texts == [
        "Round 1 · 0 cards laid · 0 tricks",
        "Round 1 · 1 card laid · 1 trick",
        "Round 1 · 2 cards laid · 2 tricks",
    ]


def test_the_plural_rule_is_gettexts_per_language() -> None:
    assert [plural_index("en", n) for n in (0, 1, 2)] == [1, 0, 1]
    assert [plural_index("fr", n) for n in (0, 1, 2)] == [0, 0, 1]  # French: 0 is singular
    assert [tn("tui.turns", "tui.turns", n, "fr", turns=n) for n in (0, 1, 2)] == [
        "0 coup.",
        "1 coup.",
        "2 coups.",
    ]


def test_a_named_player_is_never_given_a_pronoun() -> None:
    # "keeps a Freeze for himself" said of Chloé: the sentence names the card, not a gender.
    assert t("flip7.target_self", "en", name="Chloé", card="a Freeze") == "Chloé keeps a Freeze."
    assert t("flip7.target_self", "fr", name="Chloé", card="un Stop") == "Chloé garde un Stop."
    assert t("flip7.freeze", "fr", name="Chloé", points=1) == "Stop pour Chloé, avec 1 point."


def test_an_english_table_plays_the_english_deck() -> None:
    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "memory")]
    english = PlaySession(PlayConfig("familles", seats, lang="en", seed=1))
    french = PlaySession(PlayConfig("familles", seats, lang="fr", seed=1))
    assert english.state.rules.deck == "en" and english.view()["deck"]["lang"] == "en"
    assert french.state.rules.deck == "fr"
    chosen = PlaySession(PlayConfig("familles", seats, lang="en", seed=1, rules={"deck": "fr"}))
    assert chosen.state.rules.deck == "fr"  # a deck chosen is kept
