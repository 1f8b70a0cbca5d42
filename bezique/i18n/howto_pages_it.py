"""Come si gioca, le pagine delle varianti in italiano: ``PAGES[variante]`` = [(sezione, titolo, paragrafi)].

Ogni numero è un ``{campo}`` di ``howto_variants.rule_figures`` (le regole della variante): non scriverne mai uno.
Le sezioni "melds", "bezique" e "scores" ricevono le righe di carte dalle regole.
"""

PAGES: dict[str, list[tuple[str, str, list[str]]]] = {
    "open": [
        ("changes", "Che cosa cambia", [
            "Il Bezique aperto è il gioco a due con tutte le mani scoperte: vedi le carte dell'avversario e lui "
            "vede le tue. Il tallone e le prese già vinte restano coperti.",
            "Tutto il resto è il gioco a due: le stesse {cards} carte, le stesse combinazioni e gli stessi punti, "
            "lo stesso obiettivo di {target_score}. È il modo per imparare: guarda quali combinazioni prepara "
            "l'altro e perché una carta viene tenuta.",
        ]),
    ],
    "three_handed": [
        ("changes", "Che cosa cambia", [
            "Tre giocatori, ognuno per sé, con {packs} mazzi mescolati insieme: {cards} carte, ognuna {packs} "
            "volte. Ognuno riceve {hand_size} carte; la carta numero {turn_up} è la carta girata, e il tallone "
            "ne conta {stock_size} con essa.",
            "La distribuzione passa a sinistra, e apre il giocatore alla sinistra del mazziere. Si gioca in senso "
            "orario; chi vince la presa dichiara, pesca per primo e apre, gli altri pescano dopo, a turno.",
            "Dopo la presa {last_stock_trick} il tallone è finito: il vincitore prende la prima carta, il "
            "giocatore seguente la seconda, e il terzo prende la carta girata. Le ultime {hand_size} prese si "
            "giocano come a due: rispondere al seme, altrimenti giocare briscola.",
        ]),
        ("melds", "La combinazione in più", [
            "Possono incontrarsi tre bezique: tre Regine di Picche e tre Fanti di Quadri formano il bezique "
            "triplo. Come il doppio, si dichiara in una sola volta, con carte che non hanno mai formato un bezique.",
        ]),
        ("winning", "La vittoria", [
            "Vince chi arriva per primo a {target_score}, come nel gioco a due; Nuova partita offre anche la "
            "partita lunga a {long_target}. Le brisques delle {cards} carte valgono in tutto {brisque_points}.",
        ]),
    ],
    "four_handed": [
        ("changes", "Che cosa cambia", [
            "Quattro giocatori con {packs} mazzi: {cards} carte, {hand_size} a testa; la carta numero {turn_up} è "
            "la carta girata e il tallone ne conta {stock_size}. Si gioca e si pesca in senso orario a partire "
            "dalla sinistra del mazziere.",
            "Dopo la presa {last_stock_trick} il vincitore prende la prima carta, i due giocatori seguenti le due "
            "successive, e il quarto prende la carta girata. Il bezique triplo vale come nel gioco a tre.",
        ]),
        ("partners", "I compagni", [
            "Nel gioco a coppie i compagni siedono di fronte, i posti uno e tre contro due e quattro, e ogni punto "
            "di un giocatore va alla sua coppia.",
            "Chi vince una presa può dichiarare, oppure passare la dichiarazione al compagno con il pulsante Passa "
            "a, come prima cosa dopo la presa. Il compagno allora dichiara, o no, e il passaggio non si ritira. Una "
            "coppia dichiara comunque al massimo una combinazione per presa.",
            "Una combinazione può usare le carte posate sul tavolo del compagno, con almeno una carta dalla mano "
            "di chi dichiara; ogni carta resta del suo proprietario, e solo lui la gioca. Un bezique doppio o "
            "triplo deve essere tutto di un solo giocatore. I compagni non parlano delle loro carte, e il computer "
            "neppure.",
        ]),
        ("alone", "Ognuno per sé", [
            "Scelto in Nuova partita alla voce Squadre, ognuno dei quattro segna da solo: le regole del gioco a "
            "tre con un giocatore in più. Vince chi arriva per primo a {target_score}.",
        ]),
        ("melds", "La combinazione in più", [
            "Le stesse combinazioni del gioco a tre, bezique triplo compreso:",
        ]),
    ],
    "six_handed": [
        ("changes", "Che cosa cambia", [
            "Sei giocatori con {packs} mazzi: {cards} carte, {hand_size} a testa; la carta numero {turn_up} è la "
            "carta girata e il tallone ne conta {stock_size}. Dopo la presa {last_stock_trick} il vincitore "
            "prende la prima carta, i quattro seguenti una ciascuno, e il sesto prende la carta girata.",
            "Il gioco non ha una fonte tradizionale: questo programma usa le regole a coppie del gioco a quattro, "
            "con due squadre da tre.",
        ]),
        ("partners", "Due squadre da tre", [
            "Le squadre siedono a posti alterni, uno, tre e cinque contro due, quattro e sei, e dividono i punti. "
            "Chi vince una presa può passare la dichiarazione a uno qualsiasi dei compagni, e una combinazione può "
            "usare le carte sul tavolo di qualsiasi compagno, con almeno una carta dalla mano di chi dichiara.",
            "Un bezique doppio o triplo è di un solo giocatore; solo il proprietario gioca una carta. Vince la "
            "prima squadra che arriva a {target_score}.",
        ]),
        ("melds", "La combinazione in più", [
            "Il bezique triplo, come nel gioco a tre e a quattro:",
        ]),
    ],
    "rubicon": [
        ("changes", "Che cosa cambia", [
            "Il Rubicone è il gioco classico dei circoli londinesi: due giocatori, {packs} mazzi ({cards} carte), "
            "{hand_size} carte a testa, date a gruppi di tre. Non c'è carta girata: tutte le altre {stock_size} "
            "carte formano il tallone.",
            "Si giocano {last_stock_trick} prese con il tallone, poi le ultime {hand_size}. Il sette di briscola "
            "non vale nulla.",
        ]),
        ("trumps", "La briscola arriva dopo", [
            "All'inizio non c'è briscola, e la presa va alla carta più alta del seme aperto. Il primo matrimonio "
            "dichiarato, di qualsiasi seme, fa di quel seme la briscola e vale come matrimonio reale. Anche una "
            "scala dichiarata prima di qualsiasi matrimonio stabilisce la briscola.",
            "Il bezique e i quattro uguali si possono dichiarare prima che la briscola sia stabilita.",
        ]),
        ("scores", "Carta bianca e ultima presa", [
            "Se ricevi una mano senza Re, Regine né Fanti, segni subito carta bianca, prima della prima presa, e "
            "mostri la mano. Ogni carta che peschi dopo la fa segnare di nuovo finché non è un Re, una Regina o un "
            "Fante; la prima figura la chiude.",
            "L'ultima presa vale {last_trick_bonus}. Nelle ultime prese devi rispondere al seme e superare la "
            "carta più alta se puoi, altrimenti giocare briscola.",
        ]),
        ("melds", "Le combinazioni", [
            "Una combinazione può essere fatta tutta di carte sul tavolo, e si può formare di nuovo quando una "
            "delle sue carte è stata giocata: quattro Regine dichiarate, una Regina giocata, le tre rimaste e una "
            "Regina nuova valgono di nuovo.",
            "I bezique si costruiscono: il semplice, poi una coppia nuova per il doppio, poi il triplo, poi il "
            "quadruplo, ognuno per il suo valore pieno. Quattro uguali di briscola non valgono di più. Oltre alle "
            "combinazioni del gioco a due (briscola Picche):",
        ]),
        ("settlement", "Come si salda una distribuzione", [
            "Ogni distribuzione è una partita a sé. Le brisques si contano solo se i due totali sono pari o se il "
            "più basso è sotto {rubicon_threshold}; allora le contano entrambi. Vince la distribuzione il totale "
            "più alto; i due totali si arrotondano per difetto a multipli di {round_scores_down_to}.",
            "Il vincitore guadagna la differenza più {game_bonus}. Chi perde sotto {rubicon_threshold} va al "
            "rubicone: il vincitore guadagna i due totali senza brisques più {rubicon_gain} ({game_bonus} per la "
            "partita, {rubicon_extra_bonus} per il rubicone, {rubicon_brisque_bonus} per tutte le brisques).",
            "Per esempio, {normal_w} contro {normal_l}: il vincitore guadagna {normal_ex_gain}. {rubicon_w} contro "
            "{rubicon_l}, brisques comprese: il perdente va al rubicone e il vincitore guadagna "
            "{rubicon_ex_gain}. Un incontro va a chi arriva per primo a {match_target}.",
        ]),
    ],
    "chinese": [
        ("changes", "Che cosa cambia", [
            "Il Bezique cinese si gioca in due con {packs} mazzi ({cards} carte), {hand_size} carte a testa. Come "
            "nel Rubicone non c'è carta girata, il primo matrimonio o la prima scala stabilisce la briscola, il "
            "sette di briscola non vale nulla e nelle ultime prese si risponde al seme superando.",
            "Il tallone conta {stock_size} carte: {last_stock_trick} prese, poi le ultime {hand_size}. Le "
            "brisques non si contano mai.",
        ]),
        ("bezique", "Il bezique segue la briscola", [
            "Il bezique è la Regina di briscola con il Fante del seme compagno: Picche va con Quadri, Cuori con "
            "Fiori. Nessun bezique si può dichiarare prima che la briscola sia stabilita.",
        ]),
        ("melds", "Le grandi combinazioni", [
            "Le combinazioni si costruiscono e si riformano come nel Rubicone, fino al bezique quintuplo. Quattro "
            "Assi, Dieci, Re, Regine o Fanti tutti di briscola valgono molto più di quattro uguali qualsiasi. Con "
            "briscola Quadri:",
        ]),
        ("scores", "Carta bianca e ultima presa", [
            "La carta bianca si segna come nel Rubicone, e vale ogni volta {carte_blanche_value}; l'ultima presa "
            "vale {last_trick_bonus}.",
        ]),
        ("settlement", "Come si salda una distribuzione", [
            "Come nel Rubicone, ma senza brisques: vince il totale più alto e guadagna la differenza più "
            "{game_bonus}. Chi perde sotto {rubicon_threshold} va al rubicone: il vincitore guadagna i due totali "
            "più {rubicon_gain}.",
            "Per esempio, {normal_w} contro {normal_l}: il vincitore guadagna {normal_ex_gain}; {rubicon_w} "
            "contro {rubicon_l}: il vincitore guadagna {rubicon_ex_gain}. Un incontro va a chi arriva per primo a "
            "{match_target}.",
        ]),
    ],
}
