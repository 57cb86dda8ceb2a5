"""Texts of the Jeu des 7 familles (the lines it narrates like Panoplies are askdraw's)."""

from parlour.i18n import register
from parlour.i18n.options import register_options

register(
    {
        "familles.title": {"en": "Happy Families (Jeu des 7 familles)", "fr": "Jeu des 7 familles"},
        "familles.ask": {
            "en": "{name} to {target}: “From the {family} family, may I have {member}?”",
            "fr": "{name} à {target}\u00a0: «\u00a0Dans la famille {family}, je voudrais "
            "{member}.\u00a0»",
        },
        "familles.lay": {
            "en": "{name} lays down the {family} family!",
            "fr": "{name} pose la famille {family}\u00a0!",
        },
        "familles.end": {
            "en": "All seven families are down: {scores}.",
            "fr": "Les sept familles sont posées\u00a0: {scores}.",
        },
        "familles.score": {"en": "{name} {n}", "fr": "{name} {n}"},
        "familles.role.grandfather": {"en": "the grandfather", "fr": "le grand-père"},
        "familles.role.grandmother": {"en": "the grandmother", "fr": "la grand-mère"},
        "familles.role.father": {"en": "the father", "fr": "le père"},
        "familles.role.mother": {"en": "the mother", "fr": "la mère"},
        "familles.role.son": {"en": "the son", "fr": "le fils"},
        "familles.role.daughter": {"en": "the daughter", "fr": "la fille"},
        "familles.card_other": {"en": "{role} {family}", "fr": "{role} {family}"},
        "familles.rules": {
            "en": "Two to six players collect families of six (grandfather, grandmother, "
            "father, mother, son, daughter). In turn, ask another player who holds cards for a "
            "precise card of a family you already hold and of which you lack that card. He must "
            "give it, and you ask again. If he has not got it he says “Draw!”: you draw; the card "
            "you asked for is a lucky draw, shown, and you ask again; any other card ends your "
            "turn. A complete family is laid down at once. When all seven families are down, "
            "the player with most families wins (ties are shared).",
            "fr": "De deux à six joueurs réunissent des familles de six (grand-père, grand-mère, "
            "père, mère, fils, fille). À son tour, on demande à un joueur qui a des cartes une "
            "carte précise d'une famille dont on possède déjà une carte, et qu'on n'a pas. Il doit "
            "la donner, et on redemande. S'il ne l'a pas il dit «\u00a0Pioche\u00a0!\u00a0»\u00a0: "
            "on pioche\u00a0; la carte demandée est une «\u00a0Bonne pioche\u00a0», montrée, et on "
            "redemande\u00a0; toute autre carte finit le tour. Une famille complète est posée "
            "aussitôt. Quand les sept familles sont posées, celui qui en a le plus gagne (ex æquo "
            "possibles).",
        },
        # `parlour decks list`: the table's title and columns.
        "decks.title": {"en": "Decks", "fr": "Jeux de cartes"},
        "decks.column.id": {"en": "id", "fr": "id"},
        "decks.column.name": {"en": "name", "fr": "nom"},
        "decks.column.lang": {"en": "lang", "fr": "langue"},
        "decks.column.families": {"en": "families", "fr": "familles"},
        "decks.check_ok": {
            "en": "{path}: deck {id} ({name}), {families} {families:#family|families} of 6, valid.",
            "fr": "{path}\u00a0: jeu {id} ({name}), {families} {families:#famille|familles} de 6, "
            "valide.",
        },
    }
)

register_options(
    "familles",
    {
        "hand_size": (
            "Cards each",
            "Cartes par joueur",
            "Cards dealt to each player: 6 or 7 (8 also at two players).",
            "Cartes distribuées à chacun\u00a0: 6 ou 7 (8 aussi à deux joueurs).",
        ),
        "next_after_miss": (
            "After “Draw!”",
            "Après «\u00a0Pioche\u00a0!\u00a0»",
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
            "Pour les plus jeunes\u00a0: on peut demander une carte de n'importe quelle famille.",
        ),
        "deck": (
            "Deck",
            "Jeu de cartes",
            "The French deck, the English deck, or the path of a TOML deck file.",
            "Le jeu français, le jeu anglais, ou le chemin d'un fichier de jeu TOML.",
        ),
    },
    {
        ("deck", "fr"): ("French deck", "jeu français"),
        ("deck", "en"): ("English deck", "jeu anglais"),
    },
)

# Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
register(
    {
        "rule.familles.card_laid": {
            "en": "that family is already laid down",
            "fr": "cette famille est déjà posée",
        },
        "rule.familles.family_not_held": {
            "en": "you may only ask for a card of a family you already hold",
            "fr": "on ne demande une carte que d'une famille dont on a déjà une carte",
        },
    }
)

# The deck's help at a web table, where a deck is a shipped one or an uploaded file, never a
# path on the server.
register(
    {
        "option.familles.deck.upload": {
            "en": "The French deck, the English deck (the table's language chooses unless you "
            "do), or a TOML deck file of your own, uploaded.",
            "fr": "Le jeu français, le jeu anglais (la langue de la table choisit, sauf si "
            "vous choisissez), ou votre propre fichier de jeu TOML, envoyé.",
        },
    }
)
