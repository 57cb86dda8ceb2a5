"""Texts of Beggar-My-Neighbour."""

from parlour.i18n import register
from parlour.i18n.options import register_options

register(
    {
        "beggar.title": {
            "en": "Beggar-My-Neighbour",
            "fr": "Beggar-My-Neighbour (Ruine-ton-voisin)",
        },
        "beggar.dealer_draw": {
            "en": "Drawing for the deal: {cards}.",
            "fr": "Tirage pour la donne\u00a0: {cards}.",
        },
        # One player's card in the draw for the deal, named as the flips name it.
        "beggar.dealer_draw_card": {"en": "{name} draws {card}", "fr": "{name} tire {card}"},
        "beggar.deal": {
            "en": "Round {round}: {dealer} deals, {leader} leads.",
            "fr": "Manche {round}\u00a0: {dealer} distribue, {leader} commence.",
        },
        "beggar.flip": {"en": "{name} turns up {card}.", "fr": "{name} retourne {card}."},
        "beggar.flip_penalty": {
            "en": "{name} turns up {card}: {owed} to pay!",
            "fr": "{name} retourne {card}\u00a0: {owed} à payer\u00a0!",
        },
        "beggar.pay": {
            "en": "{name} pays {card} ({owed} still owed).",
            "fr": "{name} paie {card} (encore {owed}).",
        },
        "beggar.capture": {
            "en": "{name} takes the pile ({size} {size:#card|cards}).",
            "fr": "{name} ramasse la pile ({size} {size:#carte|cartes}).",
        },
        "beggar.out": {"en": "{name} is out of cards.", "fr": "{name} n'a plus de cartes."},
        "beggar.round_end": {
            "en": "{name} wins round {round} after {cards:,} {cards:#card|cards} and {tricks:,} "
            "{tricks:#trick|tricks}.",
            "fr": "{name} gagne la manche {round} après {cards:,} {cards:#carte|cartes} et "
            "{tricks:,} {tricks:#pli|plis}.",
        },
        "beggar.round_loop": {
            "en": "Round {round} loops forever (repeat after {cards:,} {cards:#card|cards}, "
            "{tricks:,} {tricks:#trick|tricks}).",
            "fr": "La manche {round} boucle à l'infini (répétition après {cards:,} "
            "{cards:#carte|cartes}, "
            "{tricks:,} {tricks:#pli|plis}).",
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
            "4, 3, 2 ou 1 cartes\u00a0; une figure parmi elles reporte la dette. Payée avec des "
            "cartes numériques seulement, la pile revient à qui a posé la dernière figure, "
            "sous sa pile dans l'ordre du jeu. Qui doit jouer sans carte est éliminé\u00a0; le "
            "dernier à avoir des cartes gagne.",
        },
        "beggar.cli.hand": {"en": "hand {letter}", "fr": "main {letter}"},
        "beggar.cli.hand_line": {"en": "{hand}: {cards}", "fr": "{hand}\u00a0: {cards}"},
        "beggar.cli.deals": {"en": "deals", "fr": "donnes"},
        "beggar.cli.loop_line": {"en": "  loop: {hands}", "fr": "  boucle\u00a0: {hands}"},
        # `beggar records`: the table's columns and cells, and each record's hands.
        "beggar.cli.col.record": {"en": "record", "fr": "record"},
        "beggar.cli.col.year": {"en": "year", "fr": "année"},
        "beggar.cli.col.cards": {"en": "cards", "fr": "cartes"},
        "beggar.cli.col.tricks": {"en": "tricks", "fr": "plis"},
        "beggar.cli.col.winner": {"en": "winner", "fr": "gagnant"},
        "beggar.cli.col.checked": {"en": "checked", "fr": "vérifié"},
        "beggar.cli.loop_at": {"en": "loop at {cards}", "fr": "boucle à {cards}"},
        "beggar.cli.none_loop": {"en": "none (loop)", "fr": "aucun (boucle)"},
        "beggar.cli.yes": {"en": "yes", "fr": "oui"},
        "beggar.cli.no": {"en": "NO: {why}", "fr": "NON\u00a0: {why}"},
        "beggar.cli.record_line": {
            "en": "{name} {year}: {hands}",
            "fr": "{name} {year}\u00a0: {hands}",
        },
        # `beggar search`; a stored deal in English is exactly what `Found.describe` says.
        "beggar.cli.search_start": {
            "en": "searching {players}-player deals for {minutes} min; storing deals of "
            "{threshold}+ cards and loops in {results}",
            "fr": "recherche de donnes à {players} joueurs pendant {minutes}\u00a0min\u00a0; "
            "donnes d'au moins {threshold} cartes et boucles enregistrées dans {results}",
        },
        "beggar.cli.search_known": {
            "en": " ({count} already there, best {best})",
            "fr": " ({count} déjà {count:#enregistrée|enregistrées}, la meilleure\u00a0: {best})",
        },
        "beggar.cli.new_best": {
            "en": "new best ({check}): {entry}",
            "fr": "nouveau record ({check})\u00a0: {entry}",
        },
        "beggar.cli.reference_agrees": {
            "en": "checked by the reference engine",
            "fr": "vérifié par le moteur de référence",
        },
        "beggar.cli.reference_disagrees": {
            "en": "REFERENCE ENGINE DISAGREES",
            "fr": "LE MOTEUR DE RÉFÉRENCE N'EST PAS D'ACCORD",
        },
        "beggar.cli.stopping": {
            "en": "stopping after the work in flight (Ctrl-C again to stop at once)",
            "fr": "arrêt après le travail en cours (Ctrl-C encore pour arrêter tout de suite)",
        },
        "beggar.cli.interrupted": {
            "en": "interrupted: run again with --results {results} to resume",
            "fr": "interrompu\u00a0: relancez avec --results {results} pour reprendre",
        },
        "beggar.cli.search_done": {
            "en": "{deals} deals played in {seconds} s ({rate}/s); {stored} new deals stored in "
            "{results}",
            "fr": "{deals} {played:#donne jouée|donnes jouées} en {seconds}\u00a0s "
            "({rate}/s)\u00a0; {stored} {stored:#nouvelle donne enregistrée|nouvelles donnes "
            "enregistrées} dans {results}",
        },
        "beggar.cli.best_stored": {
            "en": "best stored: {entry}",
            "fr": "meilleure donne enregistrée\u00a0: {entry}",
        },
        "beggar.cli.found": {
            "en": "{cards:,} cards, {tricks:,} tricks: {hands}",
            "fr": "{cards:,} {cards:#carte|cartes}, {tricks:,} {tricks:#pli|plis}\u00a0: {hands}",
        },
        "beggar.cli.found_loop": {
            "en": "LOOP, {tricks:,} tricks: {hands}",
            "fr": "BOUCLE, {tricks:,} {tricks:#pli|plis}\u00a0: {hands}",
        },
        "beggar.cli.verify_ok": {"en": "ok", "fr": "ok"},
        "beggar.cli.verify_differs": {
            "en": "DIFFERS from the reference engine",
            "fr": "DIFFÈRE du moteur de référence",
        },
        "beggar.cli.verify_line": {"en": "{mark}: {entry}", "fr": "{mark}\u00a0: {entry}"},
        "beggar.cli.verify_done": {
            "en": "{count} stored deals checked, {wrong} differ",
            "fr": "{count} {count:#donne enregistrée vérifiée|donnes enregistrées vérifiées}, "
            "{wrong} {wrong:#diffère|diffèrent}",
        },
        "beggar.cli.result": {
            "en": "{status}: {cards:,} {cards:#card|cards}, {tricks:,} {tricks:#trick|tricks}, "
            "{who}",
            "fr": "{status}\u00a0: {cards:,} {cards:#carte|cartes}, {tricks:,} {tricks:#pli|plis}, "
            "{who}",
        },
        "beggar.cli.finished": {"en": "finished", "fr": "terminée"},
        "beggar.cli.loop": {"en": "loop", "fr": "boucle"},
        "beggar.cli.capped": {"en": "capped", "fr": "limite atteinte"},
        "beggar.cli.no_winner": {"en": "no winner", "fr": "pas de gagnant"},
        "beggar.cli.winner": {
            "en": "hand {letter} ({seat}) wins",
            "fr": "la main {letter} ({seat}) gagne",
        },
        "beggar.cli.stats_title": {
            "en": "{deals:,} random {players}-player deals (seed {seed})",
            "fr": "{deals:,} donnes aléatoires à {players} joueurs (graine {seed})",
        },
        "beggar.cli.cards": {"en": "cards", "fr": "cartes"},
        "beggar.cli.tricks": {"en": "tricks", "fr": "plis"},
        "beggar.cli.mean": {"en": "mean", "fr": "moyenne"},
        "beggar.cli.median": {"en": "median", "fr": "médiane"},
        # {share} comes written as its reader writes it: 50.60%, « 50,60 % ».
        "beggar.cli.first_wins": {
            "en": "first player wins: {share}",
            "fr": "le premier joueur gagne\u00a0: {share}",
        },
        "beggar.cli.no_finished": {"en": "no finished deal", "fr": "aucune donne terminée"},
        "beggar.cli.loops": {"en": "loops: {count}", "fr": "boucles\u00a0: {count}"},
        "beggar.cli.capped_count": {
            "en": "capped (more than {cap} cards, max_turns): {count}",
            "fr": "arrêtées par la limite (plus de {cap} cartes, max_turns)\u00a0: {count}",
        },
        "beggar.cli.records_title": {
            "en": "Published record deals of Beggar-My-Neighbour (hand A leads)",
            "fr": "Donnes records publiées de Beggar-My-Neighbour (la main A commence)",
        },
    }
)

