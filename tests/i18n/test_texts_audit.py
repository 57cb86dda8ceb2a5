"""The texts of the texts audit: errors left in English in French, elision before names,
labels without their article, and words the web and the terminal say alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.errors import IllegalAction, RulesError
from parlour.i18n.errors import localise_error

NB = "\u00a0"


def test_go_fish_rules_errors_read_in_french() -> None:
    from parlour.games.gofish.rules import GoFishRules

    with pytest.raises(RulesError) as one_suit:
        GoFishRules(suits=1)
    assert localise_error(one_suit.value, "fr") == (
        f"suits doit valoir de 2 à 16, pas 1{NB}: un livre d'une seule carte n'est pas un livre"
    )
    with pytest.raises(RulesError) as nobody_wins:
        GoFishRules(most_books_wins=False)
    assert localise_error(nobody_wins.value, "fr") == (
        f"most_books_wins=false fait gagner le premier joueur sans cartes{NB}: mettez "
        "end_on_first_out=true"
    )


def test_too_many_cards_reads_in_french_without_quotes() -> None:
    from parlour.games.gofish.rules import GoFishRules
    from parlour.games.panoplies.rules import PanopliesRules

    with pytest.raises(RulesError) as gofish:
        GoFishRules(initial_cards=40).check_players(2)
    assert localise_error(gofish.value, "fr") == (
        "2 mains de 40 demandent plus que les 52 cartes (13 valeurs de 4)"
    )
    with pytest.raises(RulesError) as panoplies:
        PanopliesRules(hand_size=30).check_players(2)
    assert localise_error(panoplies.value, "fr") == "2 mains de 30 demandent plus de 42 cartes"


def _laid_refusal(game_name: str) -> IllegalAction:
    """The refusal of an ask for a card of a group already laid, in a game played at random."""
    import random

    from parlour.core.registry import get_game
    from parlour.games.askdraw.engine import PILE, Ask

    game = get_game(game_name)
    for seed in range(50):
        state = game.new_state(["Émile", "Hugo", "Anne"], seed=seed)
        rng = random.Random(seed)
        while not state.is_over and all(laid == PILE for laid in state.laid):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        grouping = state.grouping
        group = next(g for g, laid in enumerate(state.laid) if laid != PILE)
        targets = [t for t in range(3) if t != state.to_move and state.hands[t]]
        if not targets:
            continue
        card = next(c for c in range(grouping.num_cards) if grouping.group_of[c] == group)
        with pytest.raises(IllegalAction) as refused:
            state.apply(Ask(targets[0], card, grouping.num_cards))
        return refused.value
    raise AssertionError(f"no game of {game_name} laid a group")


@pytest.mark.parametrize("game_name", ["panoplies", "familles"])
def test_asking_for_a_laid_group_reads_in_french_everywhere(game_name: str) -> None:
    from parlour.i18n import t
    from parlour.i18n.errors import rule_reason
    from parlour.web.errortexts import error_text

    err = _laid_refusal(game_name)
    assert err.rule == "card_laid"
    assert err.message == t(f"rule.{game_name}.card_laid", "en")  # what the translations know
    french = t(f"rule.{game_name}.card_laid", "fr")
    assert localise_error(err, "fr") == french
    assert rule_reason(err, game_name, "fr") == french
    web = error_text("illegal", f"illegal move ({err.rule}): {err.message}", "fr")
    assert web.endswith(french) and "laid" not in web


# The placeholders that hold a player's name: French never writes « de » before one, since a
# name is not elided (« de Anne », « de Émile »).
PERSON = ("name", "owner", "target", "asker", "loser", "winner", "names", "players")


def _catalog() -> dict[str, dict[str, str]]:
    import contextlib
    import importlib

    from parlour.core.registry import game_names, get_game
    from parlour.i18n.catalog import _CATALOG

    for name in game_names():
        get_game(name)
    importlib.import_module("parlour.tui.texts")
    for name in game_names():
        for module in ("terminal", "texts"):
            with contextlib.suppress(ModuleNotFoundError):
                importlib.import_module(f"parlour.games.{name}.{module}")
    return _CATALOG


def test_no_french_text_puts_de_before_a_players_name() -> None:
    import re

    before_name = re.compile(r"\b(?:de|que|jusque) \{(?:" + "|".join(PERSON) + r")\b")
    found = {
        key: texts["fr"] for key, texts in _catalog().items() if before_name.search(texts["fr"])
    }
    assert not found


def test_panoplies_narration_and_the_pass_hint_name_a_player_without_de() -> None:
    from parlour.core.events import Event
    from parlour.core.registry import get_game
    from parlour.i18n import t

    game, names = get_game("panoplies"), ["Émile", "Hugo", "Anne"]

    def narrate(event: str, **data: object) -> str | None:
        return game.narrate(Event(event, data), "fr", names)

    assert narrate("joker_draw", seat=2, saved=True, garment="shoes") == (
        f"Grâce à son joker, Anne garde les chaussures sur le mannequin{NB}!"
    )
    assert narrate("joker_draw", seat=0, saved=False, drawn=["coat", "scarf"]) == (
        "Le tirage du joker échoue pour Émile (le manteau, l'écharpe)."
    )
    assert narrate("outfit", seat=1, character="uncle", kind="other", owner=0) == (
        f"Hugo pose la tenue de l'oncle, le personnage joué par Émile{NB}!"
    )
    _catalog()
    assert t("tui.pass_hint", "fr", name="Émile").endswith(
        "Appuyez sur Entrée quand Émile a l'appareil en main."
    )


def _gofish_hints(lang: str, seeds: int = 6) -> set[str]:
    """Every terminal hint the seats to move read in random games of Go Fish."""
    import random

    from parlour.core.registry import get_game
    from parlour.games.gofish import terminal
    from parlour.tui.tables import TableContext

    game, names, seen = get_game("gofish"), ["Émile", "Hugo", "Anne"], set()
    for seed in range(seeds):
        state, rng = game.new_state(names, seed=seed), random.Random(seed)
        while not state.is_over:
            viewer = state.to_move
            view, events = state.view(viewer), state.events_for(viewer)
            ctx = TableContext("gofish", view, lang, names, viewer, {}, events, state.rules)
            seen.update(terminal.hints(ctx))
            state.apply(rng.choice(state.legal_actions()))
    return seen


def test_go_fish_hints_list_the_ranks_a_seat_lacks_as_a_sentence() -> None:
    french, english = _gofish_hints("fr"), _gofish_hints("en")
    assert "Hugo n'a pas d'as ni de neuf." in french
    assert "Anne n'a pas d'as ni de trois ni de huit." in french
    assert "Hugo has no aces or nines." in english
    assert "Anne has no aces, threes or eights." in english
    lacking = [line for line in french if " n'a pas " in line]
    assert lacking and not [line for line in lacking if "pas de as" in line or ", " in line]
    from parlour.games.gofish.terminal import lacked_ranks

    assert lacked_ranks(["as", "trois"], "fr") == "d'as ni de trois"
    assert lacked_ranks(["huit", "dames"], "fr") == "de huit ni de dames"  # « huit »: h aspiré
    assert lacked_ranks(["aces", "nines"], "en") == "aces or nines"
    assert lacked_ranks(["aces", "threes", "eights"], "en") == "aces, threes or eights"


GAMES = Path(__file__).resolve().parents[2] / "src" / "parlour" / "games"


def _js_words(game: str) -> dict[str, tuple[str, str]]:
    """The (English, French) pairs of a game's web `WORDS` table (the site's own table for
    "site"), read from its source."""
    import json
    import re

    path = (
        GAMES.parent / "web" / "static" / "i18n.js" if game == "site" else GAMES / game / "web.js"
    )
    source = path.read_text(encoding="utf-8")
    pair = re.compile(r'(\w+): \[("(?:[^"\\]|\\.)*"), ("(?:[^"\\]|\\.)*")\]')
    return {key: (json.loads(en), json.loads(fr)) for key, en, fr in pair.findall(source)}


def _fill(text: str, **values: str) -> str:
    """`text` as the web's `wordsOf` fills it."""
    for key, value in values.items():
        text = text.replace(f"{{{key}}}", value)
    return text


