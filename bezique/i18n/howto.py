"""How to play, for the player, in each language: the two-handed game with its default rules (RULES.md §1 and
the Italian rules sheet), as sections a scene can lay out.

``howto_sections(lang)`` gives ``Section``s: a title, paragraphs of plain text, and optionally rows of a card
table (``MeldRow``: a meld or score id, the card faces to draw — ``["KH", "QH"]`` — and the points) that the scene
draws with card images and names with ``bezique.i18n.meld_name``. Examples use spades as trumps. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bezique.i18n.fr import typeset


@dataclass(frozen=True, slots=True)
class MeldRow:
    kind: str  # a meld or score id (RULES.md §7), named with bezique.i18n.meld_name
    cards: tuple[str, ...]  # face codes to draw, e.g. ("KS", "QS"); empty when no card illustrates it
    points: int
    trump: str = ""  # the trump suit ("D") the cards assume, where a table shows several (the Chinese bezique)


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
        ("keys", "Playing with the keyboard", [
            "Every move can be made without the mouse. Left and Right (or Tab, and Shift+Tab to go back) move a gold "
            "outline over your cards; Enter or Space plays the card it is on. A card you may not play stays in your "
            "hand, and the table says why.",
            "After winning a trick, Up and Down move over the declaration panel: each meld, the exchange of the seven "
            "of trumps, passing to your partner and Draw. Enter or Space does the row you are on; D draws at once.",
            "H asks for a hint, L opens the score log, T shows the last trick, C shows or hides the card tracker, U "
            "(or Ctrl+Z) takes back your move and Esc opens the pause menu. On the scoreboard Enter goes on to the "
            "next deal and R reviews it (in the review R plays the deal again); at the "
            "hand-over between two players, Enter or Space says you are ready. In the menus the arrow keys choose "
            "and Enter confirms.",
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
        ("keys", "Giocare con la tastiera", [
            "Ogni mossa si può fare senza mouse. Sinistra e Destra (o Tab, e Maiusc+Tab per tornare indietro) "
            "spostano un bordo dorato sulle tue carte; Invio o Spazio gioca la carta evidenziata. Una carta che non "
            "puoi giocare resta in mano, e il tavolo ti dice perché.",
            "Dopo aver vinto una presa, Su e Giù si spostano nel riquadro delle dichiarazioni: ogni combinazione, lo "
            "scambio del 7 di briscola, il passaggio al compagno e Pesca. Invio o Spazio esegue la riga scelta; D "
            "pesca subito.",
            "H chiede un suggerimento, L apre il registro dei punti, T mostra l'ultima presa, C mostra o nasconde le "
            "carte uscite, U (o Ctrl+Z) annulla la tua mossa ed Esc apre il menu di pausa. Nel tabellone dei punti "
            "Invio passa alla distribuzione successiva e R la rivede (nella revisione R la rigioca); al passaggio "
            "dello schermo tra due giocatori, Invio o Spazio dice che sei pronto. Nei menu le frecce scelgono e Invio "
            "conferma.",
        ]),
        ("glossary", "Le parole del gioco", [
            "Brisque: un Asso o un Dieci catturato in una presa; vale 10 punti alla fine della distribuzione.",
            "Combinazione: un gruppo di carte che fa punti, posato sul tavolo dopo aver vinto una presa.",
            "Tallone: le carte coperte da cui si pesca dopo ogni presa. Carta girata: la carta scoperta che stabilisce "
            "la briscola.",
        ]),
    ],
    "fr": [
        ("aim", "Le but du jeu", [
            "Le bésigue est l’élégant jeu de salon français du XIXe siècle, l’ancêtre du pinochle. Deux joueurs "
            "jouent des plis, et gagner un pli donne le droit d’annoncer une combinaison : un groupe de cartes de "
            "valeur, étalé face visible sur la table.",
            "Le premier qui atteint l’objectif gagne : 1000 points dans la partie normale, 500 dans la partie "
            "courte. Les points viennent des combinaisons, des as et des dix ramassés dans les plis (les brisques, "
            "10 points chacune), du sept d’atout et du dernier pli, le dix de der.",
        ]),
        ("cards", "Les cartes", [
            "On mêle deux jeux de 32 cartes : 64 cartes, chacune en double. Dans chaque couleur, l’ordre, de la "
            "plus forte à la plus faible, est as, dix, roi, dame, valet, 9, 8, 7. Le dix bat donc le roi.",
            "L’atout bat toutes les cartes des autres couleurs. Quand deux cartes identiques se rencontrent dans un "
            "pli, la première jouée l’emporte.",
        ]),
        ("deal", "La donne", [
            "Chaque joueur tire une carte : la plus basse donne la première fois, puis la donne alterne.",
            "Chacun reçoit 8 cartes, par paquets de 3, 2 et 3. La carte suivante est retournée : c’est la "
            "retourne, et sa couleur est l’atout pour toute la donne. Si c’est un sept, le donneur marque aussitôt "
            "10 points.",
            "Le reste des cartes forme le talon, face cachée, posé sur la retourne, qui sera piochée en dernier. "
            "Le non-donneur entame le premier pli.",
        ]),
        ("stock", "Le jeu tant qu’il reste un talon", [
            "Entamez la carte de votre choix ; l’adversaire répond avec la carte de son choix : on n’est obligé ni "
            "de fournir ni de prendre. Le pli revient à la plus forte carte de la couleur entamée, ou au plus fort "
            "atout si l’on a coupé.",
            "Le gagnant du pli peut alors annoncer une combinaison, en étalant ses cartes face visible sur la "
            "table. Ces cartes font toujours partie de la main et peuvent être jouées dans les plis suivants.",
            "Puis le gagnant pioche la carte du dessus du talon, le perdant la suivante, et le gagnant entame.",
        ]),
        ("seven", "Le sept d’atout", [
            "Après avoir gagné un pli, et avant de piocher, vous pouvez échanger le sept d’atout de votre main "
            "contre la retourne et marquer 10 points. La carte prise ne peut pas entrer dans une combinaison au "
            "même tour.",
            "Jouer un sept d’atout dans un pli tant qu’il reste un talon rapporte aussi 10 points, quel que soit le "
            "gagnant du pli. Chaque sept d’atout ne marque qu’une fois par donne.",
        ]),
        ("melds", "Les combinaisons", [
            "Vous pouvez annoncer une combinaison chaque fois que vous gagnez un pli tant qu’il reste un talon. "
            "Chaque combinaison demande au moins une carte de votre main ; les autres peuvent déjà être sur la "
            "table.",
            "Une carte posée sur la table peut resservir dans une combinaison d’un autre genre, jamais deux fois "
            "dans le même. Un mariage d’atout peut ensuite devenir une quinte d’atout, mais le roi et la dame d’une "
            "quinte ne peuvent plus compter ensuite comme mariage. Le double bésigue s’annonce en une seule fois, "
            "avec des cartes qui n’ont jamais formé de bésigue.",
            "Le bésigue est toujours la dame de pique avec le valet de carreau. Dans les exemples ci-dessous, "
            "l’atout est pique.",
        ]),
        ("final", "Les huit derniers plis", [
            "Quand le talon est épuisé, chacun reprend en main ses cartes posées sur la table, et l’on n’annonce "
            "plus rien.",
            "Il faut alors fournir si vous le pouvez ; sinon couper si vous avez de l’atout ; sinon jouer "
            "n’importe quelle carte.",
            "Le gagnant du dernier pli marque 10 points : c’est le dix de der.",
        ]),
        ("scoring", "La marque et la victoire", [
            "Après le dernier pli, chacun marque 10 points pour chaque as et chaque dix des plis qu’il a gagnés : "
            "les brisques.",
            "La partie s’arrête dès qu’un joueur atteint l’objectif. Si les deux le dépassent au compte des "
            "brisques, le plus haut total l’emporte ; à égalité, une donne de plus décide.",
        ]),
        ("tips", "Conseils", [
            "Prenez des plis pour le droit d’annoncer, non pour les cartes : un pli gagné avec un 9 sans valeur est "
            "excellent s’il vous permet d’annoncer une quinte d’atout à 250 points.",
            "Tenez vos as et vos dix hors de portée de l’adversaire, et tâchez de lui faire sortir les siens avec "
            "de basses cartes.",
            "Gardez vos atouts pour les huit derniers plis, où ils font les plis et le dix de der.",
            "Surveillez le second bésigue : le double vaut 500, mais il s’envole dès que l’adversaire annonce "
            "l’une de ses quatre cartes.",
        ]),
        ("keys", "Jouer au clavier", [
            "Tout se joue sans la souris. Gauche et Droite (ou Tab, et Maj+Tab pour revenir) déplacent un cadre doré "
            "sur vos cartes ; Entrée ou Espace joue la carte encadrée. Une carte que vous ne pouvez pas jouer reste "
            "en main, et la table vous dit pourquoi.",
            "Après un pli gagné, Haut et Bas parcourent le panneau des annonces : chaque combinaison, l’échange du "
            "sept d’atout, le passage à votre partenaire et Piocher. Entrée ou Espace fait la ligne encadrée ; D "
            "pioche aussitôt.",
            "H demande un conseil, L ouvre la marque, T montre le dernier pli, C montre ou masque les cartes "
            "passées, U (ou Ctrl+Z) reprend votre coup et Échap ouvre le menu de pause. Sur le tableau de la donne, "
            "Entrée passe à la donne suivante et R la revoit (dans la revue, R la rejoue) ; quand "
            "l’écran passe d’un joueur à l’autre, Entrée ou Espace dit que vous êtes prêt. Dans les "
            "menus, les flèches choisissent et Entrée valide.",
        ]),
        ("glossary", "Les mots du jeu", [
            "Brisque : un as ou un dix ramassé dans un pli ; il vaut 10 points à la fin de la donne.",
            "Combinaison : un groupe de cartes qui marque des points, étalé sur la table après un pli gagné.",
            "Talon : les cartes face cachée où l’on pioche après chaque pli. Retourne : la carte face visible qui "
            "fixe l’atout. Dix de der : les 10 points du dernier pli.",
            "Fournir : jouer une carte de la couleur entamée. Couper : jouer un atout sur une autre couleur.",
        ]),
    ],
}

_TEXT["fr"] = [(sid, typeset(title), [typeset(p) for p in paragraphs]) for sid, title, paragraphs in _TEXT["fr"]]
_ROWS = {"melds": MELD_ROWS, "scoring": OTHER_SCORE_ROWS}


def howto_sections(lang: str) -> list[Section]:
    """The rules for a player in `lang` ("it", "en" or "fr"), in reading order.

    Raises:
        KeyError: an unknown language.
    """
    return [Section(sid, title, tuple(paragraphs), _ROWS.get(sid, ())) for sid, title, paragraphs in _TEXT[lang]]