register_options(
    "beggar",
    {
        "exhausted_payer": (
            "A payer runs out",
            "Un payeur n'a plus de cartes",
            "From three players: who settles a tribute when the payer runs out of cards.",
            "À partir de trois joueurs\u00a0: qui règle le paiement quand le payeur n'a plus de "
            "cartes.",
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
            "Cards turn up by themselves",
            "Les cartes se retournent toutes seules",
            "Nobody decides anything in this game: every card is turned up for its player at "
            "a fixed pace. Untick it to turn up your own cards yourself.",
            "Personne n'a rien à décider dans ce jeu\u00a0: chaque carte est retournée pour son "
            "joueur à rythme fixe. Décochez pour retourner vos cartes vous-même.",
        ),
        "pace_ms": (
            "Pace (ms)",
            "Rythme (ms)",
            "Milliseconds between two cards turned up by themselves.",
            "Millisecondes entre deux cartes qui se retournent toutes seules.",
        ),
    },
    {
        ("exhausted_payer", "pile_to_claimant"): (
            "the pile goes to the last penalty card",
            "la pile va à la dernière figure",
        ),
        ("exhausted_payer", "next_pays"): ("the next player pays", "le suivant paie"),
        ("on_loop", "draw"): ("a draw", "partie nulle"),
        ("on_loop", "most_cards"): ("most cards wins", "le plus de cartes gagne"),
        ("match", "single"): ("one round", "une manche"),
        ("match", "best_of_three"): ("best of three", "au meilleur des trois"),
        ("match", "first_to_three"): ("first to three", "le premier à trois"),
    },
)

# Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
register(
    {
        "rule.beggar.flip_only": {
            "en": "the only move in Beggar-My-Neighbour is to flip",
            "fr": "le seul coup de Beggar-My-Neighbour est de retourner sa carte",
        },
    }
)
