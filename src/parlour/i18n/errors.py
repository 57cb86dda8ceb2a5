"""Errors and rule violations in the reader's language.

The layers raise their errors in English (logs, JSON replies and tests read them so); what a
person reads is translated here. A rule violation is translated from its rule code, the stable
part of an `IllegalAction`; any other error from the patterns of the messages Parlour raises.
A message no pattern knows stays as it was, rather than be mistranslated.
"""

from __future__ import annotations

import errno
import re

from parlour.core.errors import IllegalAction
from parlour.i18n import has, register, t
from parlour.i18n.catalog import format_text, same_text
from parlour.i18n.error_patterns import MESSAGES, MORE_MESSAGES

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


# French quotes hold a name with non-breaking spaces inside, so a line never breaks in them.
OPEN_QUOTE, CLOSE_QUOTE = "«\u00a0", "\u00a0»"


def quote(name: str) -> str:
    """A name as French errors quote it: « name »."""
    return f"{OPEN_QUOTE}{name}{CLOSE_QUOTE}"


# The common reasons the system refuses a file, by error number: (its English words, French).
_OS_REASONS: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("No such file or directory", "fichier ou dossier introuvable"),
    errno.EISDIR: ("Is a directory", "c'est un dossier"),
    errno.ENOTDIR: ("Not a directory", "ce n'est pas un dossier"),
    errno.EACCES: ("Permission denied", "permission refusée"),
    errno.EEXIST: ("File exists", "le fichier existe déjà"),
    errno.EROFS: ("Read-only file system", "système de fichiers en lecture seule"),
    errno.ENOSPC: ("No space left on device", "plus de place sur le disque"),
    errno.ENOTEMPTY: ("Directory not empty", "le dossier n'est pas vide"),
    errno.ENAMETOOLONG: ("File name too long", "nom de fichier trop long"),
    errno.EPERM: ("Operation not permitted", "opération non permise"),
    errno.EDQUOT: ("Disk quota exceeded", "quota de disque dépassé"),
    errno.EADDRNOTAVAIL: ("Cannot assign requested address", "adresse indisponible ici"),
    errno.EADDRINUSE: ("Address already in use", "adresse déjà utilisée"),
}
_OS_FRENCH = dict(_OS_REASONS.values())
# A host name the resolver does not know (`socket.gaierror`, whose numbers are not errno's).
_OS_FRENCH["Name or service not known"] = "nom ou service inconnu"
_OS_FRENCH["Temporary failure in name resolution"] = "échec temporaire de la résolution du nom"


def os_reason(reason: BaseException | str | None, lang: str) -> str:
    """Why the system refused a file (an OSError, or its `strerror`), in `lang`.

    An OSError is read by its number: the C library words `strerror` in its own locale,
    English on most systems but not all. A bare text is read by the English words."""
    if isinstance(reason, OSError):
        known = _OS_REASONS.get(reason.errno or 0)
        if known is not None:
            return known[1] if lang == "fr" else known[0]
        return reason.strerror or str(reason)
    text = "" if reason is None else str(reason)
    return _OS_FRENCH.get(text, text) if lang == "fr" else text


# The reasons Python's JSON reader gives for a file it cannot read (`JSONDecodeError.msg`).
_JSON_REASONS: dict[str, str] = {
    "Expecting value": "une valeur est attendue",
    "Expecting property name enclosed in double quotes": (
        "un nom de propriété entre guillemets doubles est attendu"
    ),
    "Expecting ',' delimiter": "une virgule est attendue",
    "Expecting ':' delimiter": "un deux-points est attendu",
    "Unterminated string starting at": "chaîne non terminée",
    "Invalid control character at": "caractère de contrôle invalide",
    "Invalid \\escape": "échappement invalide",
    "Invalid \\uXXXX escape": "échappement \\uXXXX invalide",
    "Extra data": "données en trop après la fin",
    "Illegal trailing comma before end of object": "virgule en trop avant la fin de l'objet",
    "Illegal trailing comma before end of array": "virgule en trop avant la fin de la liste",
}


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
_SAME_NAME = r" \(names differing only in case are the same name\)$"
_MEME_NOM = " (des noms qui ne diffèrent que par la casse sont le même nom)"

