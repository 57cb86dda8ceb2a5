"""Go Fish in French and English: narration, rank and card names, the rules, options, errors.

Registered with `parlour.i18n` when the game is imported; nothing outside this room names them.
"""

from __future__ import annotations

from parlour.i18n import register
from parlour.i18n.options import register_options

# Rank 0 is the ace, then 2 to 10 and the three faces; a deck of more ranks goes on in numbers.
_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_WORDS = {
    "en": (
        ("ace", "aces"),
        ("two", "twos"),
        ("three", "threes"),
        ("four", "fours"),
        ("five", "fives"),
        ("six", "sixes"),
        ("seven", "sevens"),
        ("eight", "eights"),
        ("nine", "nines"),
        ("ten", "tens"),
        ("jack", "jacks"),
        ("queen", "queens"),
        ("king", "kings"),
    ),
    "fr": (
        ("as", "as"),
        ("deux", "deux"),
        ("trois", "trois"),
        ("quatre", "quatre"),
        ("cinq", "cinq"),
        ("six", "six"),
        ("sept", "sept"),
        ("huit", "huit"),
        ("neuf", "neuf"),
        ("dix", "dix"),
        ("valet", "valets"),
        ("dame", "dames"),
        ("roi", "rois"),
    ),
}
_SUITS = ("♠", "♥", "♦", "♣", "★", "●", "■", "▲")


def rank_label(rank: int) -> str:
    """ "A", "7", "K"; "14" and up for the ranks of a longer deck."""
    return _LABELS[rank] if rank < len(_LABELS) else str(rank + 1)


def rank_word(rank: int, lang: str, count: int = 2) -> str:
    """The rank as said for `count` cards: "kings", "an ace" is "1 ace"; « rois », « as »."""
    words = _WORDS.get(lang, _WORDS["en"])
    if rank >= len(words):
        label = rank_label(rank)
        return f"{label}s" if lang == "en" and count != 1 else label
    singular, plural = words[rank]
    few = count <= 1 if lang == "fr" else count == 1
    return singular if few else plural


def suit_label(suit: int) -> str:
    return _SUITS[suit] if suit < len(_SUITS) else f"/{suit + 1}"


def card_label(rank: int, suit: int) -> str:
    """ "7♥", "K♠", "A♣"."""
    return f"{rank_label(rank)}{suit_label(suit)}"


# The four suits of the standard deck in words; a longer deck's others keep their symbol.
_SUIT_WORDS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}


def card_name(rank: int, suit: int, lang: str) -> str:
    """A card as the narration says it: "the ace of spades", « l'as de pique », « la dame de
    carreau », « le huit de cœur » (h aspiré), « le roi ★ » for a fifth suit."""
    word = rank_word(rank, lang, 1)
    suits = _SUIT_WORDS.get(lang, _SUIT_WORDS["en"])
    if lang == "fr":
        # Only « as » starts with a vowel (« huit » takes no elision); only « dame » is feminine.
        article = "l'" if word == "as" else "la " if word == "dame" else "le "
        of = f" de {suits[suit]}" if suit < len(suits) else f" {suit_label(suit)}"
        return f"{article}{word}{of}"
    of = f" of {suits[suit]}" if suit < len(suits) else f" {suit_label(suit)}"
    return f"the {word}{of}"


_RULES_EN = (
    "Two to ten players collect books: every card of one rank (four, one per suit, in the "
    "standard deck of 13 ranks). Each player is dealt 7 cards at two players, 5 at more; the "
    "rest is the pool. In turn, ask another player who holds cards for a rank you hold: he "
    "gives you every card of that rank and you ask again. If he has none he says “Go fish!” "
    "and you draw: a card of the rank you asked for is shown and you ask again; any other card "
    "ends your turn, which passes to your left. Four of a rank are laid down at once as a book. "
    "A player without cards draws one before asking. When every book is down, the player with "
    "most books wins (ties are shared). The rules are those of OpenSpiel's go_fish, and its "
    "options are this game's options."
)
_RULES_FR = (
    "De deux à dix joueurs réunissent des livres\u00a0: toutes les cartes d'une même valeur "
    "(quatre, une par couleur, dans le jeu ordinaire de 13 valeurs). Chacun reçoit 7 cartes à deux "
    "joueurs, 5 au-delà\u00a0; le reste forme la pioche. À son tour, on demande à un joueur qui a "
    "des cartes une valeur que l'on a\u00a0: il donne toutes ses cartes de cette valeur et on "
    "redemande. S'il n'en a pas il dit «\u00a0Va pêcher\u00a0!\u00a0» et on pioche\u00a0: une "
    "carte de la valeur demandée est montrée et on redemande\u00a0; toute autre carte finit le "
    "tour, qui passe au joueur de gauche. Les quatre cartes d'une valeur sont posées "
    "aussitôt\u00a0: un livre. Un joueur sans cartes en pioche une avant de demander. Quand tous "
    "les livres sont posés, celui qui en a le plus gagne (ex æquo partagés). Ce sont les règles du "
    "go_fish d'OpenSpiel, dont les paramètres sont les options de ce jeu."
)