def test_flip7_moves_give_an_action_card_with_its_article() -> None:
    from parlour.games.flip7 import terminal
    from parlour.tui.tables import TableContext

    names = ["Émile", "Hugo", "Anne"]
    said = {}
    for kind in ("freeze", "flip_three", "second_chance"):
        view = {"pending": {"seat": 0, "kind": kind}, "table": [], "to_move": 0}
        for lang in ("fr", "en"):
            ctx = TableContext("flip7", view, lang, names, 0, {}, [], None)
            said[kind, lang] = (
                terminal.describe({"type": "target", "seat": 2}, ctx),
                terminal.describe({"type": "target", "seat": 0}, ctx),
            )
    assert said["freeze", "fr"] == ("Donner le Stop à Anne", "Garder le Stop pour vous")
    assert said["second_chance", "fr"] == (
        "Donner la Seconde chance à Anne",
        "Garder la Seconde chance pour vous",
    )
    assert said["flip_three", "fr"][0] == "Donner le Trois à la suite à Anne"
    assert said["freeze", "en"] == ("Give the Freeze to Anne", "Keep the Freeze yourself")
    # The web says the same: its labels and the line of the card waiting to be given.
    words = _js_words("flip7")
    for lang, index in (("en", 0), ("fr", 1)):
        for kind in ("freeze", "flip_three", "second_chance"):
            card = words[f"the_{kind}"][index]
            assert _fill(words["give"][index], card=card, name="Anne") == said[kind, lang][0]
    assert _fill(words["pending"][1], name="Hugo", card=words["the_freeze"][1]) == (
        "Hugo attribue le Stop"
    )
    source = (GAMES / "flip7" / "web.js").read_text(encoding="utf-8")
    assert "card: theCard(view.pending.kind)" in source  # the pending line
    assert 'view.pending ? theCard(view.pending.kind) : ""' in source  # the labels