# (English message pattern, French text): the messages of the games' own errors, after those
# of the layers (`error_patterns`, which says how a pattern and its French are written).
GAME_MESSAGES: list[tuple[str, str]] = [
    # Familles decks (familles/decks.py); `where` is translated by `_deck_place`
    (
        r"^(?P<where>.+): unknown key (?P<key>'.*?'); did you mean (?P<close>'.*?')\? keys "
        r"are (?P<keys>.*)$",
        "{where} : clé inconnue {key} ; vouliez-vous dire {close} ? Les clés sont : {keys}",
    ),
    (
        r"^(?P<where>.+): unknown key (?P<key>'.*?'); keys are (?P<keys>.*)$",
        "{where} : clé inconnue {key} ; les clés sont : {keys}",
    ),
    (r"^(?P<where>.+): missing (?P<key>'.*?')$", "{where} : il manque {key}"),
    (
        r"^(?P<where>.+): (?P<key>'.*?') must be a non-empty text, got (?P<value>.*)$",
        "{where} : {key} doit être un texte non vide, pas {value}",
    ),
    (
        r"^(?P<where>.+): picture (?P<picture>'.*?') not found next to the deck file$",
        "{where} : image {picture} introuvable à côté du fichier du jeu",
    ),
    (
        r'^(?P<where>.+): a member is a table such as \{ name = "fille" \}$',
        '{where} : un membre est une table comme {{ name = "fille" }}',
    ),
    (
        r'^(?P<where>.+): gender must be "m" or "f", not (?P<value>.*)$',
        "{where} : gender vaut «m» ou «f», pas {value}",
    ),
    (
        r"^(?P<where>.+): article must be a text, got (?P<value>.*)$",
        "{where} : article doit être un texte, pas {value}",
    ),
    (
        r"^(?P<where>.+): id (?P<id>'.*?') must be lower-case letters, digits, - or _$",
        "{where} : l'id {id} ne doit avoir que des minuscules, des chiffres, - ou _",
    ),
    (
        r"^(?P<where>.+): id must be lower-case letters, digits, - or _$",
        "{where} : l'id ne doit avoir que des minuscules, des chiffres, - ou _",
    ),
    (
        r'^(?P<where>.+): lang must be "fr" or "en", not (?P<value>.*)$',
        "{where} : lang vaut «fr» ou «en», pas {value}",
    ),
    (
        r"^(?P<where>.+): a deck needs \[\[families\]\] tables$",
        "{where} : un jeu a besoin de tables [[families]]",
    ),
    (
        r"^(?P<where>.+): a deck has (?P<n>\d+) families, this one has (?P<m>\d+)$",
        "{where} : un jeu a {n} familles, celui-ci en a {m}",
    ),
    (r"^(?P<where>.+: family \S+) is not a table$", "{where} n'est pas une table"),
    (
        r"^(?P<where>.+): duplicate family id (?P<id>'.*?')$",
        "{where} : id de famille en double {id}",
    ),
    (
        r"^(?P<where>.+): duplicate family name (?P<name>'.*?')" + _SAME_NAME,
        "{where} : nom de famille en double {name}" + _MEME_NOM,
    ),
    (
        r"^(?P<where>.+): duplicate member (?P<name>'.*?')" + _SAME_NAME,
        "{where} : membre en double {name}" + _MEME_NOM,
    ),
    (
        r'^(?P<where>.+): colour must look like "#a1b2c3", not (?P<value>.*)$',
        "{where} : colour s'écrit comme «#a1b2c3», pas {value}",
    ),
    (
        r"^(?P<where>.+): missing its list of members$",
        "{where} : il manque sa liste de membres",
    ),
    (
        r"^(?P<where>.+) is not complete: it has (?P<n>\d+) members, a family has "
        r"(?P<m>\d+) \((?P<roles>.*), in that order\)$",
        "{where} n'est pas complète : elle a {n} {n:#membre|membres}, une famille en a {m} "
        "({roles}, dans cet ordre)",
    ),
    (r"^(?P<where>.+) is not UTF-8 text$", "{where} n'est pas du texte UTF-8"),
    (
        r"^(?P<where>.+) is not valid TOML: (?P<why>.*)$",
        "{where} n'est pas du TOML valide : {why}",
    ),
    (
        r"^an uploaded deck has at most (?P<n>\d+) bytes$",
        "un jeu envoyé a au plus {n} octets",
    ),
    (
        r"^unknown uploaded deck (?P<deck>'.*'); send its text again$",
        "jeu de cartes envoyé inconnu {deck} ; envoyez son texte à nouveau",
    ),
    (
        r"^unknown deck (?P<deck>'.*'); decks are (?P<decks>.*) or the path of a \.toml file$",
        "jeu de cartes inconnu {deck} ; les jeux de cartes sont {decks} ou le chemin d'un "
        "fichier .toml",
    ),
    (
        r"^deck (?P<deck>\S+) has no family (?P<family>'.*')$",
        "le jeu {deck} n'a pas de famille {family}",
    ),
    # Deals and game setups (games/*/rules.py, games/*/game.py, deals)
    (
        r"^(?P<n>\d+) hands of (?P<size>\d+) need more than the (?P<count>\d+) cards of "
        r"(?P<ranks>\d+) ranks of (?P<suits>\d+)$",
        "{n} mains de {size} demandent plus que les {count} cartes ({ranks} "
        "{ranks:#valeur|valeurs} de {suits})",
    ),
    (
        r"^(?P<n>\d+) hands of (?P<size>\d+) need more than (?P<count>\d+) cards$",
        "{n} mains de {size} demandent plus de {count} cartes",
    ),
    (
        r"^(?P<n>\d+) players need at least (?P<k>\d+) optional famil(?:y|ies) \(hats, scarves, "
        r"belts\); this game has (?P<has>\d+)$",
        "{n} joueurs demandent au moins {k} {k:#famille facultative|familles facultatives} "
        "(chapeaux, écharpes, ceintures) ; cette partie en a {has}",
    ),
    (
        r"^hand_size 8 is only for two players; choose 6 or 7$",
        "hand_size 8 ne se joue qu'à deux ; choisissez 6 ou 7",
    ),
    (
        r"^choose one joker variant: jokers or beggar_joker, not both$",
        "choisissez une seule variante de jokers : jokers ou beggar_joker, pas les deux",
    ),
    (r"^a Beggar deal is a list of hands$", "une donne de Beggar est une liste de mains"),
    (
        r"^a Beggar hand is a string of cards or a list of cards, not (?P<value>.*)$",
        "une main de Beggar est une suite de cartes ou une liste de cartes, pas {value}",
    ),
    (r"^a deal needs at least two hands$", "une donne demande au moins deux mains"),
    (r"^the deal has no cards$", "la donne n'a aucune carte"),
    (
        r"^(?P<seats>\d+) seats for (?P<hands>\d+) hands$",
        "{seats} {seats:#place|places} pour {hands} {hands:#main|mains}",
    ),
    (
        r"^each player plays a different character$",
        "chaque joueur joue un personnage différent",
    ),
    (
        r"^unknown field (?P<field>'.*') in a Flip 7 deal$",
        "champ inconnu {field} dans une donne de Flip 7",
    ),
    (
        r"^the dealer must be a seat from 0 to (?P<high>\d+)$",
        "le donneur doit être une place de 0 à {high}",
    ),
    (
        r"^suits must be (?P<low>\d+) to (?P<high>\d+), not (?P<value>-?\d+): a book of one "
        r"card is no book$",
        "suits doit valoir de {low} à {high}, pas {value} : un livre d'une seule carte n'est pas "
        "un livre",
    ),
    (
        r"^most_books_wins=false means the first player out wins: set end_on_first_out=true$",
        "most_books_wins=false fait gagner le premier joueur sans cartes : mettez "
        "end_on_first_out=true",
    ),
    (
        r"^(?P<option>\w+) must be (?P<low>\d+) to (?P<high>\d+), not (?P<value>-?\d+)"
        r"(?P<rest>.*)$",
        "{option} doit valoir de {low} à {high}, pas {value}{rest}",
    ),
    # Flip 7 (flip7/cards.py, rules.py, solver.py, game.py)
    (
        r"^no Flip 7 number card (?P<card>.*) \(numbers go from 0 to 12\)$",
        "pas de carte nombre {card} au Flip 7 (les nombres vont de 0 à 12)",
    ),
    (
        r"^unknown Flip 7 card (?P<card>'.*?'); cards are (?P<cards>.*)$",
        "carte de Flip 7 inconnue {card} ; les cartes sont {cards}",
    ),
    (
        r"^the deal holds (?P<n>\d+) copies of (?P<card>.+), the deck has (?P<m>\d+)$",
        "la donne a {n} {n:#exemplaire|exemplaires} de {card}, le paquet en a {m}",
    ),
    (
        r"^a hand cannot hold two (?P<card>\S+)s \(that is a bust\)$",
        "une main ne peut pas avoir deux {card} (la manche serait perdue)",
    ),
    (
        r"^a hand holds each modifier at most once$",
        "une main a chaque modificateur au plus une fois",
    ),
    (
        r"^the solver's hands hold numbers and modifiers only: Freeze, Flip Three and "
        r"Second Chance are outside its model$",
        "les mains du solveur n'ont que des nombres et des modificateurs : Stop, Trois à la "
        "suite et Seconde chance sont hors de son modèle",
    ),
    (
        r"^seven different numbers are a Flip 7: the round is over$",
        "sept nombres différents font un Flip 7 : la manche est finie",
    ),
    (
        r"^that hand holds a card the (?P<deck>\S+) deck leaves out$",
        "cette main a une carte que le paquet {deck} n'a pas",
    ),
    (
        r"^a hand is a list of cards such as (?P<first>\S+) or (?P<second>\S+)$",
        "une main est une liste de cartes comme {first} ou {second}",
    ),
    # Beggar (beggar/cli.py)
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
        r"^give either hands or --players, not both$",
        "donnez soit des mains, soit --players, pas les deux",
    ),
    (
        r"^give the hands \(e\.g\. (?P<example>.*)\) or --players N$",
        "donnez les mains (par ex. {example}) ou --players N",
    ),
    (
        r"^search plays the standard deck: no jokers, no shuffle_captured$",
        "la recherche joue le jeu standard : ni jokers, ni shuffle_captured",
    ),
    (
        r"^--minutes and --threshold must be positive and --workers at least 0$",
        "--minutes et --threshold doivent être positifs, et --workers au moins 0",
    ),
    (
        r"^(?P<n>\d+) record deal\(s\) do not give their published length$",
        "{n} {n:#donne record ne donne pas sa|donnes records ne donnent pas leur} longueur publiée",
    ),
    (
        r"^(?P<n>\d+) stored deal\(s\) differ from the reference engine$",
        "{n} {n:#donne enregistrée diffère|donnes enregistrées diffèrent} du moteur de référence",
    ),
    # Tournaments and checks (sim/tournaments.py, rl/cli.py)
    (r"^a tournament needs at least two bots$", "un tournoi demande au moins deux robots"),
    (
        r"^--table-size (?P<n>\d+) needs at least (?P<m>\d+) bots$",
        "--table-size {n} demande au moins {m} robots",
    ),
    (
        r"^(?P<n>\d+) check\(s\) failed: (?P<names>.*)$",
        "{n} {n:#vérification a échoué|vérifications ont échoué} : {names}",
    ),
]


