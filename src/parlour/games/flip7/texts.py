"""Texts of Flip 7."""

from parlour.i18n import register
from parlour.i18n.options import register_options

register(
    {
        "flip7.card.freeze": {"en": "a Freeze", "fr": "un Stop"},
        "flip7.card.flip_three": {"en": "a Flip Three", "fr": "un Trois à la suite"},
        "flip7.card.second_chance": {"en": "a Second Chance", "fr": "une Seconde chance"},
        "flip7.card.x2": {"en": "the x2", "fr": "le x2"},
        "flip7.card.number": {"en": "a {card}", "fr": "un {card}"},
        "flip7.card.number_an": {"en": "an {card}", "fr": "un {card}"},
        "flip7.card.plus": {"en": "a {card}", "fr": "un {card}"},
        "flip7.round_start": {
            "en": "Round {round}: {dealer} deals ({deck} {deck:#card|cards} in the deck).",
            "fr": "Manche {round}\u00a0: {dealer} distribue ({deck} {deck:#carte|cartes} dans la "
            "pioche).",
        },
        "flip7.draw.deal": {"en": "{name} is dealt {card}.", "fr": "{name} reçoit {card}."},
        "flip7.draw.hit": {"en": "{name} hits: {card}.", "fr": "{name} pioche\u00a0: {card}."},
        "flip7.draw.flip_three": {
            "en": "{name} flips {card} ({index}/3).",
            "fr": "{name} retourne {card} ({index}/3).",
        },
        "flip7.stay": {
            "en": "{name} stays with {points} {points:#point|points}.",
            "fr": "{name} s'arrête avec {points} {points:#point|points}.",
        },
        "flip7.bust": {
            "en": "{name} busts with a second {card}.",
            "fr": "{name} perd la manche avec un deuxième {card}.",
        },
        "flip7.second_chance_used": {
            "en": "{name} uses a Second Chance against a second {card}.",
            "fr": "{name} utilise sa Seconde chance contre un deuxième {card}.",
        },
        "flip7.second_chance_kept": {
            "en": "{name} keeps a Second Chance.",
            "fr": "{name} garde une Seconde chance.",
        },
        "flip7.second_chance_given": {
            "en": "{name} gives a Second Chance to {target}.",
            "fr": "{name} donne une Seconde chance à {target}.",
        },
        "flip7.target": {
            "en": "{name} gives {card} to {target}.",
            "fr": "{name} donne {card} à {target}.",
        },
        "flip7.target_self": {
            "en": "{name} keeps {card}.",
            "fr": "{name} garde {card}.",
        },
        "flip7.set_aside": {
            "en": "{name} sets {card} aside until the Flip Three is over.",
            "fr": "{name} met {card} de côté jusqu'à la fin du Trois à la suite.",
        },
        "flip7.freeze": {
            "en": "{name} is frozen with {points} {points:#point|points}.",
            "fr": "Stop pour {name}, avec {points} {points:#point|points}.",
        },
        "flip7.flip_three": {
            "en": "{name} must flip three cards.",
            "fr": "{name} doit retourner trois cartes.",
        },
        "flip7.action_discarded": {
            "en": "{card} is discarded without effect.",
            # Worded so that nothing agrees with the card: « un Stop », « une Seconde chance ».
            "fr": "{card} part à la défausse sans effet.",
        },
        "flip7.flip7": {
            "en": "Flip 7! {name} has seven different numbers: the round ends.",
            "fr": "Flip 7\u00a0! {name} a sept numéros différents\u00a0: la manche s'arrête.",
        },
        "flip7.reshuffle": {
            "en": "The deck is empty: the discard pile is shuffled into a new deck ({cards} "
            "{cards:#card|cards}).",
            "fr": "La pioche est vide\u00a0: la défausse est mélangée pour former une nouvelle "
            "pioche ({cards} {cards:#carte|cartes}).",
        },
        "flip7.deck_exhausted": {
            "en": "No card is left to draw: the round ends.",
            "fr": "Plus aucune carte à piocher\u00a0: la manche s'arrête.",
        },
        "flip7.round_end": {
            "en": "End of round {round}: {points}.",
            "fr": "Fin de la manche {round}\u00a0: {points}.",
        },
        "flip7.tie": {
            "en": "{names} share the lead with {total}: another round.",
            "fr": "{names} sont à égalité en tête avec {total}\u00a0: une manche de plus.",
        },
        "flip7.game_over": {
            "en": "{name} wins with {total} {total:#point|points}.",
            "fr": "{name} gagne avec {total} {total:#point|points}.",
        },
        "flip7.hint": {
            "en": "Bust risk {bust:.0%}, expected gain of a hit {gain:+.1f} points.",
            "fr": "Risque de perdre {bust:.0%}, gain espéré en piochant {gain:+.1f} points.",
        },
        "flip7.credits": {
            "en": "Flip 7 is a game by Eric Olsen, published by The Op Games. Parlour's "
            "implementation is unofficial.",
            "fr": "Flip 7 est un jeu d'Eric Olsen, édité par The Op Games. L'adaptation de "
            "Parlour n'est pas officielle.",
        },
        "flip7.rules": {
            "en": "3 to 18 players (2 allowed) race to 200 points over rounds. The 94-card deck "
            "holds the numbers 0 to 12 (as many copies of each as its value; one 0 and one 1), "
            "modifiers +2 to +10 and x2, and the actions Freeze, Flip Three and Second Chance. "
            "Each round the dealer gives everybody one card face up; then, from his left, each "
            "active player hits (one more card) or stays (banks his cards, which needs at least "
            "one). A second copy of a number busts: 0 for the round. Freeze makes a player of "
            "your choice bank and leave; Flip Three makes him flip three cards; a Second Chance "
            "cancels one duplicate. Score: the numbers (doubled by x2) plus the + cards, plus 15 "
            "for seven different numbers (Flip 7), which ends the round for everybody. The deck "
            "is only reshuffled when it runs out; after the round in which someone reaches 200, "
            "the highest total wins (a tie for the lead plays another round).",
            "fr": "De 3 à 18 joueurs (2 possible) font la course à 200 points en plusieurs "
            "manches. Le paquet de 94 cartes compte les numéros 0 à 12 (autant d'exemplaires que "
            "la valeur\u00a0; un 0 et un 1), les bonus +2 à +10 et x2, et les actions Stop, Trois "
            "à la suite et Seconde chance. À chaque manche le donneur donne une carte visible à "
            "chacun\u00a0; puis, depuis sa gauche, chaque joueur actif pioche "
            "(«\u00a0encore\u00a0») ou s'arrête («\u00a0stop\u00a0», il valide ses cartes, ce qui "
            "demande d'en avoir au moins une). Un numéro en double fait perdre la manche\u00a0: 0 "
            "point. Stop fait valider et sortir le joueur de votre choix\u00a0; Trois à la suite "
            "lui fait retourner trois cartes\u00a0; la Seconde chance annule un doublon. "
            "Score\u00a0: les numéros (doublés par le x2) plus les bonus, plus 15 pour sept "
            "numéros différents (Flip 7), qui termine la manche pour tous. La pioche n'est "
            "remélangée que lorsqu'elle est vide\u00a0; après la manche où quelqu'un atteint 200, "
            "le plus haut total gagne (une égalité en tête joue une manche de plus).",
        },
    }
)

