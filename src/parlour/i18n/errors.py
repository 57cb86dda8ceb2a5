"""Errors and rule violations in the reader's language.

The layers raise their errors in English (logs, JSON replies and tests read them so); what a
person reads is translated here. A rule violation is translated from its rule code, the stable
part of an `IllegalAction`; any other error from the patterns of the messages Parlour raises.
A message no pattern knows stays as it was, rather than be mistranslated.
"""

from __future__ import annotations

import re

from parlour.core.errors import IllegalAction
from parlour.i18n import has, register, t
from parlour.i18n.catalog import same_text

register(
    {
        "rule.game_over": {"en": "the game is over", "fr": "la partie est finie"},
        "rule.out_of_turn": {"en": "it is not your turn", "fr": "ce n'est pas votre tour"},
        "rule.not_legal": {
            "en": "that move is not allowed now",
            "fr": "ce coup n'est pas permis maintenant",
        },
        "rule.not_an_ask": {
            "en": "the only move is to ask a player for a card",
            "fr": "le seul coup est de demander une carte à un joueur",
        },
        "rule.no_such_seat": {
            "en": "there is no such seat at this table",
            "fr": "cette place n'existe pas à cette table",
        },
        "rule.no_such_card": {
            "en": "there is no such card in this deck",
            "fr": "cette carte n'existe pas dans ce jeu",
        },
        "rule.ask_self": {
            "en": "you must ask another player, not yourself",
            "fr": "il faut demander à un autre joueur, pas à vous-même",
        },
        "rule.target_empty": {
            "en": "you may only ask a player who holds cards",
            "fr": "on ne demande qu'à un joueur qui a des cartes",
        },
        "rule.card_held": {
            "en": "you may not ask for a card you already hold",
            "fr": "on ne demande pas une carte que l'on a déjà",
        },
    }
)


def rule_reason(err: IllegalAction, game: str, lang: str) -> str:
    """Why a move is refused, in `lang`: from the rule's code, else the rule's own words."""
    for key in (f"rule.{game}.{err.rule}", f"rule.{err.rule}"):
        if has(key):
            return t(key, lang)
    return localise_message(err.message, lang)


# How a Beggar card is written (beggar.cards.CARD_FORMS), as a pattern, and in French.
_CARD_FORMS = re.escape(
    "ranks 2..10 or T and J Q K A (the penalty cards), each with an optional suit ♠♥♦♣ or "
    "S H D C; - for any number card, X a joker, B the beggar joker"
)
_CARTES = (
    "les rangs 2..10 ou T, et J Q K A (les cartes qui font payer), chacun avec une couleur "
    "facultative ♠♥♦♣ ou S H D C ; - pour une carte de nombre quelconque, X un joker, B le "
    "joker du mendiant"
)