def french_spacing(text: str) -> str:
    """French typography in a text of ours: a non-breaking space before : ; ! ? %, and inside
    « », so that a line never breaks before the punctuation or inside the quotes."""
    text = text.replace("« ", "«").replace(" »", "»")
    text = text.replace("«", OPEN_QUOTE).replace("»", CLOSE_QUOTE)
    return re.sub(r" ([:;!?%])", "\u00a0\\1", text)


# Both tables, in French typography; the first pattern that matches wins.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), french_spacing(fr)) for p, fr in [*MESSAGES, *GAME_MESSAGES]
]
# The later table, tried after them (its samples are kept apart from theirs).
_MORE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), french_spacing(fr)) for p, fr in MORE_MESSAGES
]
# A Flip 7 action card by its JSON name, as a French message names it.
_FLIP7_CARDS = {
    "freeze": "le Stop",
    "flip_three": "le Trois à la suite",
    "second_chance": "la Seconde chance",
}


# (English ending, French ending): what a layer appends to another's message.
_ENDINGS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r" \(one bot per player: --bots gives (?P<n>\d+)\)$"),
        french_spacing(" (un robot par joueur : --bots en donne {n})"),
    ),
]


def localise_message(message: str, lang: str) -> str:
    """An error message of Parlour in `lang` (English messages pass through)."""
    if lang != "fr":
        return message
    rule = same_text(message, lang, "rule.")  # a rule's own words, without its code
    if rule is not None:
        return rule
    if message in _OS_FRENCH:
        return _OS_FRENCH[message]
    for ending, french_ending in _ENDINGS:
        found = ending.search(message)
        if found:
            head = localise_message(message[: found.start()], lang)
            return head + french_ending.format(**found.groupdict())
    for pattern, french in [*_PATTERNS, *_MORE_PATTERNS]:
        found = pattern.match(message)
        if found:
            values = {
                key: _french_value(key, value, lang) for key, value in found.groupdict().items()
            }
            return format_text(french, lang, **values)
    return message


