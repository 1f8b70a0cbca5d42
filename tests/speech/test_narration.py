"""The table in words (presenter.narration): cards, melds and suits named in the player's language, each event as
the seat at the screen sees it, the reading keys' answers, and never a card the seat may not know."""

from __future__ import annotations

import random
import re

import pytest

from bezique.i18n import LANGUAGES, t
from bezique.presenter import narration
from bezique.presenter.narration import Listener
from bezique.presenter.session import GameSession, new_seats
from bezique.presenter.words import card_name
from bezique.rules import Event, EventKind, Verb, make_ruleset, parse_code

QS = parse_code("QS")[0]


@pytest.mark.parametrize(("lang", "words"), [("en", "Queen of Spades"), ("it", "Regina di Picche"),
                                             ("fr", "la dame de pique")])
def test_cards_are_words_in_the_players_language(lang: str, words: str) -> None:
    assert card_name(QS, lang) == words
    line = narration.event_line(Event("card_played", 1, (QS,)), Listener(0, ["You", "Anna"], lang), None)
    assert line is not None and words in line.text and "♠" not in line.text


def test_the_listeners_own_moves_are_said_to_them() -> None:
    who = Listener(0, ["You", "Anna"], "en")
    assert narration.event_line(Event("card_played", 0, (QS,)), who, None).text == "You play the Queen of Spades."
    assert narration.event_line(Event("card_played", 1, (QS,)), who, None).text == "Anna plays the Queen of Spades."
    won = narration.event_line(Event("trick_won", 1, (QS, parse_code("JD")[0])), who, None)
    assert won.text == "Anna takes the trick: Queen of Spades, Jack of Diamonds."
    meld = narration.event_line(Event("meld_declared", 0, (QS, parse_code("JD")[0]), 40, "bezique_1"), who, None)
    assert meld.text == "You declare Bezique, 40 points: Queen of Spades, Jack of Diamonds."


def test_another_seats_hidden_draw_names_no_card_and_is_a_detail() -> None:
    line = narration.event_line(Event("card_drawn", 1, ()), Listener(0, ["You", "Anna"], "en"), None)
    assert line == narration.Line("Anna draws a card.", detail=True)
    mine = narration.event_line(Event("card_drawn", 0, (QS,)), Listener(0, ["You", "Anna"], "en"), None)
    assert mine == narration.Line("You draw the Queen of Spades.", detail=False)


def played(variant: str, moves: int, seed: int = 3) -> GameSession:
    rules = make_ruleset(variant)
    session = GameSession(rules, new_seats(rules.players, "computer", "en", seed), seed=seed)
    session.start_deal()
    rng = random.Random(seed)
    for _ in range(moves):
        session.make_move(rng.choice(session.legal()))
    return session


FACE = re.compile(r"(Ace|Ten|King|Queen|Jack|Nine|Eight|Seven) of (Spades|Hearts|Diamonds|Clubs)")


def faces_named(text: str) -> set[str]:
    return {f"{rank} of {suit}" for rank, suit in FACE.findall(text)}


def faces_seen(screen) -> set[str]:  # type: ignore[no-untyped-def]
    """Every face the seat's view holds in plain sight: its hand, the tables, the trick, the tricks, the turn-up."""
    cards = [*screen.hand, *(c for table in screen.tables for c in table), *screen.played,
             *(c for known in screen.known for c in known), *([screen.turn_up] if screen.turn_up is not None else [])]
    return {card_name(c, "en") for c in cards}


@pytest.mark.parametrize("variant", ["two_handed", "four_handed", "rubicon", "six_handed"])
def test_the_reading_keys_answer_from_the_seats_view_alone(variant: str) -> None:
    for moves in (0, 7, 23):
        session = played(variant, moves)
        screen = session.screen(0)
        who = Listener(0, [s.name for s in session.seats], "en")
        for reader in (narration.hand_line, narration.trick_line, narration.trumps_line, narration.melds_line,
                       narration.scores_line, narration.legal_line, narration.turn_line):
            text = reader(screen, who)
            assert text and "{" not in text
            assert faces_named(text) <= faces_seen(screen), (reader.__name__, text)


def test_the_hand_is_read_suit_by_suit_trumps_first() -> None:
    session = played("two_handed", 0)
    screen = session.screen(0)
    text = narration.hand_line(screen, Listener(0, ["You", "Anna"], "en"))
    assert text.startswith(f"Your hand, {len(screen.hand)} cards: ")
    if screen.trump is not None and any((c & 31) >> 3 == screen.trump for c in screen.hand):
        assert text.split(": ", 1)[1].startswith(t(f"suit.{'SHDC'[screen.trump]}", "en"))


def test_the_legal_cards_are_said_when_it_is_the_seats_turn() -> None:
    session = played("two_handed", 1)
    seat = session.to_act
    screen = session.screen(seat)
    text = narration.legal_line(screen, Listener(seat, ["You", "Anna"], "en"))
    if screen.phase.value == "play":
        plays = {card_name(a.cards[0], "en") for a in screen.legal if a.verb == Verb.PLAY}
        assert text.startswith("You may play:") and faces_named(text) == plays


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_has_words_in_every_language(lang: str) -> None:
    session = played("four_handed", 30)
    who = Listener(0, [s.name for s in session.seats], lang)
    for reader in (narration.hand_line, narration.trick_line, narration.trumps_line, narration.melds_line,
                   narration.scores_line, narration.legal_line, narration.turn_line):
        assert reader(session.screen(0), who)


def test_scores_other_lines_do_not_say_are_said_once() -> None:
    who = Listener(0, ["You", "Anna"], "en")
    seven = parse_code("7S")[0]
    last = narration.event_line(Event(EventKind.SCORED, 1, (), 10, "last_trick"), who, None)
    assert last is not None and last.text == "Anna wins the last trick: 10 points."
    brisques = narration.event_line(Event(EventKind.SCORED, 0, (QS, QS), 20, "brisques"), who, None)
    assert brisques is not None and brisques.text == "You count 2 brisques: 20 points."
    played = narration.event_line(Event(EventKind.SCORED, 0, (seven,), 10, "seven_of_trumps"), who, 0)
    assert played is not None and played.text == "You score the seven of trumps: 10 points."
    assert narration.event_line(Event(EventKind.SCORED, 0, (seven,), 10, "seven_of_trumps"), who, 0,
                                EventKind.SEVEN_EXCHANGED) is None  # the exchange's own line said it
    assert narration.event_line(Event(EventKind.SCORED, 0, (QS,), 40, "bezique_1"), who, 0) is None  # the meld's
