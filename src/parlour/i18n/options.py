"""Rules options as a person reads them: a label, a help line and named values, in two languages.

The rules classes keep their field names and English help (the command line's `key=value` and
the JSON records use those); the screens show these texts instead, so that nobody reads
`exhausted_payer`, `False` or `None`. An option without an entry falls back to its field name
and help, never to nothing.
"""

from __future__ import annotations

from typing import Any

from parlour.i18n import has, register, t

# game -> option -> (English label, French label, English help, French help)
_OPTIONS: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "beggar": {
        "exhausted_payer": (
            "A payer runs out",
            "Un payeur n'a plus de cartes",
            "From three players: who settles a tribute when the payer runs out of cards.",
            "À partir de trois joueurs : qui règle le paiement quand le payeur n'a plus de cartes.",
        ),
        "on_loop": (
            "Endless round",
            "Manche sans fin",
            "What ends a round that repeats itself forever.",
            "Ce qui termine une manche qui se répète à l'infini.",
        ),
        "match": ("Match", "Match", "How many rounds make the match.", "Combien de manches."),
        "jokers": (
            "Jokers",
            "Jokers",
            "Jokers added as super-penalty cards (tribute 5).",
            "Jokers ajoutés comme super-figures (paiement de 5).",
        ),
        "beggar_joker": (
            "Beggar joker",
            "Joker mendiant",
            "One joker worth 5 whose tribute cannot be countered and always wins the pile.",
            "Un joker valant 5, dont le paiement ne peut être contré et qui gagne toujours la "
            "pile.",
        ),
        "shuffle_captured": (
            "Shuffle the pile won",
            "Mélanger la pile gagnée",
            "The pile won is shuffled before it goes under the winner's stack.",
            "La pile gagnée est mélangée avant d'aller sous le tas du gagnant.",
        ),
        "face_up": (
            "Stacks face up",
            "Tas visibles",
            "Each player sees their own stack (the rules do not change).",
            "Chacun voit son propre tas (la règle ne change pas).",
        ),
        "speed": (
            "Speed game",
            "Partie rapide",
            "Cards are turned up automatically at a fixed pace.",
            "Les cartes se retournent toutes seules, à rythme fixe.",
        ),
        "pace_ms": (
            "Pace (ms)",
            "Rythme (ms)",
            "Milliseconds between two automatic flips in a speed game.",
            "Millisecondes entre deux cartes retournées dans une partie rapide.",
        ),
    },
    "flip7": {
        "target": (
            "Winning total",
            "Total à atteindre",
            "The game ends after the round in which someone reaches this total.",
            "La partie finit après la manche où quelqu'un atteint ce total.",
        ),
        "second_chance_may_be_given": (
            "Second Chance may be given",
            "Seconde chance à donner",
            "A Second Chance drawn may be given to another active player instead of kept.",
            "Une Seconde chance piochée peut être donnée à un autre joueur en jeu au lieu "
            "d'être gardée.",
        ),
        "flip7_bonus": (
            "Flip 7 bonus",
            "Bonus Flip 7",
            "Points for seven different numbers.",
            "Points pour sept numéros différents.",
        ),
    },
    "familles": {
        "hand_size": (
            "Cards each",
            "Cartes par joueur",
            "Cards dealt to each player: 6 or 7 (8 also at two players).",
            "Cartes distribuées à chacun : 6 ou 7 (8 aussi à deux joueurs).",
        ),
        "next_after_miss": (
            "After « Draw! »",
            "Après « Pioche ! »",
            "Who plays after a failed ask.",
            "Qui joue après une demande ratée.",
        ),
        "family_replays": (
            "A family drawn replays",
            "Famille piochée rejoue",
            "A family completed by a plain draw lets the player go on.",
            "Une famille complétée en piochant permet de continuer.",
        ),
        "ask_any_family": (
            "Ask in any family",
            "Demander dans toute famille",
            "For the youngest players: a card of any family may be asked for.",
            "Pour les plus jeunes : on peut demander une carte de n'importe quelle famille.",
        ),
        "deck": (
            "Deck",
            "Jeu de cartes",
            "The French deck, the English deck, or the path of a TOML deck file.",
            "Le jeu français, le jeu anglais, ou le chemin d'un fichier de jeu TOML.",
        ),
    },
    "panoplies": {
        "hats": (
            "Hats",
            "Chapeaux",
            "Adds the hats and two characters (the aunt, the uncle).",
            "Ajoute les chapeaux et deux personnages (la tante, l'oncle).",
        ),
        "scarves": (
            "Scarves",
            "Écharpes",
            "Adds the scarves and two characters (the cousins).",
            "Ajoute les écharpes et deux personnages (la cousine, le cousin).",
        ),
        "belts": (
            "Belts",
            "Ceintures",
            "Adds the belts and two characters (the daughter-in-law, the son-in-law).",
            "Ajoute les ceintures et deux personnages (la belle-fille, le gendre).",
        ),
        "hand_size": (
            "Cards each",
            "Cartes par joueur",
            "Cards dealt to each player (automatic: 8 minus the players up to 6, then 2).",
            "Cartes distribuées à chacun (automatique : 8 moins le nombre de joueurs jusqu'à "
            "6, puis 2).",
        ),
        "next_after_miss": (
            "After « Draw! »",
            "Après « Pioche ! »",
            "Who plays after a failed ask.",
            "Qui joue après une demande ratée.",
        ),
        "outfit_replays": (
            "An outfit drawn replays",
            "Tenue piochée rejoue",
            "An outfit completed by a plain draw lets the player go on.",
            "Une tenue complétée en piochant permet de continuer.",
        ),
        "games": (
            "Games in the match",
            "Parties de la série",
            "Games in the match; the last loser starts the next one.",
            "Parties de la série ; le dernier perdant commence la suivante.",
        ),
    },
}
_MAX_TURNS = (
    "Turn limit",
    "Limite de coups",
    "A cap on the number of moves; reaching it is a draw.",
    "Un plafond de coups ; l'atteindre donne une partie nulle.",
)