# `parlour flip7 solve`: its lines in English are what scripts have always read.
register(
    {
        "flip7.solve.model.numbers": {"en": "numbers", "fr": "numéros"},
        "flip7.solve.model.numbers+x2": {"en": "numbers+x2", "fr": "numéros+x2"},
        "flip7.solve.model.numbers+modifiers": {
            "en": "numbers+modifiers",
            "fr": "numéros+bonus",
        },
        "flip7.solve.hit": {"en": "hit", "fr": "tirer"},
        "flip7.solve.stay": {"en": "stay", "fr": "rester"},
        "flip7.solve.hand": {
            "en": "hand {hand} ({model} deck): stay {stay}, hit then play optimally {hit} -> "
            "{decision}",
            "fr": "main {hand} (paquet {model})\u00a0: rester {stay}, tirer puis jouer au mieux "
            "{hit} -> {decision}",
        },
        "flip7.solve.deck": {
            "en": "Deck: {cards} cards ({model}); one player alone, exact values.",
            "fr": "Paquet\u00a0: {cards} {cards:#carte|cartes} ({model})\u00a0; un joueur seul, "
            "valeurs exactes.",
        },
        "flip7.solve.optimal": {
            "en": "optimal policy: expected score {ev}",
            "fr": "stratégie optimale\u00a0: score espéré {ev}",
        },
        "flip7.solve.threshold": {
            "en": "best fixed threshold (stay when the numbers sum to at least T): T = "
            "{threshold}, expected score {ev}",
            "fr": "meilleur seuil fixe (s'arrêter dès que les numéros font au moins T)\u00a0: "
            "T = {threshold}, score espéré {ev}",
        },
        "flip7.solve.bust_title": {
            "en": "Bust probability of the next card, by distinct numbers held",
            "fr": "Probabilité de perdre la manche à la carte suivante, selon le nombre de "
            "numéros différents en main",
        },
        "flip7.solve.held": {"en": "numbers held", "fr": "numéros en main"},
        "flip7.solve.bust": {"en": "bust probability", "fr": "probabilité de perdre"},
    }
)

register_options(
    "flip7",
    {
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
)

# Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
register(
    {
        "rule.flip7.stay_needs_a_card": {
            "en": "you cannot stay with no card in front",
            "fr": "on ne peut pas s'arrêter sans aucune carte devant soi",
        },
        "rule.flip7.hit_or_stay": {
            "en": "on your turn you hit or stay",
            "fr": "à votre tour, vous tirez une carte ou vous vous arrêtez",
        },
        "rule.flip7.choose_a_target": {
            "en": "choose who gets the action card",
            "fr": "choisissez qui reçoit la carte action",
        },
        "rule.flip7.target_must_be_eligible": {
            "en": "that player cannot get the action card",
            "fr": "ce joueur ne peut pas recevoir la carte action",
        },
    }
)
