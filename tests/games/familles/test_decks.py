"""Decks as data: the built-in decks, user TOML decks and their validation, the CLI verbs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.core.errors import RulesError
from parlour.games.familles.decks import DeckError, get_deck, load_deck_file
from parlour.games.familles.rules import FamillesRules

FAMILY_NAMES = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta")


def deck_text(families: int = 7, members: int = 6, extra: str = "", dup: bool = False) -> str:
    out = ['id = "mine"', 'name = "Ma famille"', 'lang = "fr"', ""]
    for i in range(families):
        fid = "alpha" if dup and i == 1 else FAMILY_NAMES[i].lower()
        out += ["[[families]]", f'id = "{fid}"', f'name = "{FAMILY_NAMES[i]}"']
        out += ['colour = "#112233"', extra, "members = ["]
        names = ["grand-père", "grand-mère", "père", "mère", "oncle", "fille"][:members]
        out += [f'  {{ name = "{n}" }},' for n in names]
        out += ["]", ""]
    return "\n".join(out)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_builtin_decks_have_seven_families_of_six() -> None:
    for deck_id in ("fr", "en"):
        deck = get_deck(deck_id)
        assert len(deck.families) == 7 and deck.num_cards == 42
        assert all(len(f.members) == 6 for f in deck.families)
    fr = get_deck("fr")
    boulanger = fr.families[fr.family_index("boulanger")]
    assert boulanger.name == "Boulanger"
    assert [m.spoken() for m in boulanger.members][-1] == "la fille"
    assert get_deck("en").member(5).name == "Miss Bun"


def test_a_user_deck_loads_with_articles_from_gender(tmp_path: Path) -> None:
    deck = load_deck_file(write(tmp_path, deck_text()))
    assert deck.id == "mine"
    spoken = [m.spoken() for m in deck.families[0].members]
    assert spoken == ["le grand-père", "la grand-mère", "le père", "la mère", "l'oncle", "la fille"]
    rules = FamillesRules(deck=str(write(tmp_path, deck_text())))
    assert rules.deck.endswith("deck.toml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (deck_text(families=6), "has 7 families, this one has 6"),
        (deck_text(members=5), "is not complete: it has 5 members"),
        (deck_text(dup=True), "duplicate family id 'alpha'"),
        (deck_text(extra='picture = "missing.png"'), "picture 'missing.png' not found"),
        (deck_text().replace('"#112233"', '"blue"', 1), "colour must look like"),
        ("id = [", "is not valid TOML"),
        # Nested past the parser's recursion: refused, not a RecursionError's traceback.
        pytest.param(
            "x = " + "[" * 4000 + "]" * 4000,
            "is not valid TOML: nested too deeply",
            id="arrays-nested-4000-deep",
        ),
        pytest.param(
            "x = " + "{a=" * 1300 + "1" + "}" * 1300,
            "is not valid TOML: nested too deeply",
            id="tables-nested-1300-deep",
        ),
        ('name = "x"', "missing 'id'"),
        # Unknown keys are refused, not ignored, at every level, with the likely key named.
        (
            deck_text().replace("colour =", "color =", 1),
            "family 'alpha': unknown key 'color'; did you mean 'colour'?",
        ),
        ("lnag = 'fr'\n" + deck_text(), "unknown key 'lnag'; did you mean 'lang'?"),
        (
            deck_text().replace('{ name = "fille" }', '{ name = "fille", picutre = "f.png" }', 1),
            "member 6 (daughter): unknown key 'picutre'; did you mean 'picture'?",
        ),
        (deck_text(extra='motto = "x"'), "unknown key 'motto'; keys are id, name, title"),
        # Names differing only in case are one name to the players.
        (
            deck_text().replace('name = "Beta"', 'name = "ALPHA"', 1),
            "duplicate family name 'ALPHA' (names differing only in case",
        ),
        (
            deck_text().replace('{ name = "oncle" }', '{ name = "Fille" }', 1),
            "duplicate member 'Fille'",
        ),
    ],
)
def test_a_malformed_deck_gets_a_clear_message(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(DeckError, match=re.escape(message)):
        load_deck_file(write(tmp_path, text))


def test_a_picture_next_to_the_deck_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "alpha.png").write_bytes(b"png")
    text = deck_text().replace('colour = "#112233"', 'colour = "#112233"\npicture = "alpha.png"', 1)
    deck = load_deck_file(write(tmp_path, text))
    assert deck.families[0].picture == "alpha.png"


def test_an_unknown_deck_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown deck"):
        FamillesRules(deck="klingon")


def test_decks_list_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$") as done:
        main(["decks", "list", "--json"])
    assert done.value.code in (0, None)
    assert '"Boulanger"' in capsys.readouterr().out
    good = write(tmp_path, deck_text())
    with pytest.raises(SystemExit, match=r"^0$") as done:
        main(["decks", "check", str(good), "--lang", "en"])
    assert done.value.code in (0, None)
    assert "valid" in capsys.readouterr().out
    bad = write(tmp_path, deck_text(members=4))
    with pytest.raises(SystemExit, match=r"^1$") as done:
        main(["decks", "check", str(bad)])
    assert done.value.code == 1  # the check ran and found a fault
    assert "is not complete" in capsys.readouterr().err


def test_the_decks_live_under_the_games_name_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`parlour familles decks ...`, as every game's own verbs (`parlour flip7 solve`), is the
    same command as the short `parlour decks ...`."""
    outputs = []
    for prefix in (["familles", "decks"], ["decks"]):
        with pytest.raises(SystemExit) as done:
            main([*prefix, "list", "--json"])
        assert done.value.code in (0, None)
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and '"Boulanger"' in outputs[0]
    bad = write(tmp_path, deck_text(members=4))
    with pytest.raises(SystemExit) as done:
        main(["familles", "decks", "check", str(bad)])
    assert done.value.code == 1 and "is not complete" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "gender", "spoken"),
    [
        # h aspiré: no elision.
        ("héros", "m", "le héros"),
        ("hérisson", "m", "le hérisson"),
        ("harpie", "f", "la harpie"),
        ("Hibou", "m", "le Hibou"),
        ("Hache", "f", "la Hache"),
        ("haricot", "m", "le haricot"),
        ("homard", "m", "le homard"),
        ("hiboux", "m", "le hiboux"),  # a plural of a listed word
        ("hollandaise", "f", "la hollandaise"),  # a feminine of a listed word
        ("hockey", "m", "le hockey"),
        # h muet: elision.
        ("hôtesse", "f", "l'hôtesse"),
        ("homme", "m", "l'homme"),
        ("héroïne", "f", "l'héroïne"),
        ("huître", "f", "l'huître"),
        # y before a vowel is a consonant; before a consonant a vowel.
        ("yéti", "m", "le yéti"),
        ("yourte", "f", "la yourte"),
        ("ypérite", "f", "l'ypérite"),
        ("yeuse", "f", "l'yeuse"),
        # Vowels with accents and ligatures elide.
        ("œnologue", "f", "l'œnologue"),
        ("Œdipe", "m", "l'Œdipe"),
        ("ïlienne", "f", "l'ïlienne"),
        ("îlienne", "f", "l'îlienne"),
        ("écuyère", "f", "l'écuyère"),
        ("âne", "m", "l'âne"),
        ("oncle", "m", "l'oncle"),
        ("ouistiti", "m", "le ouistiti"),
        ("onze", "m", "le onze"),
        # Consonants by gender; a name of several words is guessed from its first.
        ("tante", "f", "la tante"),
        ("cousin", "m", "le cousin"),
        ("homard bleu", "m", "le homard bleu"),
        ("arrière-grand-père", "m", "l'arrière-grand-père"),
    ],
)
def test_a_member_without_article_gets_the_french_one(
    tmp_path: Path, name: str, gender: str, spoken: str
) -> None:
    text = deck_text().replace(
        '{ name = "oncle" }', f'{{ name = "{name}", gender = "{gender}" }}', 1
    )
    deck = load_deck_file(write(tmp_path, text))
    assert deck.families[0].members[4].spoken() == spoken


def test_an_article_given_by_the_deck_wins_over_the_guess(tmp_path: Path) -> None:
    text = deck_text().replace('{ name = "oncle" }', '{ name = "hiatus", article = "le" }', 1)
    deck = load_deck_file(write(tmp_path, text))
    assert deck.families[0].members[4].spoken() == "le hiatus"
    text = deck_text().replace('{ name = "oncle" }', '{ name = "héros", article = "l\'" }', 1)
    assert load_deck_file(write(tmp_path, text)).families[0].members[4].spoken() == "l'héros"


def test_decks_list_speaks_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["decks", "list", "--lang", "fr"])
    out = capsys.readouterr().out
    assert "Jeux de cartes" in out
    for word in ("nom", "langue", "familles"):
        assert f" {word} " in out
    assert " name " not in out and " lang " not in out
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["decks", "list", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Decks" in out and " name " in out and " lang " in out and " families " in out