# Values with a name of their own: (game or "*", option or "*", value) -> (English, French)
_VALUES: dict[tuple[str, str, str], tuple[str, str]] = {
    ("*", "*", "True"): ("yes", "oui"),
    ("*", "*", "False"): ("no", "non"),
    ("*", "max_turns", "None"): ("none", "aucune"),
    ("*", "hand_size", "None"): ("automatic", "automatique"),
    ("*", "*", "None"): ("none", "aucun"),
    ("beggar", "exhausted_payer", "pile_to_claimant"): (
        "the pile goes to the last penalty card",
        "la pile va à la dernière figure",
    ),
    ("beggar", "exhausted_payer", "next_pays"): ("the next player pays", "le suivant paie"),
    ("beggar", "on_loop", "draw"): ("a draw", "partie nulle"),
    ("beggar", "on_loop", "most_cards"): ("most cards wins", "le plus de cartes gagne"),
    ("beggar", "match", "single"): ("one round", "une manche"),
    ("beggar", "match", "best_of_three"): ("best of three", "au meilleur des trois"),
    ("beggar", "match", "first_to_three"): ("first to three", "le premier à trois"),
    ("*", "next_after_miss", "asked"): ("the player asked", "le joueur interrogé"),
    ("*", "next_after_miss", "left"): ("the asker's left", "le voisin de gauche"),
    ("familles", "deck", "fr"): ("French deck", "jeu français"),
    ("familles", "deck", "en"): ("English deck", "jeu anglais"),
}


def _entries() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for game, options in _OPTIONS.items():
        for name, (en, fr, help_en, help_fr) in {**options, "max_turns": _MAX_TURNS}.items():
            out[f"option.{game}.{name}"] = {"en": en, "fr": fr}
            out[f"option.{game}.{name}.help"] = {"en": help_en, "fr": help_fr}
    for (game, name, value), (en, fr) in _VALUES.items():
        out[f"value.{game}.{name}.{value}"] = {"en": en, "fr": fr}
    return out


register(_entries())


def option_label(game: str, name: str, lang: str) -> str:
    key = f"option.{game}.{name}"
    return t(key, lang) if has(key) else name.replace("_", " ").capitalize()


def option_help(game: str, name: str, fallback: str, lang: str) -> str:
    key = f"option.{game}.{name}.help"
    return t(key, lang) if has(key) else fallback


def value_label(game: str, name: str, value: Any, lang: str) -> str:
    """A rules value as words: yes/no, none, a choice's meaning; numbers as they are."""
    text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
    for key in (
        f"value.{game}.{name}.{text}",
        f"value.*.{name}.{text}",
        f"value.{game}.*.{text}",
        f"value.*.*.{text}",
    ):
        if has(key):
            return t(key, lang)
    return text


def typed_value(value: Any) -> str:
    """A value as `--rules key=value` takes it: true, false, none, 1,2,3."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
