"""Every error message Parlour raises reads in French: one sample per pattern of
`parlour.i18n.errors`, the messages of the audit word for word, and the errors really raised
by records, decks, bots and options."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import Any

import pytest

from parlour.core.errors import ParlourError
from parlour.i18n.errors import _PATTERNS, localise_error, localise_message, os_reason, quote

NB = "\u00a0"


def q(name: str) -> str:
    return f"«{NB}{name}{NB}»"


def spaced(text: str) -> str:
    """`text` with the non-breaking spaces French puts before : ; ! ? (written plain here)."""
    return re.sub(r" ([:;!?])", NB + r"\1", text)


# One real message per pattern at least (the first pattern that matches it is the one used).
SAMPLES = [
    "unknown bot 'nosuchbot' for flip7; bots are: random, strong (or an import path, "
    "package.module:Class)",
    "unknown bot 'x' for flip7; bots are: random, strong",
    "bad parameters for bot 'strong:zz': strong takes no parameter",
    "bad parameters for bot 'threshold:abc': threshold takes limit (numbers), not 'abc'",
    "bad parameters for bot 'x:1:2': x takes limit",
    "bad parameters for bot 'x:1': too many values",
    "bot 'mypkg.nomod:Bot': cannot import module 'mypkg.nomod' (No module named 'mypkg'); is "
    "its folder on PYTHONPATH or its package installed?",
    "No module named 'mypkg'",
    "bot 'm:B': importing module 'm' failed: SyntaxError: invalid syntax",
    "bot 'parlour.bots:NoSuch': module 'parlour.bots' has no attribute 'NoSuch'",
    "bot 'os:sep': os:sep is not a bot (a str); name a subclass of parlour.bots.Bot or a "
    "function that returns one",
    "bot 'pkgbot' is declared by an installed package but does not load: No module named 'p'",
    "bot 'm:B' is an import path; only installed bots play here: first, random",
    "bot 'm:f' is not a bot: m:f made a int, not a parlour.bots.Bot",
    "bot 'lazy' returned None, not an action: return one of decision.legal_actions",
    "empty bot name",
    "bot random cannot play",
    "--bots takes bot names separated by commas, got ','",
    "unknown game 'nosuchgame'; games are: beggar, flip7",
    "game 'war' cannot be loaded (No module named 'parlour_missing_extra')",
    "table 1 (random, crashy:Crash:100): game 0 of flip7 failed (seed 71, seats random, "
    "crashy:Crash:100, seat 1 to move, after 4 turns): RuntimeError: gave up; record saved to "
    "/tmp/parlour-failed-flip7-71.json",
    "game 3 of familles failed (seed 9, seats random, memory, after 0 turns): ValueError: bad",
    "game 0 of flip7 failed (seed 71, seats random, first, seat 1 to move, after 4 turns): "
    "RuntimeError: gave up",
    "RuntimeError: gave up; record saved to /tmp/parlour-failed-flip7-71.json",
    "RuntimeError: gave up; traceback saved to /tmp/parlour-failed-flip7-71.traceback.txt",
    "flip7 is played by 2 to 18 players, not -3",
    "bataille is played by 2 players, not 3",
    "patience is played by 1 player, not 2",
    "3 human seats but only 2 players",
    "2 players cannot seat 0 human(s) and 3 bot(s)",
    "name the game to play, e.g. parlour play flip7 --players 3",
    "every seat needs a name",
    "two seats have the same name",
    "a seat needs a name, got 5",
    "a seat's age must be a whole number, got 'x'",
    "seat 2 is not a person",
    "no bot is to move",
    "--resume goes on with the saved table; --players cannot change it",
    "an age is a whole number, not 'x'",
    "the seed is a whole number, not 'x'",
    "unknown language 'de'; languages are: en, fr",
    "unknown shell 'foo'; shells are: bash, zsh, fish",
    "--plot needs the matplotlib library: pip install 'parlour[plot]'",
    "rl check needs PettingZoo and Gymnasium, or OpenSpiel: pip install 'parlour[rl]' or "
    "pip install 'parlour[openspiel]'",
    "unknown rules option 'nope'; options are: deck, hand_size",
    "option hand_size must be one of 6, 7, 8, not 99",
    "option target takes a whole number from -9223372036854775807 to 9223372036854775807",
    "option deck takes text, not 5",
    "option ranks takes a list, not 5",
    "option face_up takes true or false, not 'maybe'",
    "option target takes a whole number, not 'abc'",
    "option pace takes a number, not 'abc'",
    "option wardrobe cannot be set from the command line",
    "bad value 'x' for target",
    "a rules option is written key=value, not 'nonsense'",
    "rules are an object of options, not [1]",
    "--games must be at least 1, not 0",
    "--games must be at most 9, not 10",
    "target must be at least 1 point",
    "x must be at most 3",
    "initial_cards must be at least 1, or -1 for OpenSpiel's default",
    "flip7_bonus cannot be negative",
    "--workers must be 0 (every core) or more",
    "cannot read deck nosuch.toml: No such file or directory",
    "cannot write records to out: Permission denied",
    "cannot read /nonexistent/saved.json: No such file or directory",
    "cannot write out.csv: Is a directory",
    "cannot create /etc/passwd: File exists",
    "python is not a game record (not a text file)",
    "bad.json is not valid JSON: Expecting value (line 1)",
    "bad.json is not valid JSON: something odd",
    "list.json does not hold a record object",
    "saved.json is a game of gofish, not flip7",
    "--out /nope/x.csv: the folder '/nope' does not exist",
    "--out /tmp: that is a folder, not a file",
    "--out /x.csv: not allowed to write there",
    "--out writes .csv or .parquet files, not 'x.txt'",
    "a record is a JSON object",
    "unsupported record format None (expected parlour-record/1)",
    "unsupported record format 'x/2' (expected parlour-record/1)",
    "the record has no 'game' field",
    "the record's game must be a game's name, not 5",
    "the record's rules must be an object of options, not [1]",
    "the record's seats must be a list of names, not 5",
    'the record\'s seat 1 must be a name or an object with a "name", not 5',
    "the record's seat 1's age must be a whole number, not \"x\"",
    "the record's seat 1's data must be an object, not 5",
    "the record's seat 1's bot must be a bot's name, not 5",
    "the record's seed must be an integer, got '1'",
    "the record has neither a seed nor a deal",
    'the record\'s actions must be a list, not "x"',
    'the record\'s action 2 must be an object such as {"type": ...}, not "x"',
    "the record's result must be an object, not 5",
    "the record's deal is malformed: no 'hands'",
    "no 'hands'",
    "action 1 ({'type': 'ask', 'target': 1, 'card': 999}) is illegal: there is no card 999 in "
    "this deck",
    "action 1 ({'type': 'x'}) is malformed: unknown action {'type': 'x'}; the only move is an ask",
    "replay gives None, but the record says {'winners': [0]}",
    "seat 5 is not at this game (seats 0 to 1)",
    "beggar offers no review of a seat's decisions",
    "no deal stored in results.jsonl",
    "--bot-delay is between 0 and 30 seconds",
    "--host is empty: give an address (127.0.0.1, or 0.0.0.0 for all)",
    "--port must be between 1 and 65535, not 99999",
    "--tables-per-minute must be at least 1",
    "--connections-per-address must be at least 1",
    "--rate must be positive",
    "--workers is at least 1",
    "--workers above 1 needs PostgreSQL (--db postgresql://...): a SQLite database is served by "
    "one process",
    "port 8000 is already in use on 127.0.0.1 (another server?): try another --port",
    "--host '999.1.1.1' cannot be resolved: Name or service not known",
    "cannot listen on http://10.9.9.9:8000/: Cannot assign requested address",
    "--proxy takes IP addresses or networks (127.0.0.1, 10.0.0.0/8), not 'x'",
    "cannot use database 'mysql://h/db': Parlour supports only SQLite (sqlite:///file.db) and "
    "PostgreSQL (postgresql://...), not mysql",
    "the SQLite database /tmp/p.db is already served by another process; several server "
    "processes (--workers) need PostgreSQL (--db postgresql://...)",
    "unknown action {'type': 'x'}; the only move is an ask",
    "an ask needs an integer target and card, got {'type': 'ask'}",
    "unknown Flip 7 action {'type': 'x'}",
    "unknown key 'seat' in a move; its keys are type",
    "there is no card 999 in this deck",
    "there is no seat 7 at this table",
    "there is no rank 99 in this deck",
    "there is no character 99 in this deck",
    "there is no group 99 in this deck",
    "it is not seat 1's turn (seat 0 plays)",
    "{'type': 'hit'} is not a legal move now",
    "bad1.toml: unknown key 'colour'; did you mean 'color'? keys are id, name",
    "bad1.toml: unknown key 'deck'; keys are id, name, lang, families",
    "d.toml: family 1: missing 'name'",
    "d.toml: 'name' must be a non-empty text, got ''",
    "d.toml: family 'a', member 1 (grand-père): picture 'x.png' not found next to the deck file",
    "d.toml: family 'a', member 1 (grand-père): a member is a table such as { name = \"fille\" }",
    "d.toml: family 'a', member 1 (grand-père): gender must be \"m\" or \"f\", not 'x'",
    "d.toml: family 'a', member 1 (grand-père): article must be a text, got 5",
    "d.toml: id 'A B' must be lower-case letters, digits, - or _",
    "d.toml: family 2: id must be lower-case letters, digits, - or _",
    'd.toml: lang must be "fr" or "en", not \'de\'',
    "d.toml: a deck needs [[families]] tables",
    "bad2.toml: a deck has 7 families, this one has 2",
    "d.toml: family 3 is not a table",
    "d.toml: family 'a': duplicate family id 'a'",
    "d.toml: family 'b': duplicate family name 'A' (names differing only in case are the same "
    "name)",
    "d.toml: family 'a': duplicate member 'Fils' (names differing only in case are the same name)",
    "d.toml: family 'a': colour must look like \"#a1b2c3\", not 'red'",
    "d.toml: family 'a': missing its list of members",
    "d.toml: family 'a' is not complete: it has 5 members, a family has 6 (grand-père, "
    "grand-mère, père, mère, fils, fille, in that order)",
    "d.toml is not UTF-8 text",
    "d.toml is not valid TOML: Invalid statement (at line 1, column 1)",
    "an uploaded deck has at most 65536 bytes",
    "unknown uploaded deck 'upload:abc'; send its text again",
    "unknown deck 'nosuch'; decks are fr, en or the path of a .toml file",
    "deck fr has no family 'x'",
    "2 hands of 40 need more than the 52 cards of 13 ranks of 4",
    "5 hands of 8 need more than 42 cards",
    "hand_size 8 is only for two players; choose 6 or 7",
    "7 players need at least 1 optional family (hats, scarves, belts); this game has 0",
    "8 players need at least 2 optional families (hats, scarves, belts); this game has 1",
    "choose one joker variant: jokers or beggar_joker, not both",
    "a Beggar deal is a list of hands",
    "a Beggar hand is a string of cards or a list of cards, not 1",
    "a deal needs at least two hands",
    "the deal has no cards",
    "3 seats for 2 hands",
    "each player plays a different character",
    "unknown field 'x' in a Flip 7 deal",
    "the dealer must be a seat from 0 to 2",
    "suits must be 2 to 16, not 1: a book of one card is no book",
    "most_books_wins=false means the first player out wins: set end_on_first_out=true",
    "ranks must be 1 to 13, not 99",
    "no Flip 7 number card 13 (numbers go from 0 to 12)",
    "unknown Flip 7 card '99'; cards are 0..12, +2, +4, +6, +8, +10, x2, freeze, flip_three, "
    "second_chance",
    "the deal holds 3 copies of 1, the deck has 1",
    "a hand cannot hold two 12s (that is a bust)",
    "a hand holds each modifier at most once",
    "the solver's hands hold numbers and modifiers only: Freeze, Flip Three and Second Chance "
    "are outside its model",
    "seven different numbers are a Flip 7: the round is over",
    "that hand holds a card the numbers deck leaves out",
    "a hand is a list of cards such as 12,11 or 7,x2,+4",
    "bad card '1' in hand '1Z2': use ranks 2..10 or T and J Q K A (the penalty cards), each "
    "with an optional suit ♠♥♦♣ or S H D C; - for any number card, X a joker, B the beggar joker",
    "card '-H' in hand '-H' cannot have a suit: use ranks 2..10 or T and J Q K A (the penalty "
    "cards), each with an optional suit ♠♥♦♣ or S H D C; - for any number card, X a joker, B the "
    "beggar joker",
    "give either hands or --players, not both",
    "give the hands (e.g. parlour beggar deal -K--A QJ---) or --players N",
    "search plays the standard deck: no jokers, no shuffle_captured",
    "--minutes and --threshold must be positive and --workers at least 0",
    "2 record deal(s) do not give their published length",
    "1 stored deal(s) differ from the reference engine",
    "a tournament needs at least two bots",
    "--table-size 30 needs at least 30 bots",
    "2 check(s) failed: gym, pettingzoo",
]

# The audit's findings, word for word.
EXPECTED = {
    "2 players cannot seat 0 human(s) and 3 bot(s)": (
        "2 joueurs ne suffisent pas pour 0 humain et 3 robots"
    ),
    "1 players cannot seat 1 human(s) and 1 bot(s)": (
        "1 joueur ne suffit pas pour 1 humain et 1 robot"
    ),
    "option hand_size must be one of 6, 7, 8, not 99": (
        f"l'option {q('hand_size')} doit valoir 6, 7 ou 8, pas 99"
    ),
    "unknown game 'nosuchgame'; games are: beggar, flip7": (
        f"jeu inconnu {q('nosuchgame')} ; les jeux sont : {q('beggar')}, {q('flip7')}"
    ),
    "table 1 (random, crashy:Crash:100): game 0 of flip7 failed (seed 71, seats random, "
    "crashy:Crash:100, seat 1 to move, after 4 turns): RuntimeError: gave up; record saved to "
    "/tmp/x.json": (
        f"table 1 ({q('random')}, {q('crashy:Crash:100')}) : la partie 0 de flip7 a échoué "
        "(graine 71, places random, crashy:Crash:100, place 1 au trait, après 4 tours) : "
        "RuntimeError: gave up ; la partie jusque-là est enregistrée dans /tmp/x.json"
    ),
    "game 'war' cannot be loaded (No module named 'parlour_missing_extra')": (
        f"le jeu {q('war')} ne peut pas être chargé (aucun module nommé "
        f"{q('parlour_missing_extra')})"
    ),
    "unknown shell 'foo'; shells are: bash, zsh, fish": (
        f"shell inconnu {q('foo')} ; les shells sont : {q('bash')}, {q('zsh')}, {q('fish')}"
    ),
    "cannot read deck X: No such file or directory": (
        "impossible de lire le jeu X : fichier ou dossier introuvable"
    ),
    "cannot create /etc/passwd: File exists": (
        "impossible de créer /etc/passwd : le fichier existe déjà"
    ),
    "action 1 ({'type': 'ask', 'target': 1, 'card': 999}) is illegal: there is no card 999 in "
    "this deck": (
        "le coup 1 ({'type': 'ask', 'target': 1, 'card': 999}) est interdit : la carte 999 "
        "n'existe pas dans ce jeu"
    ),
    "unsupported record format None (expected parlour-record/1)": (
        "l'enregistrement ne dit pas son format (il faut parlour-record/1)"
    ),
    "the record has neither a seed nor a deal": "l'enregistrement n'a ni graine ni donne",
    'the record\'s actions must be a list, not "x"': (
        f"les coups de l'enregistrement doivent être une liste, pas {q('x')}"
    ),
    "action 1 ({'type': 'x'}) is malformed: unknown action {'type': 'x'}; the only move is an "
    "ask": (
        "le coup 1 ({'type': 'x'}) est mal formé : coup inconnu {'type': 'x'} ; le seul coup "
        "est une demande"
    ),
    "bot 'mypkg.nomod:Bot': cannot import module 'mypkg.nomod' (No module named 'mypkg'); is "
    "its folder on PYTHONPATH or its package installed?": (
        f"robot {q('mypkg.nomod:Bot')} : impossible d'importer le module {q('mypkg.nomod')} "
        f"(aucun module nommé {q('mypkg')}) ; son dossier est-il dans PYTHONPATH, ou son paquet "
        "installé ?"
    ),
    "bot 'parlour.bots:NoSuch': module 'parlour.bots' has no attribute 'NoSuch'": (
        f"robot {q('parlour.bots:NoSuch')} : le module {q('parlour.bots')} n'a pas d'attribut "
        f"{q('NoSuch')}"
    ),
    "bad1.toml: unknown key 'deck'; keys are id, name, lang, families": (
        f"bad1.toml : clé inconnue {q('deck')} ; les clés sont : {q('id')}, {q('name')}, "
        f"{q('lang')}, {q('families')}"
    ),
    "bad2.toml: a deck has 7 families, this one has 2": (
        "bad2.toml : un jeu a 7 familles, celui-ci en a 2"
    ),
    "d.toml: family 'a', member 1 (grand-père): article must be a text, got 5": (
        f"d.toml : famille {q('a')}, membre 1 (grand-père) : article doit être un texte, pas 5"
    ),
    "unknown deck 'nosuch'; decks are fr, en or the path of a .toml file": (
        f"jeu de cartes inconnu {q('nosuch')} ; les jeux de cartes sont {q('fr')}, {q('en')} ou "
        "le chemin d'un fichier .toml"
    ),
    "flip7_bonus cannot be negative": "flip7_bonus ne peut pas être négatif",
    "--bonus cannot be negative": "--bonus ne peut pas être négatif",
    "a tournament needs at least two bots": "un tournoi demande au moins deux robots",
    "--table-size 30 needs at least 30 bots": "--table-size 30 demande au moins 30 robots",
    "give either hands or --players, not both": (
        "donnez soit des mains, soit --players, pas les deux"
    ),
    "beggar offers no review of a seat's decisions": (
        "beggar n'offre pas de revue des décisions d'une place"
    ),
    "--plot writes .png or .svg files, not 'x.gif'": (
        f"--plot écrit des fichiers .png ou .svg, pas {q('x.gif')}"
    ),
    "flip7 is played by 2 to 18 players, not 1 (one bot per player: --bots gives 1)": (
        "flip7 se joue de 2 à 18 joueurs, pas 1 (un robot par joueur : --bots en donne 1)"
    ),
}

# Words that give away an untranslated message (not names: they are quoted or typed as is).
ENGLISH = re.compile(
    r"\b(the|is|are|not|must|cannot|unknown|needs?|has|have|with|of|or|and|takes|got|give)\b"
)
# What a French message may keep in English: names in quotes, options, the values quoted back
# (Python's own reprs), file names and the words of a format (parlour-record/1, TOML's message).
KEPT = re.compile(r"«[^»]*»|--[\w-]+|\{[^}]*\}|\([^()]*line \d+, column \d+\)|'[^']*'")


@pytest.mark.parametrize("english", SAMPLES)
def test_every_sample_reads_in_french(english: str) -> None:
    french = localise_message(english, "fr")
    assert french != english
    leaks = ENGLISH.findall(KEPT.sub("", french))
    assert not leaks, f"{leaks} in {french!r}"
    assert "'" not in re.sub(r"\w'\w|\{[^}]*\}|pip install '[^']*'|'[^']*'[\w ]*\)$", "", french)
    assert localise_message(english, "en") == english  # English passes through


def test_every_pattern_has_a_sample() -> None:
    """A new pattern comes with its sample; a pattern no sample reaches is dead or shadowed."""
    used = set()
    for english in SAMPLES:
        for index, (pattern, _french) in enumerate(_PATTERNS):
            if pattern.match(english):
                used.add(index)
                break
    unused = [_PATTERNS[i][0].pattern for i in range(len(_PATTERNS)) if i not in used]
    assert not unused


@pytest.mark.parametrize(("english", "french"), list(EXPECTED.items()))
def test_the_audit_messages_read_as_expected(english: str, french: str) -> None:
    assert localise_message(english, "fr") == spaced(french)


def test_names_are_in_french_quotes_with_non_breaking_spaces() -> None:
    assert quote("x") == f"«{NB}x{NB}»"
    for english in SAMPLES:
        french = localise_message(english, "fr")
        assert "« " not in french and " »" not in french, french
        assert not re.search(r" [:;!?%]", french), french  # a line never breaks before them


def test_os_reasons_read_in_french() -> None:
    cases = {
        errno.ENOENT: "fichier ou dossier introuvable",
        errno.EISDIR: "c'est un dossier",
        errno.EACCES: "permission refusée",
        errno.EEXIST: "le fichier existe déjà",
        errno.ENOTDIR: "ce n'est pas un dossier",
    }
    for code, french in cases.items():
        err = OSError(code, os.strerror(code))
        assert os_reason(err, "fr") == french
        assert os_reason(err.strerror, "fr") == french
        assert os_reason(err, "en") == os.strerror(code)
    assert os_reason("Something new", "fr") == "Something new"  # never mistranslated


def _raised(attempt: Any) -> ParlourError:
    with pytest.raises(ParlourError) as raised:
        attempt()
    return raised.value


def test_real_deck_errors_read_in_french(tmp_path: Path) -> None:
    from parlour.games.familles.decks import get_deck, load_deck_file

    unknown_key = tmp_path / "bad1.toml"
    unknown_key.write_text('deck = "x"\n')
    not_utf8 = tmp_path / "bin.toml"
    not_utf8.write_bytes(b"\xff\xfe")
    not_toml = tmp_path / "bad.toml"
    not_toml.write_text("= =\n")
    two = tmp_path / "two.toml"
    two.write_text(
        'id = "two"\nname = "Two"\nlang = "fr"\n'
        + '[[families]]\nid = "a"\nname = "A"\n' * 1
        + '[[families]]\nid = "b"\nname = "B"\n'
    )
    messages = [
        localise_error(_raised(lambda: load_deck_file(unknown_key)), "fr"),
        localise_error(_raised(lambda: load_deck_file(not_utf8)), "fr"),
        localise_error(_raised(lambda: load_deck_file(not_toml)), "fr"),
        localise_error(_raised(lambda: load_deck_file(two)), "fr"),
        localise_error(_raised(lambda: load_deck_file(tmp_path / "none.toml")), "fr"),
        localise_error(_raised(lambda: load_deck_file(tmp_path)), "fr"),
        localise_error(_raised(lambda: get_deck("nosuch")), "fr"),
    ]
    assert messages[0].startswith(spaced(f"{unknown_key} : clé inconnue {q('deck')} ; les clés"))
    assert messages[1] == f"{not_utf8} n'est pas du texte UTF-8"
    assert messages[2].startswith(spaced(f"{not_toml} n'est pas du TOML valide : "))
    assert messages[3] == spaced(f"{two} : un jeu a 7 familles, celui-ci en a 2")
    assert messages[4].endswith(spaced("none.toml : fichier ou dossier introuvable"))
    assert messages[4].startswith("impossible de lire le jeu ")
    assert messages[5].endswith(spaced(" : c'est un dossier"))
    assert messages[6].startswith(spaced(f"jeu de cartes inconnu {q('nosuch')} ; les jeux "))


def test_real_bot_errors_read_in_french() -> None:
    from parlour.bots.base import make_bot
    from parlour.core.registry import get_game

    familles, flip7 = get_game("familles"), get_game("flip7")
    no_module = _raised(lambda: make_bot(familles, "mypkg.nomod:Bot", import_paths=True))
    no_attribute = _raised(lambda: make_bot(familles, "parlour.bots:NoSuch", import_paths=True))
    search = _raised(lambda: make_bot(flip7, "search:abc", import_paths=True))
    for err in (no_module, no_attribute, search):
        assert localise_error(err, "fr") != str(err)
    assert localise_error(no_module, "fr").startswith(spaced(f"robot {q('mypkg.nomod:Bot')} : "))
    assert f"(aucun module nommé {q('mypkg')})" in localise_error(no_module, "fr")


def test_every_malformed_record_reads_in_french() -> None:
    """The record shapes that `check_record` refuses (tests/core/test_record_shapes.py)."""
    from parlour.core.records import check_record
    from tests.core.test_record_shapes import SHAPES, finished_record

    good = finished_record("flip7")
    for name, change, _words in SHAPES:
        record = {**good, "seats": list(good["seats"]), "actions": list(good["actions"])}
        change(record)
        err = _raised(lambda record=record: check_record(record))
        french = localise_error(err, "fr")
        assert french != str(err), name
        assert "record" not in french and " must " not in french, (name, french)


def test_a_replayed_move_of_no_such_card_reads_in_french() -> None:
    """The replay carries the rule's English words, with the card: both read in French."""
    from parlour.core.records import replay
    from tests.core.test_record_shapes import finished_record

    record = finished_record("familles")
    record["actions"] = [{"type": "ask", "target": 1, "card": 999}]
    record.pop("result", None)
    french = localise_error(_raised(lambda: replay(record)), "fr")
    assert french.startswith("le coup 1 (")
    assert french.endswith(spaced(" est interdit : la carte 999 n'existe pas dans ce jeu"))
