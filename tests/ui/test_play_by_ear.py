"""Played by ear through the real window: a player who reads only the speech log (``BEZIQUE_SPEECH_LOG``) and
presses only keys (``ear_player.EarPlayer``) plays a whole two-handed deal against the computer (a meld declared,
the seven exchanged where it could be, the last tricks) and a whole four-handed deal; no line it hears names a card
its seat could not know at that moment. Stepped ticks, no sleeps."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from ui_driver import DT, finish_thinking, key, make_app, wait_rest

from bezique.presenter.words import card_name
from bezique.speech import Voice
from bezique.ui.ear_player import DEAL_OVER, EarPlayer
from bezique.ui.table.scoreboard import ResultOverlay

pytestmark = pytest.mark.usefixtures("pygame_quit")
FACE = re.compile(r"(Ace|Ten|King|Queen|Jack|Nine|Eight|Seven) of (Spades|Hearts|Diamonds|Clubs)")
TICKS = 40_000  # a guard against a hang only


def faces_named(text: str) -> set[str]:
    return {f"{rank} of {suit}" for rank, suit in FACE.findall(text)}


def faces_seen(screen) -> set[str]:  # type: ignore[no-untyped-def]
    """The faces the seat's view shows now: its hand, every table, the trick and the tricks, the turn-up, the
    cards it has seen in other hands."""
    cards = [*screen.hand, *(c for table in screen.tables for c in table), *screen.played,
             *(c for known in screen.known for c in known), *([screen.turn_up] if screen.turn_up is not None else [])]
    return {card_name(c, "en") for c in cards}


def play_a_deal_by_ear(tmp_path: Path, variant: str, seed: int) -> EarPlayer:
    """One deal of `variant` played by the ear player, to its scoreboard; every line checked as it is heard."""
    log = tmp_path / "speech.log"
    app, table = make_app(seed=seed, level="beginner", variant=variant)
    app.use_voice(Voice(log_path=log, enabled=True))
    seen: set[str] = set()
    checked = 0

    def check() -> None:
        nonlocal checked
        seen.update(faces_seen(table.stage.screen))
        for line in player.heard[checked:]:
            assert faces_named(line) <= seen, f"{line!r} names a card the seat has not seen"
        checked = len(player.heard)

    def press(k: int) -> None:
        key(app, k)
        seen.update(faces_seen(table.stage.screen))

    player = EarPlayer(log, press)
    for _ in range(TICKS):
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
        player.turn()
        check()
        if isinstance(app.stack.top, ResultOverlay) and DEAL_OVER in player.heard:
            app.tick(DT)  # the scoreboard says itself
            player.listen()
            check()
            return player
    raise AssertionError(f"the deal never ended by ear: {player.heard[-8:]}")


def test_a_two_handed_deal_against_the_computer_by_ear(tmp_path: Path) -> None:
    player = play_a_deal_by_ear(tmp_path, "two_handed", seed=6)
    heard = player.heard
    assert heard[0].startswith("Speech on. F12")  # the first words say which keys exist
    assert any(m.startswith("declare ") and m not in ("declare draw", "declare exchange the seven of trumps")
               for m in player.moves), player.moves  # a meld declared
    assert "declare exchange the seven of trumps" in player.moves  # the seven exchanged (it could be, this deal)
    assert any(line.startswith("You exchange the seven of trumps for the") for line in heard)
    final = next(i for i, line in enumerate(heard) if line.startswith("The stock is empty: the last tricks begin"))
    assert sum(line.startswith("You play the") for line in heard[final:]) == 8  # the last eight tricks, by ear
    assert any(line.startswith("End of deal 1") for line in heard)  # the scoreboard read out
    assert sum(m.startswith("play ") for m in player.moves) == 32  # every card of the deal played by keys


def test_a_four_handed_deal_by_ear(tmp_path: Path) -> None:
    player = play_a_deal_by_ear(tmp_path, "four_handed", seed=2)
    assert any(line.startswith("End of deal 1") for line in player.heard)
    assert sum(m.startswith("play ") for m in player.moves) == 32  # four packs, four seats: 32 plays each


def test_the_reading_keys_answer_at_the_table(tmp_path: Path) -> None:
    log = tmp_path / "speech.log"
    app, _ = make_app(seed=3, level="beginner")
    app.use_voice(Voice(log_path=log, enabled=True))
    player = EarPlayer(log, lambda k: key(app, k))
    wait_rest(app)
    player.listen()
    answers = {k: player.key(k) for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                                          pygame.K_7, pygame.K_F2, pygame.K_F1)}
    assert answers[pygame.K_1][0].startswith("Your hand, 9 cards") or answers[pygame.K_1][0].startswith("Your hand")
    assert answers[pygame.K_2][0].startswith(("On the trick:", "No card on the trick"))
    assert answers[pygame.K_3][0].startswith("Trumps are") and "in the stock" in answers[pygame.K_3][0]
    assert answers[pygame.K_4][0]
    assert answers[pygame.K_5][0].startswith("This deal:") and "Brisques won" in answers[pygame.K_5][0]
    assert answers[pygame.K_6][0].startswith("You may play:")
    assert answers[pygame.K_7][0] == "Your turn: play a card."
    assert answers[pygame.K_F2] == answers[pygame.K_7]  # the last line again
    assert "1: your hand" in answers[pygame.K_F1][0] and "F12" in answers[pygame.K_F1][0]
    text = log.read_text(encoding="utf-8")
    assert "! Your turn: play a card." in text  # a reading key cuts short what was being said


class CurtainEar(Voice):
    """The speech log's voice, noting for each line whether the hot-seat curtain was hiding the hand."""

    def __init__(self, log: Path) -> None:
        super().__init__(log_path=log, enabled=True)
        self.table: object = None
        self.lines: list[tuple[str, bool]] = []

    def say(self, text: str, interrupt: bool = False, detail: bool = False) -> None:
        said = self.said
        super().say(text, interrupt, detail)
        if self.said > said:
            self.lines.append((text, self.table.turns.curtain.hiding))  # type: ignore[attr-defined]


def test_hot_seat_speech_names_no_card_drawn_once_the_hand_is_hidden(tmp_path: Path) -> None:
    """Four players at one screen: when a partner's declaration (passed to them) hands the lead back to the
    trick's winner, the table hides the partner's hand, and speech says the partner's draw that follows as any
    hidden draw ("You draw a card."), never the card, and reads no hand."""
    from test_keyboard_play import play_by_keys

    app, table = make_app(hotseat=True, seed=2, variant="four_handed")
    ear = CurtainEar(tmp_path / "speech.log")
    ear.table = table
    app.use_voice(ear)
    assert "pass" in play_by_keys(app, random.Random(3))
    hidden = [text for text, hiding in ear.lines if hiding]
    assert "You draw a card." in hidden  # the hidden draws were said (the test reached them)
    assert not [text for text in hidden if text.startswith(("You draw the", "Your hand"))], hidden
    assert any(text.startswith("You draw the") for text, hiding in ear.lines if not hiding)  # in sight: the card