# (English message pattern, French text): the messages of Parlour's own errors.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), fr)
    for p, fr in [
        (
            r"^unknown bot '(?P<bot>.*)' for (?P<game>\w+); bots are: (?P<bots>.*) "
            r"\(or an import path, package\.module:Class\)$",
            "robot inconnu '{bot}' pour {game} ; les robots sont : {bots} (ou un chemin "
            "d'import, paquet.module:Classe)",
        ),
        (
            r"^unknown bot '(?P<bot>.*)' for (?P<game>\w+); bots are: (?P<bots>.*)$",
            "robot inconnu '{bot}' pour {game} ; les robots sont : {bots}",
        ),
        (
            r"^bad parameters for bot '(?P<bot>.*)': (?P<name>\S+) takes no parameter$",
            "mauvais paramètres pour le robot '{bot}' : '{name}' ne prend aucun paramètre",
        ),
        (
            r"^bad parameters for bot '(?P<bot>.*)': (?P<name>\S+) takes (?P<wanted>.*) "
            r"\(numbers\), not '(?P<given>.*)'$",
            "mauvais paramètres pour le robot '{bot}' : '{name}' attend des nombres "
            "('{wanted}'), pas '{given}'",
        ),
        (
            r"^bad parameters for bot '(?P<bot>.*)': (?P<name>\S+) takes (?P<wanted>.*)$",
            "mauvais paramètres pour le robot '{bot}' : '{name}' prend '{wanted}'",
        ),
        (
            r"^unknown game '(?P<game>.*)'; games are: (?P<games>.*)$",
            "jeu inconnu '{game}' ; les jeux sont : {games}",
        ),
        (
            r"^(?P<game>\w+) is played by (?P<low>\d+) to (?P<high>\d+) players, not (?P<n>-?\d+)"
            r"(?P<rest>.*)$",
            "{game} se joue de {low} à {high} joueurs, pas {n}{rest}",
        ),
        (r"^cannot read (?P<path>.*): (?P<why>.*)$", "impossible de lire {path} : {why}"),
        (r"^cannot write (?P<path>.*): (?P<why>.*)$", "impossible d'écrire {path} : {why}"),
        (
            r"^(?P<path>.*) is not a game record \(not a text file\)$",
            "{path} n'est pas un enregistrement de partie (ce n'est pas un fichier texte)",
        ),
        (
            r"^(?P<path>.*) is not valid JSON: (?P<why>.*)$",
            "{path} n'est pas du JSON valide : {why}",
        ),
        (
            r"^(?P<path>.*) does not hold a record object$",
            "{path} ne contient pas d'enregistrement de partie",
        ),
        (
            r"^(?P<path>.*) is a game of (?P<game>\w+), not (?P<other>\w+)$",
            "{path} est une partie de {game}, pas de {other}",
        ),
        (
            r"^unknown language '(?P<lang>.*)'; languages are: (?P<langs>.*)$",
            "langue inconnue '{lang}' ; les langues sont : {langs}",
        ),
        (
            r"^unknown rules option (?P<key>'.*?'); options are: (?P<opts>.*)$",
            "option de règle inconnue {key} ; les options sont : {opts}",
        ),
        (
            r"^option (?P<name>\S+) must be one of (?P<shown>.*), not (?P<value>.*)$",
            "l'option '{name}' vaut {shown}, pas {value}",
        ),
        (
            r"^option (?P<name>\S+) takes true or false, not (?P<value>.*)$",
            "l'option '{name}' vaut 'true' ou 'false', pas {value}",
        ),
        (
            r"^option (?P<name>\S+) takes a whole number, not (?P<value>.*)$",
            "l'option '{name}' est un nombre entier, pas {value}",
        ),
        (
            r"^option (?P<name>\S+) takes a number, not (?P<value>.*)$",
            "l'option '{name}' est un nombre, pas {value}",
        ),
        (
            r"^a rules option is written key=value, not (?P<pair>.*)$",
            "une option de règle s'écrit clé=valeur, pas {pair}",
        ),
        (
            r"^(?P<n>\d+) human seats but only (?P<players>-?\d+) players$",
            "{n} places humaines mais seulement {players} joueurs",
        ),
        (
            r"^(?P<players>-?\d+) players cannot seat (?P<n>\d+) human\(s\) and (?P<bots>\d+) "
            r"bot\(s\)$",
            "{players} joueurs ne suffisent pas pour {n} humain(s) et {bots} robot(s)",
        ),
        (
            r"^name the game to play, e\.g\. (?P<example>.*)$",
            "nommez le jeu, par exemple {example}",
        ),
        (r"^every seat needs a name$", "chaque place doit avoir un nom"),
        (r"^two seats have the same name$", "deux places portent le même nom"),
        (
            r"^an age is a whole number, not (?P<value>.*)$",
            "un âge est un nombre entier, pas {value}",
        ),
        (
            r"^the seed is a whole number, not (?P<value>.*)$",
            "la graine est un nombre entier, pas {value}",
        ),
        (
            r"^(?P<option>\S+) must be at least (?P<low>[^\s,]+), not (?P<value>.*)$",
            "{option} doit valoir au moins {low}, pas {value}",
        ),
        (
            r"^(?P<option>\S+) must be at most (?P<high>[^\s,]+), not (?P<value>.*)$",
            "{option} doit valoir au plus {high}, pas {value}",
        ),
        (
            r"^(?P<option>\S+) must be at least (?P<low>\S+)(?P<rest>.*)$",
            "{option} doit valoir au moins {low}{rest}",
        ),
        (
            r"^(?P<option>\S+) must be at most (?P<high>\S+)(?P<rest>.*)$",
            "{option} doit valoir au plus {high}{rest}",
        ),
        (r"^no deal stored in (?P<path>.*)$", "aucune donne enregistrée dans {path}"),
        (
            r"^bad card (?P<card>'[^']*') in hand (?P<hand>'[^']*'): use " + _CARD_FORMS + "$",
            "carte illisible {card} dans la main {hand} : " + _CARTES,
        ),
        (
            r"^card (?P<card>'[^']*') in hand (?P<hand>'[^']*') cannot have a suit: use "
            + _CARD_FORMS
            + "$",
            "la carte {card} de la main {hand} ne prend pas de couleur : " + _CARTES,
        ),
        (
            r"^action (?P<n>\d+) \((?P<action>.*)\) is illegal: (?P<why>.*)$",
            "le coup {n} ({action}) est interdit : {why}",
        ),
    ]
]


# (English ending, French ending): what a layer appends to another's message.
_ENDINGS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r" \(one bot per player: --bots gives (?P<n>\d+)\)$"),
        " (un robot par joueur : --bots en donne {n})",
    ),
]


def localise_message(message: str, lang: str) -> str:
    """An error message of Parlour in `lang` (English messages pass through)."""
    if lang != "fr":
        return message
    rule = same_text(message, lang, "rule.")  # a rule's own words, without its code
    if rule is not None:
        return rule
    for ending, french_ending in _ENDINGS:
        found = ending.search(message)
        if found:
            head = localise_message(message[: found.start()], lang)
            return head + french_ending.format(**found.groupdict())
    for pattern, french in _PATTERNS:
        found = pattern.match(message)
        if found:
            values = {
                key: _quoted(value) if key in _NAME_LISTS else value
                for key, value in found.groupdict().items()
            }
            if "why" in values:  # another error's message, inside this one
                values["why"] = localise_message(values["why"], lang)
            return french.format(**values)
    return message


# Lists of names to type (bots, games, languages, options): quoted, as the words of a command.
_NAME_LISTS = frozenset({"bots", "games", "langs", "opts"})


def _quoted(names: str) -> str:
    return ", ".join(f"'{name.strip()}'" for name in names.split(","))


def localise_error(err: Exception, lang: str) -> str:
    if isinstance(err, IllegalAction):
        return localise_message(err.message, lang)
    return localise_message(str(err), lang)
