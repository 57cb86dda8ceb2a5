"""Texts of Panoplies: garments, characters, mannequins, jokers, matches."""

from parlour.i18n import register
from parlour.i18n.options import register_options

GARMENTS = {
    "shoes": ("the shoes", "les chaussures"),
    "socks": ("the socks", "les chaussettes"),
    "trousers": ("the trousers or skirt", "le pantalon ou la jupe"),
    "shirt": ("the shirt", "la chemise"),
    "jumper": ("the jumper", "le pull"),
    "jacket": ("the jacket", "la veste"),
    "coat": ("the coat", "le manteau"),
    "hat": ("the hat", "le chapeau"),
    "scarf": ("the scarf", "l'écharpe"),
    "belt": ("the belt", "la ceinture"),
}
CHARACTERS = {
    "grandfather": ("the grandfather", "le grand-père"),
    "grandmother": ("the grandmother", "la grand-mère"),
    "father": ("the father", "le père"),
    "mother": ("the mother", "la mère"),
    "son": ("the son", "le fils"),
    "daughter": ("the daughter", "la fille"),
    "aunt": ("the aunt", "la tante"),
    "uncle": ("the uncle", "l'oncle"),
    "cousin_f": ("the (girl) cousin", "la cousine"),
    "cousin_m": ("the (boy) cousin", "le cousin"),
    "daughter_in_law": ("the daughter-in-law", "la belle-fille"),
    "son_in_law": ("the son-in-law", "le gendre"),
}

register(
    {
        **{f"panoplies.garment.{key}": {"en": en, "fr": fr} for key, (en, fr) in GARMENTS.items()},
        **{
            f"panoplies.character.{key}": {"en": en, "fr": fr}
            for key, (en, fr) in CHARACTERS.items()
        },
        "panoplies.title": {"en": "Panoplies", "fr": "Panoplies"},
        "panoplies.characters": {
            "en": "Characters: {pairs}.",
            "fr": "Personnages\u00a0: {pairs}.",
        },
        "panoplies.plays": {"en": "{name} plays {character}", "fr": "{name} joue {character}"},
        "panoplies.ask": {
            "en": "{name} to {target}: “May I have {card}?”",
            "fr": "{name} à {target}\u00a0: «\u00a0Je voudrais {card}.\u00a0»",
        },
        "panoplies.lost": {
            # Not "{character}'s mannequin": the character is "the father", and a sentence
            # starts with a capital.
            "en": "The mannequin of {character} ({name}) hands {garment} to the wardrobe.",
            "fr": "Le mannequin de {character} ({name}) range {garment} dans l'armoire.",
        },
        "panoplies.back": {
            "en": "{name} dresses {character}'s mannequin in {garment} again.",
            "fr": "{name} remet {garment} au mannequin de {character}.",
        },
        # Never « de {name} »: a name may start with a vowel (« d'Anne »), and the narration
        # does not elide a name, so the French says it another way.
        "panoplies.joker_saved": {
            "en": "{name}'s joker keeps {garment} on the mannequin!",
            "fr": "Grâce à son joker, {name} garde {garment} sur le mannequin\u00a0!",
        },
        "panoplies.joker_failed": {
            "en": "{name}'s joker draw misses ({drawn}).",
            "fr": "Le tirage du joker échoue pour {name} ({drawn}).",
        },
        "panoplies.outfit_own": {
            "en": "{name} lays down {character}'s own outfit: {name} can no longer lose.",
            "fr": "{name} pose sa propre tenue ({character})\u00a0: {name} ne peut plus perdre.",
        },
        "panoplies.outfit_nobody": {
            "en": "{name} lays down the outfit of {character}, who belongs to nobody.",
            "fr": "{name} pose la tenue de {character}, qui n'est à personne.",
        },
        "panoplies.outfit_other": {
            "en": "{name} lays down the outfit of {character}, {owner}'s character!",
            "fr": "{name} pose la tenue de {character}, le personnage joué par {owner}\u00a0!",
        },
        "panoplies.joker": {"en": "{name} gains a joker.", "fr": "{name} gagne un joker."},
        "panoplies.game_loser": {
            "en": "Game {game}: {name} loses.",
            "fr": "Partie {game}\u00a0: {name} perd.",
        },
        "panoplies.game_no_loser": {
            "en": "Game {game}: nobody can lose any more; no loser.",
            "fr": "Partie {game}\u00a0: plus personne ne peut perdre\u00a0; pas de perdant.",
        },
        "panoplies.match_end": {
            "en": "End of the match. Games lost: {tally}.",
            "fr": "Fin de la série. Parties perdues\u00a0: {tally}.",
        },
        "panoplies.card_en": {"en": "{character}'s {garment}", "fr": "{garment} de {character}"},
        "panoplies.rules": {
            "en": "A variant of Happy Families where each player dresses one character's "
            "mannequin. The cards are garments (shoes, socks, trousers or skirt, shirt, jumper, "
            "jacket, coat; optionally hat, scarf, belt) of each character. Ask as in Happy "
            "Families, but only for a garment of a character of whom you already hold a card. "
            "When a garment is won from its own character's player, or drawn as a lucky draw, "
            "that mannequin hands it to the wardrobe (a joker may save it); winning your own "
            "garments dresses your mannequin again. Whoever holds a whole outfit lays it down: "
            "his own (he can no longer lose), nobody's (a joker, under six players), or "
            "another player's, who then loses the game. If everyone lays his own outfit, "
            "nobody loses.",
            "fr": "Une variante du Jeu des 7 familles où chacun habille le mannequin d'un "
            "personnage. Les cartes sont les vêtements (chaussures, chaussettes, pantalon ou jupe, "
            "chemise, pull, veste, manteau\u00a0; en option chapeau, écharpe, ceinture) de chaque "
            "personnage. On demande comme aux 7 familles, mais seulement un vêtement d'un "
            "personnage dont on a déjà une carte. Quand un vêtement est gagné sur le joueur de son "
            "personnage, ou tiré en «\u00a0Bonne pioche\u00a0», le mannequin le range dans "
            "l'armoire (un joker peut le sauver)\u00a0; regagner ses propres vêtements rhabille "
            "son mannequin. Qui réunit une tenue entière la pose\u00a0: la sienne (il ne peut plus "
            "perdre), celle de personne (un joker, à moins de six joueurs), ou celle d'un autre "
            "joueur, qui perd alors la partie. Si chacun pose sa propre tenue, personne ne perd.",
        },
        "panoplies.credits": {
            "en": "Panoplies is adapted from a home rule by Sally and Loïse Margency.",
            "fr": "Les Panoplies sont adaptées d'une règle maison de Sally et Loïse Margency.",
        },
    }
)

register_options(
    "panoplies",
    {
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
            "Cartes distribuées à chacun (automatique\u00a0: 8 moins le nombre de joueurs jusqu'à "
            "6, puis 2).",
        ),
        "next_after_miss": (
            "After “Draw!”",
            "Après «\u00a0Pioche\u00a0!\u00a0»",
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
            "Parties de la série\u00a0; le dernier perdant commence la suivante.",
        ),
    },
)

# Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
register(
    {
        "rule.panoplies.card_laid": {
            "en": "that character's outfit is already laid down",
            "fr": "la tenue de ce personnage est déjà posée",
        },
        "rule.panoplies.character_not_held": {
            "en": "you may only ask for a card of a character you already hold",
            "fr": "on ne demande une carte que d'un personnage dont on a déjà une carte",
        },
    }
)
