"""Texts the window shows for the computer: level names and blurbs, and the one-line reasons of hints (en, it)."""

from __future__ import annotations

from collections.abc import Callable

from bezique.rules.cards import card_unicode

LEVEL_INFO: dict[str, dict[str, tuple[str, str]]] = {
    "random": {
        "en": ("Random", "Plays any legal card at random: for testing, not for fun."),
        "it": ("Casuale", "Gioca a caso una carta lecita: per le prove, non per divertirsi."),
    },
    "beginner": {
        "en": ("Beginner", "Plays sensible cards and melds what it sees, but misses the finer points."),
        "it": ("Principiante", "Gioca carte sensate e dichiara ciò che vede, ma si perde le finezze."),
    },
    "intermediate": {
        "en": ("Intermediate", "Knows the craft: wins tricks to meld, saves trumps and brisques, counts cards."),
        "it": ("Intermedio", "Conosce il mestiere: prende per dichiarare, tiene briscole e brisque, conta le carte."),
    },
    "expert": {
        "en": ("Expert", "Thinks ahead over the cards it cannot see and plays the last eight tricks perfectly."),
        "it": ("Esperto", "Calcola le carte che non vede e gioca le ultime otto prese alla perfezione."),
    },
    "master": {
        "en": ("Master", "The expert with more time to think: the hardest opponent."),
        "it": ("Maestro", "L'esperto con più tempo per pensare: l'avversario più duro."),
    },
}

MELD_TEXT = {
    "en": {
        "common_marriage": "a marriage", "royal_marriage": "a royal marriage", "trump_sequence": "the trump sequence",
        "backdoor_sequence": "a back-door sequence", "bezique_1": "bezique", "bezique_2": "double bezique",
        "bezique_3": "triple bezique", "bezique_4": "quadruple bezique", "bezique_5": "quintuple bezique",
        "four_aces": "four aces", "four_kings": "four kings", "four_queens": "four queens",
        "four_jacks": "four jacks", "four_tens": "four tens",
    },
    "it": {
        "common_marriage": "un matrimonio", "royal_marriage": "un matrimonio reale",
        "trump_sequence": "la scala di briscola", "backdoor_sequence": "una scala non di briscola",
        "bezique_1": "il bezique", "bezique_2": "il doppio bezique", "bezique_3": "il triplo bezique",
        "bezique_4": "il quadruplo bezique", "bezique_5": "il quintuplo bezique", "four_aces": "quattro assi",
        "four_kings": "quattro re", "four_queens": "quattro regine", "four_jacks": "quattro fanti",
        "four_tens": "quattro dieci",
    },
}

