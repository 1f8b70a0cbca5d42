"""Undo a player can use: a misplayed card taken back before the computer answers, across the automatic draw while
the drawn card is unseen, never past a card the player has seen; whenever it cannot be used, it says why."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from ui_driver import DT, button, click, key, make_app, point_on, step, wait_rest

from bezique.i18n import t
from bezique.presenter.session import news
from bezique.rules import Event, Phase, Verb, beats

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_what_counts_as_seeing_something_new():
    assert news(Event("card_played", 1, (12,)), 0, None) == "answered"  # the computer's card
    assert news(Event("meld_declared", 1, (3, 4), 40, "royal_marriage"), 0, None) == "answered"
    assert news(Event("card_played", 0, (12,)), 0, None) is None  # my own card
    assert news(Event("card_drawn", 0, (12,)), 0, 40) == "drew"  # a card from the stock into my hand
    assert news(Event("card_drawn", 0, (40,)), 0, 40) is None  # the turn-up, which I had seen
    assert news(Event("card_drawn", 1, ()), 0, 40) is None  # theirs, face down
    assert news(Event("trick_won", 1, (12, 13)), 0, None) is None  # cards already on the table
    assert news(Event("deal_scored", None), 0, None) == "deal_over"


def _table(seed=11, **kw):
    app, table = make_app(seed=seed, allow_undo=True, **kw)
    wait_rest(app)
    return app, table


def _pace(table, **app_changes):
    table.opt = dataclasses.replace(table.opt, app=dataclasses.replace(table.opt.app, **app_changes))


def _to(app, table, lead: bool, seed=1):
    """Play on until the player is to lead (`lead`) or to follow the computer's card."""
    rng = random.Random(seed)
    for _ in range(400):
        wait_rest(app)
        state = table.session.state
        if table.human_turn() and state.phase == Phase.PLAY and bool(state.trick) != lead:
            return
        step(app, rng)
    raise AssertionError("never got there")


def test_a_misplayed_lead_is_taken_back_while_the_computer_thinks():
    app, table = _table()
    _to(app, table, lead=True)
    _pace(table, computer_pace="slow")
    hand = sorted(table.session.state.hands[0])
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    click(app, point_on(table, card))
    for _ in range(30):
        app.tick(DT)
    assert table.session.state.trick and table.turns.busy  # the computer is still to answer
    b = button(table, "undo")
    assert b.enabled
    click(app, (b.box.cx, b.box.cy))
    assert sorted(table.session.state.hands[0]) == hand and not table.session.state.trick
    assert table.session.assisted and table.turns.ai_choice is None
    assert table.stage.message[0] == t("table.undone", "en")
    wait_rest(app)
    assert table.human_turn() and table.sync_errors == 0  # the player leads again, the picture in step


def test_the_computers_answer_once_seen_is_never_taken_back_and_undo_says_so():
    app, table = _table()
    _to(app, table, lead=True)
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    click(app, point_on(table, card))
    wait_rest(app)
    state = table.session.state
    before = (len(state.tricks_log), sorted(state.hands[0]), list(state.trick))
    b = button(table, "undo")
    assert not b.enabled
    click(app, (b.box.cx, b.box.cy))
    reason = table.stage.message[0]
    assert reason in (t("table.undo_answered", "en"), t("table.undo_drew", "en"))
    assert app.sounds.played[-1] == "illegal"
    key(app, pygame.K_u)
    assert table.stage.message[0] == reason  # the key says the same
    state = table.session.state
    assert (len(state.tricks_log), sorted(state.hands[0]), list(state.trick)) == before  # nothing taken back


def test_a_follow_is_taken_back_while_the_trick_is_on_show_and_across_the_unseen_draw():
    app, table = _table(trick_pause="normal")
    _to(app, table, lead=False)
    state = table.session.state
    led = state.trick[0]
    winning = [a for a in table.session.legal() if a.verb == Verb.PLAY and beats(a.cards[0], led, state.trump)]
    if not winning:
        pytest.skip("no winning card with this seed")
    hand = sorted(state.hands[0])
    click(app, point_on(table, winning[0].cards[0]))
    app.tick(DT)
    assert table.stage.reading is not None  # the trick on show: the draw has not come
    assert button(table, "undo").enabled
    key(app, pygame.K_u)
    assert sorted(table.session.state.hands[0]) == hand and table.session.state.trick == [led]
    wait_rest(app)
    # again, and this time let the trick be gathered: the automatic draw is made by the rules, then shown
    click(app, point_on(table, winning[0].cards[0]))
    stock = table.session.state.stock_count
    for _ in range(600):
        app.tick(DT, [])
        queued = [e.kind for e in table.stage.queue]
        if "card_drawn" in queued:
            break
    else:
        pytest.fail("the draw never came")
    assert table.session.can_undo()  # drawn by the rules but not yet shown: nothing new seen
    key(app, pygame.K_u)
    assert sorted(table.session.state.hands[0]) == hand and not any(
        e.kind == "card_drawn" for e in table.stage.queue)
    assert table.session.state.stock_count == stock
    wait_rest(app)
    assert table.sync_errors == 0


def test_the_drawn_card_once_shown_closes_undo_with_its_reason():
    app, table = _table()
    rng = random.Random(3)
    for _ in range(400):
        wait_rest(app)
        if table.human_turn() and table.session.why_no_undo() == "drew":
            break
        step(app, rng)
    else:
        pytest.fail("never drew a card with undo closed by it")
    assert table.controls.disabled_reason("undo") == t("table.undo_drew", "en")


def test_the_undo_off_line_does_not_stay_into_the_next_trick():
    app, table = make_app(seed=11, allow_undo=False)
    _to(app, table, lead=True)
    b = button(table, "undo")
    click(app, (b.box.cx, b.box.cy))
    assert table.stage.message[0] == t("table.undo_off", "en")
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    click(app, point_on(table, card))
    app.tick(DT)
    assert table.stage.message is None or table.stage.message[0] != t("table.undo_off", "en")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_greyed_hint_says_why_on_a_click_as_h_does(lang):
    app, table = make_app(seed=11, language=lang)
    wait_rest(app)
    _pace(table, computer_pace="slow")
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0] if table.human_turn() else None
    if card is not None and table.session.state.phase == Phase.PLAY:
        click(app, point_on(table, card))
    for _ in range(20):
        app.tick(DT)
    assert not table.human_turn()
    b = button(table, "hint")
    assert not b.enabled
    click(app, (b.box.cx, b.box.cy))
    assert table.stage.message[0] == t("table.hint_wait", lang)
    table.stage.message = None
    key(app, pygame.K_h)
    assert table.stage.message[0] == t("table.hint_wait", lang)


def test_every_reason_undo_gives_is_worded_in_both_languages():
    from bezique.presenter.session import UNDO_REASONS
    from bezique.ui.table.undo import REASON_TEXTS
    assert set(UNDO_REASONS) | {"network", "wait"} == set(REASON_TEXTS)  # the table's own: no undo offered, not now
    for text_key in REASON_TEXTS.values():
        assert t(text_key, "en") != t(text_key, "it")