def test_familles_memory_panel_says_a_card_of_the_families_not_relatives() -> None:
    french = _js_words("familles")["has_family"][1]
    assert french == "a une carte des familles"  # « a de la famille » means "has relatives"
    assert french.startswith(_js_words("panoplies")["holds_of"][1])  # « a une carte de »


def test_flip7_reshuffle_agrees_with_the_count_in_english() -> None:
    from parlour.i18n import t

    _catalog()
    assert t("flip7.reshuffle", "en", cards=1).endswith("into a new deck (1 card).")
    assert t("flip7.reshuffle", "en", cards=0).endswith("into a new deck (0 cards).")
    assert t("flip7.reshuffle", "en", cards=12).endswith("into a new deck (12 cards).")


def test_panoplies_web_names_the_wardrobe_and_outfits_as_the_terminal_does() -> None:
    from parlour.i18n import t

    _catalog()
    words = _js_words("panoplies")
    assert words["wardrobe"][1] == "Armoire"
    assert "l'armoire" in t("tui.panoplies.wardrobe", "fr", cards="…")
    assert words["outfits"][1] == "Tenues posées"
    assert t("tui.panoplies.outfits", "fr", outfits="…").startswith(words["outfits"][1])


def test_the_web_calls_hints_what_the_terminal_calls_them() -> None:
    from parlour.i18n import t

    _catalog()
    words = _js_words("site")
    assert words["hints"] == (t("tui.hints", "en"), t("tui.hints", "fr")) == ("Hints", "Indices")
    assert words["show_hint"][1] == "Afficher l'indice"


def test_beggar_counts_of_thousands_are_grouped_as_each_language_writes_them() -> None:
    from parlour.core.events import Event
    from parlour.core.registry import get_game

    game, names = get_game("beggar"), ["Anne", "Émile"]
    won = Event(
        "round_end",
        {"round": 1, "status": "finished", "cards": 8344, "tricks": 1164, "winner": 1},
    )
    assert "after 8,344 cards and 1,164 tricks" in (game.narrate(won, "en", names) or "")
    assert "après 8\u202f344 cartes et 1\u202f164 plis" in (game.narrate(won, "fr", names) or "")


def test_a_game_cannot_give_the_engines_turn_cap_texts_of_its_own() -> None:
    """`max_turns` means the same in every game (a draw at the cap): a game's own label for
    it, which would say otherwise, is refused instead of silently replaced."""
    from parlour.i18n import t
    from parlour.i18n.options import register_options

    with pytest.raises(ValueError, match="max_turns is the engine's turn cap"):
        register_options("demo", {"max_turns": ("Cap", "Limite", "Most cards wins.", "Gagne.")})
    register_options("demo", {"speed": ("Speed", "Vitesse", "Fast.", "Vite.")})
    assert t("option.demo.max_turns", "en") == "Turn limit"
    assert t("option.demo.speed", "fr") == "Vitesse"