# reason code -> {lang: format}; {card} is a card, {meld} a meld name, {points}/{n}/{gain} numbers
REASONS: dict[str, dict[str, str]] = {
    "only": {"en": "The only legal move.", "it": "L'unica mossa possibile."},
    "random": {"en": "A move picked at random.", "it": "Una mossa scelta a caso."},
    "whim": {"en": "Play {card}, on a hunch.", "it": "Gioca {card}, a sensazione."},
    "meld": {"en": "Declare {meld} for {points} points.", "it": "Dichiara {meld}: {points} punti."},
    "hold_bezique": {"en": "Hold your bezique: the double bezique (500) is still possible.",
                     "it": "Tieni il bezique: il doppio bezique (500) è ancora possibile."},
    "exchange": {"en": "Swap the 7 of trumps for {card}: 10 points.",
                 "it": "Scambia il 7 di briscola con {card}: 10 punti."},
    "declare_seven": {"en": "Declare the 7 of trumps: 10 points.", "it": "Dichiara il 7 di briscola: 10 punti."},
    "done": {"en": "Nothing to declare: go on.", "it": "Niente da dichiarare: prosegui."},
    "lead_low": {"en": "Lead {card}: it costs nothing and keeps your melds, trumps and brisques.",
                 "it": "Apri con {card}: non costa nulla e conserva combinazioni, briscole e brisque."},
    "seven": {"en": "Play the 7 of trumps: it scores 10 points.", "it": "Gioca il 7 di briscola: vale 10 punti."},
    "win_meld": {"en": "Take the trick with {card} so you can declare a meld.",
                 "it": "Prendi con {card} per poter dichiarare una combinazione."},
    "win_brisque": {"en": "Take the brisque with {card}.", "it": "Cattura la brisque con {card}."},
    "win_cheap": {"en": "Win the trick cheaply with {card}.", "it": "Prendi la mano spendendo poco: {card}."},
    "discard": {"en": "Let the trick go and throw {card}, which you do not need.",
                "it": "Lascia la presa e scarta {card}, che non ti serve."},
    "final_lead": {"en": "Lead {card}: it wins the trick.", "it": "Apri con {card}: vince la presa."},
    "final_lead_low": {"en": "Lead {card}, a cheap card: your trumps and brisques stay for the tricks to come.",
                       "it": "Apri con {card}, una carta che costa poco: briscole e brisque restano per le prossime "
                             "prese."},
    "final_low": {"en": "Give up this trick with {card}, your cheapest card.",
                  "it": "Cedi la presa con {card}, la tua carta meno utile."},
    "final_win": {"en": "Take the trick with {card}.", "it": "Prendi la presa con {card}."},
    "solver": {"en": "Exact count of the last tricks: {card} is best ({gain:+d} points from here).",
               "it": "Calcolo esatto delle ultime prese: {card} è la migliore ({gain:+d} punti da qui)."},
    "solver_win": {"en": "Exact count of the last tricks: {card} wins the game.",
                   "it": "Calcolo esatto delle ultime prese: con {card} vinci la partita."},
    "vetoed": {"en": "Play {card}: each of your other cards would throw away a brisque or break up your trump "
                     "sequence.",
               "it": "Gioca {card}: ogni altra carta butterebbe via una brisque o romperebbe la tua scala di "
                     "briscola."},
    "search": {"en": "{what} did best in {n} simulated deals ({gain:+.0f} points over the obvious move).",
               "it": "{what}: la migliore in {n} smazzate simulate ({gain:+.0f} punti rispetto alla mossa ovvia)."},
}

WHAT = {
    "en": {"play": "{card}", "meld": "{meld}", "exchange_seven": "The 7 swap", "done": "Passing",
           "declare_seven": "Declaring the 7", "pass_to_partner": "Passing to your partner"},
    "it": {"play": "{card}", "meld": "{meld}", "exchange_seven": "Lo scambio del 7", "done": "Passare",
           "declare_seven": "Dichiarare il 7", "pass_to_partner": "Passare al compagno"},
}


def level_name(level: str, lang: str = "en") -> str:
    return LEVEL_INFO[level][_lang(lang)][0]


def level_blurb(level: str, lang: str = "en") -> str:
    return LEVEL_INFO[level][_lang(lang)][1]


def _lang(lang: str) -> str:
    return "it" if lang == "it" else "en"


def reason_text(code: str, args: dict, lang: str = "en", card_text: Callable[[int], str] = card_unicode) -> str:
    """The hint line for a reason code, in English (default) or Italian. `card_text` names a card: ``Q♠`` by
    default (a terminal shows the suit symbols); the window passes card names in words, as its font has no suit
    glyphs."""
    lang = _lang(lang)
    fmt = REASONS.get(code, REASONS["random"])[lang]
    values = dict(args)
    if "card" in values and isinstance(values["card"], int):
        values["card"] = card_text(values["card"])
    if "meld" in values:
        values["meld"] = MELD_TEXT[lang].get(values["meld"], values["meld"])
    if "what" in values:
        verb, extra = values["what"]
        what = WHAT[lang].get(verb, verb)
        if verb == "play":
            what = card_text(extra)
        elif verb == "meld":
            what = MELD_TEXT[lang].get(extra, str(extra))
            what = what[:1].upper() + what[1:]
        values["what"] = what
    try:
        return fmt.format(**values)
    except (KeyError, IndexError, ValueError):
        return REASONS["random"][lang]