# Lists of names to type (bots, games, languages, options...): each quoted, as a command's words.
_NAME_LISTS = frozenset({"bots", "games", "langs", "opts", "keys", "shells", "decks", "cards"})
# A whole value as repr writes a string: 'x', or "x" when x holds an apostrophe.
_REPR_STRING = re.compile(r"^'([^']*)'$|^\"([^\"]*)\"$")


def _french_value(key: str, value: str, lang: str) -> str:
    if key == "why":  # another error's message, inside this one
        return localise_message(value, lang)
    if key in _NAME_LISTS:
        return ", ".join(quote(_unquoted(name.strip())) for name in value.split(","))
    if key == "choices":  # 6, 7, 8 -> 6, 7 ou 8
        *first, last = [_quoted_value(choice.strip()) for choice in value.split(", ")]
        return f"{', '.join(first)} ou {last}" if first else last
    if key == "where":
        return _deck_place(value)
    if key == "params":  # a bot's parameters, or what it takes when it does not say
        return "d'autres valeurs" if value == "other values" else _french_value("opts", value, lang)
    if key == "json":
        return _JSON_REASONS.get(value, value)
    if key == "flip7_card":
        return _FLIP7_CARDS.get(value, f"la carte {quote(value)}")
    return _quoted_value(value)


def _unquoted(name: str) -> str:
    found = _REPR_STRING.match(name)
    return name if found is None else found.group(1) or found.group(2) or ""


def _quoted_value(value: str) -> str:
    """A quoted string (a name, a value typed) in French quotes; anything else as it is."""
    return quote(_unquoted(value)) if _REPR_STRING.match(value) else value


def _deck_place(where: str) -> str:
    """Where a deck file is wrong (`deck.toml: family 'x', member 2 (mother)`), in French."""
    where = re.sub(r"^the uploaded deck\b", "le jeu envoyé", where)
    where = re.sub(
        r": family ('[^']*'|\"[^\"]*\"|\d+)",
        lambda m: "\u00a0: famille " + _quoted_value(m.group(1)),
        where,
    )
    return re.sub(r", member (\d+) \(", r", membre \1 (", where)


def localise_error(err: Exception, lang: str) -> str:
    if isinstance(err, IllegalAction):
        return localise_message(err.message, lang)
    return localise_message(str(err), lang)