register(
    {
        "gofish.title": {"en": "Go Fish", "fr": "Va pêcher"},
        "gofish.deal": {
            "en": "{size} {most:#card|cards} each; {pile} left in the pool. {first} starts.",
            "fr": "{size} {most:#carte|cartes} chacun\u00a0; {pile} dans la pioche. {first} "
            "commence.",
        },
        "gofish.ask": {
            "en": "{name} to {target}: “Have you got any {rank}?”",
            "fr": "{name} à {target}\u00a0: «\u00a0As-tu des {rank}\u00a0?\u00a0»",
        },
        "gofish.give": {
            "en": "{name} gives {to} {count} {rank}.",
            "fr": "{name} donne {count} {rank} à {to}.",
        },
        "gofish.pioche": {
            "en": "{name}: “Go fish!”",
            "fr": "{name}\u00a0: «\u00a0Va pêcher\u00a0!\u00a0»",
        },
        "gofish.bonne_pioche": {
            "en": "{name} fishes {card}, the rank asked for, and asks again.",
            "fr": "{name} pêche {card}, la valeur demandée, et redemande.",
        },
        "gofish.draw": {"en": "{name} draws a card.", "fr": "{name} pioche une carte."},
        "gofish.draw_own": {"en": "{name} draws {card}.", "fr": "{name} pioche {card}."},
        "gofish.lay": {
            "en": "{name} lays down a book of {rank}!",
            "fr": "{name} pose le livre des {rank}\u00a0!",
        },
        "gofish.pass": {
            "en": "{name} has nobody to ask and passes.",
            "fr": "{name} n'a personne à qui demander et passe.",
        },
        "gofish.turn": {"en": "{name} plays.", "fr": "À {name} de jouer."},
        "gofish.end": {
            "en": "Every book is down. Books: {scores}.",
            "fr": "Tous les livres sont posés. Livres\u00a0: {scores}.",
        },
        "gofish.end_out": {
            "en": "{name} has no cards left: the game ends. Books: {scores}.",
            "fr": "{name} n'a plus de cartes\u00a0: la partie s'arrête. Livres\u00a0: {scores}.",
        },
        "gofish.score": {"en": "{name} {n}", "fr": "{name} {n}"},
        "gofish.rules": {"en": _RULES_EN, "fr": _RULES_FR},
        # Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
        "rule.gofish.rank_not_held": {
            "en": "you may only ask for a rank you hold",
            "fr": "on ne demande qu'une valeur que l'on a en main",
        },
        "rule.gofish.no_such_group": {
            "en": "there is no such rank in this deck",
            "fr": "cette valeur n'existe pas dans ce jeu",
        },
        "rule.gofish.card_laid": {
            "en": "that rank is already laid down",
            "fr": "cette valeur est déjà posée",
        },
        "rule.gofish.not_an_ask": {
            "en": "the only move is to ask a player for a rank",
            "fr": "le seul coup est de demander une valeur à un joueur",
        },
    }
)

register_options(
    "gofish",
    {
        "ranks": (
            "Ranks",
            "Valeurs",
            "Ranks in the deck (1 to 64); a book is every card of one rank.",
            "Valeurs du jeu (1 à 64)\u00a0; un livre réunit toutes les cartes d'une valeur.",
        ),
        "suits": (
            "Cards a rank",
            "Cartes par valeur",
            "Cards of each rank (2 to 16): the size of a book.",
            "Cartes de chaque valeur (2 à 16)\u00a0: la taille d'un livre.",
        ),
        "initial_cards": (
            "Cards each",
            "Cartes par joueur",
            "Cards dealt to each player (automatic: 7 at two players, 5 at more).",
            "Cartes distribuées à chacun (automatique\u00a0: 7 à deux joueurs, 5 au-delà).",
        ),
        "ask_after_empty_draw": (
            "Ask after an empty-hand draw",
            "Demander après la pioche à vide",
            "A player who draws because his hand is empty may then ask.",
            "Un joueur qui pioche parce qu'il n'a plus de cartes peut ensuite demander.",
        ),
        "end_on_first_out": (
            "End on the first player out",
            "Fin au premier sans cartes",
            "The game ends as soon as a player lays down his last cards.",
            "La partie s'arrête dès qu'un joueur pose ses dernières cartes.",
        ),
        "most_books_wins": (
            "Most books wins",
            "Le plus de livres gagne",
            "Most books wins; otherwise the first player out wins.",
            "Le plus de livres gagne\u00a0; sinon le premier sans cartes gagne.",
        ),
    },
    {("initial_cards", "-1"): ("automatic", "automatique")},
)
