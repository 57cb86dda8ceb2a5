"""Texts of Beggar-My-Neighbour."""

from parlour.i18n import register

register(
    {
        "beggar.title": {
            "en": "Beggar-My-Neighbour",
            "fr": "Beggar-My-Neighbour (Ruine-ton-voisin)",
        },
        "beggar.dealer_draw": {
            "en": "Drawing for the deal: {cards}.",
            "fr": "Tirage pour la donne : {cards}.",
        },
        "beggar.deal": {
            "en": "Round {round}: {dealer} deals, {leader} leads.",
            "fr": "Manche {round} : {dealer} distribue, {leader} commence.",
        },
        "beggar.flip": {"en": "{name} turns up {card}.", "fr": "{name} retourne {card}."},
        "beggar.flip_penalty": {
            "en": "{name} turns up {card}: {owed} to pay!",
            "fr": "{name} retourne {card} : {owed} à payer !",
        },
        "beggar.pay": {
            "en": "{name} pays {card} ({owed} still owed).",
            "fr": "{name} paie {card} (encore {owed}).",
        },
        "beggar.capture": {
            "en": "{name} takes the pile ({size} cards).",
            "fr": "{name} ramasse la pile ({size} cartes).",
        },
        "beggar.out": {"en": "{name} is out of cards.", "fr": "{name} n'a plus de cartes."},
        "beggar.round_end": {
            "en": "{name} wins round {round} after {cards} cards and {tricks} tricks.",
            "fr": "{name} gagne la manche {round} après {cards} cartes et {tricks} plis.",
        },
        "beggar.round_loop": {
            "en": "Round {round} loops forever (repeat after {cards} cards, {tricks} tricks).",
            "fr": "La manche {round} boucle à l'infini (répétition après {cards} cartes, "
            "{tricks} plis).",
        },
        "beggar.number_card": {"en": "a number card", "fr": "une carte numérique"},
        "beggar.joker": {"en": "a joker", "fr": "un joker"},
        "beggar.beggar_joker": {"en": "the beggar joker", "fr": "le joker mendiant"},
        "beggar.rules": {
            "en": "Two to six players turn up cards in turn on a central pile. An ace, king, "
            "queen or jack makes the next player pay 4, 3, 2 or 1 cards; a penalty card among "
            "them passes the debt on. Paid with number cards only, the pile goes to whoever "
            "laid the last penalty card, under his stack in the order played. A player who "
            "must play with no cards is out; the last one holding cards wins.",
            "fr": "De deux à six joueurs retournent tour à tour une carte sur une pile "
            "centrale. Un as, un roi, une dame ou un valet oblige le joueur suivant à payer "
            "4, 3, 2 ou 1 cartes ; une figure parmi elles reporte la dette. Payée avec des "
            "cartes numériques seulement, la pile revient à qui a posé la dernière figure, "
            "sous sa pile dans l'ordre du jeu. Qui doit jouer sans carte est éliminé ; le "
            "dernier à avoir des cartes gagne.",
        },
    }
)
