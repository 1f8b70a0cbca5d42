"""How to play, for the player, in both languages: the two-handed game with its default rules (RULES.md §1 and
the Italian rules sheet), as sections a scene can lay out.

``howto_sections(lang)`` gives ``Section``s: a title, paragraphs of plain text, and optionally rows of a card
table (``MeldRow``: a meld or score id, the card faces to draw — ``["KH", "QH"]`` — and the points) that the scene
draws with card images and names with ``bezique.i18n.meld_name``. Examples use spades as trumps. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MeldRow:
    kind: str  # a meld or score id (RULES.md §7), named with bezique.i18n.meld_name
    cards: tuple[str, ...]  # face codes to draw, e.g. ("KS", "QS"); empty when no card illustrates it
    points: int


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[str, ...]
    rows: tuple[MeldRow, ...] = ()


EXAMPLE_TRUMP = "S"

MELD_ROWS: tuple[MeldRow, ...] = (
    MeldRow("common_marriage", ("KH", "QH"), 20),
    MeldRow("royal_marriage", ("KS", "QS"), 40),
    MeldRow("trump_sequence", ("AS", "TS", "KS", "QS", "JS"), 250),
    MeldRow("bezique_1", ("QS", "JD"), 40),
    MeldRow("bezique_2", ("QS", "QS", "JD", "JD"), 500),
    MeldRow("four_aces", ("AS", "AH", "AD", "AC"), 100),
    MeldRow("four_kings", ("KS", "KH", "KD", "KC"), 80),
    MeldRow("four_queens", ("QS", "QH", "QD", "QC"), 60),
    MeldRow("four_jacks", ("JS", "JH", "JD", "JC"), 40),
)
OTHER_SCORE_ROWS: tuple[MeldRow, ...] = (
    MeldRow("seven_of_trumps", ("7S",), 10),
    MeldRow("brisques", ("AH", "TC"), 10),
    MeldRow("last_trick", (), 10),
)

_TEXT: dict[str, list[tuple[str, str, list[str]]]] = {
    "en": [
        ("aim", "The aim", [
            "Bezique is the elegant French parlour game of the 19th century, the ancestor of Pinochle. Two players "
            "play tricks, and winning a trick earns the right to declare a meld: a valuable combination of cards, "
            "laid face up on the table.",
            "The first player to reach the target wins: 1000 points in the standard game, 500 in the short game. "
            "Points come from melds, from the aces and tens you capture in tricks (the brisques, 10 each), from the "
            "seven of trumps and from winning the last trick.",
        ]),
        ("cards", "The cards", [
            "Two packs of 32 cards are shuffled together: 64 cards, each card twice. In every suit the order, from "
            "highest to lowest, is Ace, Ten, King, Queen, Jack, 9, 8, 7. Note that the ten beats the king.",
            "Trumps beat every card of the other suits. When two identical cards meet in a trick, the one played "
            "first wins.",
        ]),
        ("deal", "The deal", [
            "Each player draws a card: the lower card deals first, then the deal alternates.",
            "Each player receives 8 cards, in packets of 3, 2 and 3. The next card is turned face up: its suit is "
            "trumps for the whole deal. If it is a seven, the dealer scores 10 at once.",
            "The rest of the cards form the stock, face down on top of the turn-up, which is drawn last. The "
            "non-dealer leads the first trick.",
        ]),
        ("stock", "Playing while there is a stock", [
            "Lead any card; your opponent may answer with any card: there is no need to follow suit or to win. The "
            "trick goes to the higher card of the suit led, or to the higher trump if trumps were played.",
            "The winner of the trick may then declare one meld, putting its cards face up on the table. Those cards "
            "are still part of the hand and can be played to later tricks.",
            "Then the winner draws the top card of the stock, the loser the next one, and the winner leads.",
        ]),
        ("seven", "The seven of trumps", [
            "After winning a trick, and before drawing, you may exchange the seven of trumps from your hand for the "
            "turn-up card and score 10. The card you take cannot be melded in that same turn.",
            "Playing a seven of trumps to a trick while there is a stock also scores 10, whoever wins the trick. "
            "Each seven of trumps scores only once in a deal.",
        ]),
        ("melds", "The melds", [
            "You may declare one meld each time you win a trick while there is a stock. Each meld needs at least "
            "one card from your hand; the others may already be on the table.",
            "A card on the table can be used again in a different meld, never in the same kind twice. A royal "
            "marriage can later grow into a sequence, but the king and queen of a sequence cannot then score as a "
            "marriage. The double bezique must be declared all at once, with cards that never formed a bezique.",
            "The bezique is always the Queen of Spades with the Jack of Diamonds. The examples below use spades as "
            "trumps.",
        ]),
        ("final", "The last eight tricks", [
            "When the stock is empty, each player takes the table cards back into the hand and no more melds are "
            "declared.",
            "Now you must follow suit if you can; if you cannot, you must play a trump if you have one; otherwise "
            "play any card.",
            "The winner of the last trick scores 10.",
        ]),
        ("scoring", "Scoring and winning", [
            "After the last trick each player scores 10 for every ace and ten in the tricks they won: the brisques.",
            "The game ends the moment a player reaches the target. If both pass it when the brisques are counted, "
            "the higher score wins; with equal scores one more deal decides.",
        ]),
        ("tips", "Tips", [
            "Win tricks for the right to meld, not for the cards: a trick won with a worthless nine is excellent "
            "if it lets you declare a 250-point sequence.",
            "Keep aces and tens away from your opponent, and try to draw theirs out with low cards.",
            "Save trumps for the last eight tricks, where they decide the tricks and the 10 points of the last one.",
            "Watch the second bezique: the double is worth 500, but it is gone as soon as your opponent melds one of "
            "its four cards.",
        ]),
        ("glossary", "Words of the game", [
            "Brisque: an ace or a ten captured in a trick, worth 10 at the end of the deal.",
            "Meld: a scoring combination of cards laid on the table after winning a trick.",
            "Stock: the face-down cards drawn after each trick. Turn-up: the face-up card that fixes trumps.",
        ]),
    ],
    "it": [
        ("aim", "Lo scopo", [
            "Il Bezique è l'elegante gioco da salotto francese dell'Ottocento che ha dato origine al Pinochle. Due "
            "giocatori disputano delle prese, e vincere una presa dà il diritto di dichiarare una combinazione: un "
            "gruppo di carte di valore, posato scoperto sul tavolo.",
            "Vince chi raggiunge per primo l'obiettivo: 1000 punti nella partita standard, 500 nella partita breve. "
            "I punti vengono dalle combinazioni, dagli Assi e dai Dieci catturati nelle prese (le brisques, 10 "
            "punti ciascuna), dal 7 di briscola e dall'ultima presa.",
        ]),
        ("cards", "Le carte", [
            "Si mescolano insieme due mazzi da 32 carte: 64 carte, ognuna due volte. In ogni seme l'ordine, dalla "
            "più alta alla più bassa, è Asso, 10, Re, Regina, Fante, 9, 8, 7. Il 10 batte il Re.",
            "Le carte di briscola battono qualsiasi carta degli altri semi. Se in una presa si incontrano due carte "
            "identiche, vince quella giocata per prima.",
        ]),
        ("deal", "La distribuzione", [
            "Ogni giocatore pesca una carta: chi pesca la più bassa è il primo mazziere, poi si alterna.",
            "Ogni giocatore riceve 8 carte, in pacchetti da 3, 2 e 3. La carta successiva viene girata scoperta: "
            "il suo seme è la briscola per tutta la distribuzione. Se è un 7, il mazziere segna subito 10 punti.",
            "Le carte rimanenti formano il tallone, coperto sopra la carta girata, che viene pescata per ultima. "
            "Chi non è mazziere apre la prima presa.",
        ]),
        ("stock", "Il gioco con il tallone", [
            "Chi apre gioca una carta qualsiasi; l'avversario risponde con una carta qualsiasi: non c'è obbligo di "
            "rispondere al seme né di vincere. La presa va alla carta più alta del seme aperto, o alla briscola più "
            "alta se sono state giocate briscole.",
            "Chi vince la presa può dichiarare una combinazione, posandone le carte scoperte sul tavolo. Quelle "
            "carte fanno ancora parte della mano e si possono giocare nelle prese successive.",
            "Poi il vincitore pesca la prima carta del tallone, il perdente la successiva, e il vincitore apre.",
        ]),
        ("seven", "Il 7 di briscola", [
            "Dopo aver vinto una presa, e prima di pescare, puoi scambiare il 7 di briscola che hai in mano con la "
            "carta girata e segnare 10 punti. La carta presa non si può usare in una combinazione nello stesso "
            "turno.",
            "Anche giocare un 7 di briscola in una presa mentre c'è il tallone fa segnare 10 punti, chiunque vinca "
            "la presa. Ogni 7 di briscola segna una sola volta per distribuzione.",
        ]),
        ("melds", "Le combinazioni", [
            "Puoi dichiarare una combinazione ogni volta che vinci una presa finché c'è il tallone. Ogni "
            "combinazione richiede almeno una carta dalla mano; le altre possono essere già sul tavolo.",
            "Una carta sul tavolo può entrare in una combinazione diversa, mai due volte nella stessa. Un "
            "matrimonio reale può diventare in seguito una scala, ma il Re e la Regina di una scala non possono "
            "poi valere come matrimonio. Il bezique doppio va dichiarato in una sola volta, con carte che non "
            "hanno mai formato un bezique.",
            "Il bezique è sempre la Regina di Picche con il Fante di Quadri. Negli esempi qui sotto la briscola è "
            "Picche.",
        ]),
        ("final", "Le ultime otto prese", [
            "Quando il tallone è finito, ogni giocatore riprende in mano le carte posate sul tavolo e non si "
            "dichiarano più combinazioni.",
            "Ora devi rispondere al seme se puoi; se non puoi, devi giocare briscola se ne hai; altrimenti giochi "
            "una carta qualsiasi.",
            "Chi vince l'ultima presa segna 10 punti.",
        ]),
        ("scoring", "Punteggio e vittoria", [
            "Dopo l'ultima presa ogni giocatore segna 10 punti per ogni Asso e ogni Dieci nelle prese che ha vinto: "
            "le brisques.",
            "La partita finisce nel momento in cui un giocatore raggiunge l'obiettivo. Se lo superano entrambi al "
            "conteggio delle brisques, vince il punteggio più alto; a parità decide un'altra distribuzione.",
        ]),
        ("tips", "Consigli", [
            "Vinci le prese per il diritto di combinare, non per le carte: una presa vinta con un 9 che non vale "
            "nulla è ottima se ti permette di dichiarare una scala da 250 punti.",
            "Tieni lontani dall'avversario i tuoi Assi e Dieci, e cerca di fargli giocare i suoi con carte basse.",
            "Conserva le briscole per le ultime otto prese, dove decidono le prese e i 10 punti dell'ultima.",
            "Tieni d'occhio il secondo bezique: il doppio vale 500 punti, ma svanisce appena l'avversario dichiara "
            "una delle sue quattro carte.",
        ]),
        ("glossary", "Le parole del gioco", [
            "Brisque: un Asso o un Dieci catturato in una presa; vale 10 punti alla fine della distribuzione.",
            "Combinazione: un gruppo di carte che fa punti, posato sul tavolo dopo aver vinto una presa.",
            "Tallone: le carte coperte da cui si pesca dopo ogni presa. Carta girata: la carta scoperta che stabilisce "
            "la briscola.",
        ]),
    ],
}

_ROWS = {"melds": MELD_ROWS, "scoring": OTHER_SCORE_ROWS}


def howto_sections(lang: str) -> list[Section]:
    """The rules for a player in `lang` ("it" or "en"), in reading order.

    Raises:
        KeyError: an unknown language.
    """
    return [Section(sid, title, tuple(paragraphs), _ROWS.get(sid, ())) for sid, title, paragraphs in _TEXT[lang]]
