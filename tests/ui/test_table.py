"""The table scene driven by real pygame events against the computer (dummy video and audio drivers)."""

import random

import pygame
import pytest
from ui_driver import (
    DT,
    HANG_GUARD,
    button,
    click,
    finish_thinking,
    human_move,
    key,
    make_app,
    point_on,
    step,
    table_of,
    wait_rest,
)

from bezique.i18n import t
from bezique.presenter.layout import Slot, card_box
from bezique.presenter.words import meld_label
from bezique.rules import RecordedGame, Verb, full_deck_faces, parse_code
from bezique.ui.shutdown import quit_pygame
from bezique.ui.table.decl_panel import row_points
from bezique.ui.table.overlays import HandOverScene, PauseOverlay, ResultOverlay

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_a_complete_deal_through_clicks():
    app, table = make_app(seed=11)
    heard = set()  # every sound of the deal: app.sounds.played keeps only the latest hundred or so
    play = app.sounds.play

    def hear(name):
        heard.add(name)
        play(name)

    app.sounds.play = hear
    rng = random.Random(1)
    seen = set()
    for _ in range(3000):
        wait_rest(app)
        if isinstance(app.stack.top, ResultOverlay):
            break
        seen.add(step(app, rng))
    assert table.stage.deals_seen == 1
    assert isinstance(app.stack.top, ResultOverlay)
    assert table.sync_errors == 0
    assert "play" in seen
    assert {"card_play", "trick_gathered", "draw", "shuffle", "deal"} <= heard
    state = table.session.state
    assert sum(state.scores) > 0
    step(app, rng)  # next deal
    assert table.session.state.deal_index == 1


def stacked_deck(hand0, turn_up):
    """A deck (faces, top first) giving seat 0 (the elder when seat 1 deals) `hand0` and the given turn-up."""
    faces = [parse_code(c)[0] for c in hand0]
    rest = full_deck_faces(1) + full_deck_faces(1)
    for f in [*faces, parse_code(turn_up)[0]]:
        rest.remove(f)
    rng = random.Random(3)
    rng.shuffle(rest)
    deck = faces[0:3] + rest[0:3] + faces[3:5] + rest[3:5] + faces[5:8] + rest[5:8] + [parse_code(turn_up)[0]]
    return deck + rest[8:]


def stacked_app(hand0, turn_up, **kw):
    app, table = make_app(speed="fast", **kw)
    session = table.session
    session.first_dealer = 1
    session.game = RecordedGame.new(session.rules, session.game.players, 1, seed=session.seed)
    deck = stacked_deck(hand0, turn_up)
    session.rng = type("R", (), {"shuffle": lambda self, faces: faces.__setitem__(slice(None), deck)})()
    table.stage.cut_timer = 1e-6  # start the (stacked) deal on the next tick
    return app, table


def lead_at_first_turn(hand0, turn_up, lead):
    """A stacked deal (``stacked_app``) in which the player, at their first turn, leads the card `lead` (written as
    "AH"), and the window settles: the app and its table, the trick played."""
    app, table = stacked_app(hand0, turn_up)
    for _ in range(600):
        app.tick(DT)
        if table.human_turn():
            break
    assert table.human_turn()
    card = next(c for c in table.stage.model.hands[0] if c & 31 == parse_code(lead)[0])
    click(app, point_on(table, card))
    wait_rest(app)
    return app, table


def test_declaration_panel_and_seven_exchange():
    # Seat 0 leads the ace of trumps (it cannot lose: an identical ace played second does not win).
    app, table = lead_at_first_turn(["AH", "7H", "KC", "QC", "AS", "TS", "9D", "8D"], "KH", "AH")
    assert table.session.state.trump == 1
    assert table.session.state.phase == "declare" and table.human_turn()
    legal = table.session.legal()
    assert any(a.verb == Verb.MELD and a.kind == "common_marriage" for a in legal)
    assert any(a.verb == Verb.EXCHANGE_SEVEN for a in legal)
    assert table.readout.prompt() == "You won the trick: declare, exchange the seven of trumps, or draw"
    meld_button = button(table, "meld:0")
    assert meld_button is not None and meld_button.label == "Marriage in Clubs"  # the suit, in words
    assert button(table, "exchange") is not None and button(table, "done").label == "Draw"
    # every row says what it scores: the seven of trumps as well as the melds
    points = [row_points(table.controls, action) for action in ("meld:0", "exchange", "done")]
    assert points == [20, 10, None]
    marriage = next(a for a in legal if a.verb == Verb.MELD)
    assert meld_label(marriage.kind, marriage.cards, 1, "it") == "Matrimonio di Fiori"
    # hovering a meld highlights its cards
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(meld_button.box.cx), int(meld_button.box.cy)),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(DT)
    assert table.controls.hover_meld == 0
    before = table.session.state.scores[0]
    click(app, (meld_button.box.cx, meld_button.box.cy))
    wait_rest(app)
    assert table.session.state.scores[0] == before + 20
    assert len(table.stage.model.tables[0]) == 2
    # the panel is back for the seven: it hides none of the cards on the table (the marriage just laid down)
    panel = table.stage.layout.decl_panel
    assert button(table, "exchange") is not None
    assert table.readout.prompt() == "You won the trick: exchange the seven of trumps or draw"
    for card in table.stage.model.tables[0] + table.stage.model.tables[1]:
        sprite = table.stage.sprites[card]
        assert not panel.intersects(card_box(Slot(sprite.cx, sprite.cy, 0.0, round(sprite.height))))
    # the seven exchange: the seven goes under the stock, the king of trumps comes to the hand
    b = button(table, "exchange")
    click(app, (b.box.cx, b.box.cy))
    wait_rest(app)
    state = table.session.state
    assert state.turn_up is not None and state.turn_up & 31 == parse_code("7H")[0]
    assert table.stage.model.turn_up == state.turn_up
    assert any(c & 31 == parse_code("KH")[0] for c in table.stage.model.hands[0])
    assert state.scores[0] == before + 30
    assert "seven" in app.sounds.played
    b = button(table, "done")
    if b is not None:
        click(app, (b.box.cx, b.box.cy))
    wait_rest(app)  # with nothing left to declare the step ends by itself (auto_pass_empty_declaration)
    assert table.session.state.phase == "play"
    assert len(table.stage.model.hands[0]) + len(table.stage.model.tables[0]) == 8
    assert table.sync_errors == 0


@pytest.mark.parametrize("seed", [5, 9])
def test_illegal_card_is_refused_politely(seed):
    app, table = make_app(seed=seed)
    rng = random.Random(seed)
    # play until the final tricks, where following suit is compulsory
    for _ in range(6000):
        wait_rest(app)
        table = table_of(app)
        if table.human_turn() and table.session.state.final_phase and table.session.state.trick:
            legal = {a.cards[0] & 31 for a in table.session.legal()}
            bad = [c for c in table.stage.model.hands[0] if c & 31 not in legal]
            if bad:
                click(app, point_on(table, bad[0]))
                assert table.stage.message is not None and table.stage.message[0] in {
                    t(k, "en") for k in ("table.must_follow", "table.must_trump", "table.must_beat")}
                assert app.sounds.played[-1] == "illegal"
                return
        step(app, rng)
    pytest.fail(f"seed {seed} no longer gives a refusable card in the final tricks: pick a seed that does")


def concealed_faces_drawn(app, table):
    """Cards drawn face up this frame that sit in a concealed hand other than the viewer's."""
    drawn = {c for c in app.trace if c is not None}
    state = table.session.state
    others = set()
    for seat in range(2):
        if seat != table.stage.viewer or table.curtain.hiding or not isinstance(app.stack.top, type(table)):
            others.update(state.hands[seat] if seat != table.stage.viewer else [])
    return drawn & others


def test_hand_over_never_draws_the_other_hand():
    app, table = make_app(hotseat=True, seed=7, speed="fast")
    app.trace = []
    original = app.draw
    leaks = []
    handovers = []

    def traced_draw():
        app.trace.clear()
        original()
        top = app.stack.top
        t = table_of(app)
        if isinstance(top, HandOverScene):
            handovers.append(1)
            if any(c is not None for c in app.trace):
                leaks.append(("handover", list(app.trace)))
        else:
            bad = concealed_faces_drawn(app, t)
            if bad:
                leaks.append(("table", bad, t.stage.viewer))

    app.draw = traced_draw
    rng = random.Random(4)
    for _ in range(2500):
        step(app, rng)
        if table.session.state.tricks_done >= 6:
            break
    assert table.session.state.tricks_done >= 6, "six tricks never came: the leak check saw too little of the game"
    assert handovers, "the hand-over screen never showed"
    assert not leaks
    assert table.sync_errors == 0


def test_resize_relayouts_everything():
    app, table = make_app(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        step(app, rng)
    for size in [(1024, 640), (1920, 1080), (1100, 900)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.tick(DT)
        assert app.size == size
        assert (table.stage.layout.width, table.stage.layout.height) == size
        placed = [sprite for sprite in table.stage.sprites.values() if sprite.tween is None and sprite.visible]
        assert placed, "no card on the table was checked"
        for sprite in placed:
            assert -5 <= sprite.cx <= size[0] + 5 and -5 <= sprite.cy <= size[1] + 5
    wait_rest(app)
    step(app, rng)


def test_pause_log_and_keys():
    app, table = make_app(seed=2)
    wait_rest(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    key(app, pygame.K_l)
    assert type(app.stack.top).__name__ == "LogOverlay"
    click(app, (5, 5))
    assert app.stack.top is table
    key(app, pygame.K_h)  # a hint, computed on the worker (the expert)
    finish_thinking(table)
    app.tick(DT)  # the tick after the worker is done brings the hint
    assert table.turns.hint is not None and table.stage.message and table.stage.message[0].startswith("Hint:")
    assert not set("♠♥♦♣") & set(table.stage.message[0])  # the window's font has no suit glyphs: cards in words
    assert table.try_move(table.turns.hint[0])
    assert table.turns.hint is None and table.stage.message is None  # the hint's line goes with the move it was about


def deal_moves(table):
    """The current deal's recorded moves (a copy: undo swaps the session's game for an earlier one)."""
    return list(table.session.game.deals[-1]["actions"])


def assert_last_decision_taken_back(before, after):
    """`after` is `before` cut just ahead of the player's (seat 0's) last move: only the computer moved since."""
    assert len(after) < len(before), "undo took nothing back"
    assert after == before[:len(after)], "undo rewrote the moves it kept"
    assert [m["player"] for m in before[len(after):]][:1] == [0], "undo did not stop at the player's move"
    assert 0 not in [m["player"] for m in before[len(after) + 1:]], "undo went back past the player's last move"


def test_undo_goes_back_but_never_past_a_draw():
    app, table = make_app(seed=8, allow_undo=True)
    rng = random.Random(8)
    hands = {}  # (deal, moves so far) -> the player's hand at each of their turns
    for _ in range(400):
        wait_rest(app)
        if table.human_turn():
            moves = deal_moves(table)
            if table.session.can_undo():
                key(app, pygame.K_u)
                wait_rest(app)
                after = deal_moves(table)
                assert table.session.assisted
                assert_last_decision_taken_back(moves, after)
                assert sorted(table.session.state.hands[0]) == hands[(table.session.state.deal_index, len(after))]
                assert table.sync_errors == 0
                return
            hands[(table.session.state.deal_index, len(moves))] = sorted(table.session.state.hands[0])
        step(app, rng)
    pytest.fail("seed 8 no longer gives the player a move to undo in 400 steps: pick a seed that does")


def test_the_session_alone_decides_undo():
    """Undo is gated once, by the session (the setting, hot-seat, a move left to take back): the table's button
    and keys follow it whatever the table's copy of the settings says."""
    import dataclasses
    app, table = make_app(seed=8, allow_undo=True)
    assert table.session.allow_undo  # the setting reaches the session the table plays
    table.opt = dataclasses.replace(table.opt, app=dataclasses.replace(table.opt.app, allow_undo=False))
    rng = random.Random(8)
    for _ in range(400):
        wait_rest(app)
        if table.human_turn() and table.session.can_undo():
            break
        step(app, rng)
    assert table.session.can_undo(), "no undo opportunity with this seed"
    assert button(table, "undo").enabled
    before = deal_moves(table)
    b = button(table, "undo")
    click(app, (b.box.cx, b.box.cy))
    assert table.session.assisted and app.sounds.played[-1] != "illegal"
    assert_last_decision_taken_back(before, deal_moves(table))
    quit_pygame()
    _app, hot = make_app(hotseat=True, seed=8, allow_undo=True)
    assert not hot.session.allow_undo and not hot.session.can_undo()


def test_demo_plays_computer_against_computer():
    app, table = make_app(seed=4, demo=True, demo_deals=1)
    for _ in range(20000):
        if not app.running:
            break
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
    assert not app.running
    assert table.stage.deals_seen == 1 and table.sync_errors == 0


def test_worker_thread_keeps_frames_coming_and_quits_at_once():
    import threading
    app, table = make_app(seed=6)
    gate = threading.Event()
    returned = threading.Event()

    class Slow:
        def choose(self, view, legal, stop=None):
            gate.wait(HANG_GUARD)
            returned.set()
            return legal[0]

    table.turns.players = {1: Slow()}
    rng = random.Random(6)
    for _ in range(3000):  # ticks, moving for the player, until the computer starts thinking (never waited for)
        if table.turns.worker.busy:
            break
        if table.human_turn():
            human_move(app, rng)
        else:
            app.tick(DT)
    assert table.turns.worker.busy
    frames = app.frames
    for _ in range(10):
        app.tick(DT)
    assert app.frames >= frames + 10  # drawing on while the computer thinks
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.tick(DT)
    assert not app.running and not returned.is_set()  # closed with the computer still thinking: not waited for
    assert table.turns.worker.stop.is_set() or table.turns.worker.idle
    gate.set()


def test_hot_seat_hand_over_comes_before_the_deal():
    app, table = make_app(hotseat=True, seed=5, speed="fast")
    for _ in range(600):
        app.tick(DT)
        if isinstance(app.stack.top, HandOverScene):
            break
    assert isinstance(app.stack.top, HandOverScene)
    assert not any(table.stage.model.hands.values()), "no card may be dealt before the hand-over"
    app.stack.top.time = 1.0
    click(app, (10, 10))
    wait_rest(app)
    assert table.human_turn() and len(table.stage.model.hands[table.stage.viewer]) == 8
    assert table.sync_errors == 0


def test_declaration_panel_scrolls_to_every_meld():
    # Seat 0 leads the ace of trumps (unbeatable) and then holds four melds: more rows than the panel shows at 720p.
    app, table = lead_at_first_turn(["AS", "KS", "QS", "KH", "QH", "KD", "QD", "KC"], "9S", "AS")
    melds = table.controls.decl_melds()
    assert len(melds) > table.controls.decl_rows()
    last = f"meld:{len(melds) - 1}"
    assert button(table, last) is None and button(table, "decl_up") is not None
    for _ in range(len(melds)):
        down = button(table, "decl_down")
        if not down.enabled:
            break
        click(app, (down.box.cx, down.box.cy))
    b = button(table, last)
    assert b is not None
    kind = melds[-1].kind
    click(app, (b.box.cx, b.box.cy))
    assert any(entry[3] == kind for entry in table.session.state.log)


def test_search_levels_get_the_configured_thinking_budget():
    """config.yaml's ai.expert_time_ms / expert_iterations reach the computer the table builds."""
    import dataclasses

    from bezique.config import Config
    from bezique.ui.bare import open_table

    config = Config()
    config = dataclasses.replace(config, ai=dataclasses.replace(config.ai, level="expert", expert_time_ms=40,
                                                                expert_iterations=7))
    app, table = open_table(config, [], size=(1280, 720), seed=2, fullscreen=False)
    computer = table.turns.players[1]
    assert computer.level == "expert"
    assert (computer.time_ms, computer.iterations) == (40, 7)
    app.quit()


def test_table_options_hold_the_settings_and_take_overrides():
    """The table keeps the player's ``AppSettings`` / ``AISettings`` themselves; an override replaces a setting
    (the demo command's speed and pace) or sets one of the table's own options."""
    import dataclasses

    from bezique.config import AISettings, AppSettings
    from bezique.ui.table.options import TableOptions

    app_settings, ai = AppSettings(animation_speed="slow", allow_undo=True), AISettings(level="expert")
    opt = TableOptions.from_settings(app_settings, ai, computer_pace="instant", demo=True, demo_deals=2)
    assert opt.app == dataclasses.replace(app_settings, computer_pace="instant") and opt.ai is ai
    assert (opt.demo, opt.demo_deals, opt.hints, opt.problems) == (True, 2, True, [])
    assert TableOptions.from_settings(app_settings, ai).app is app_settings
    with pytest.raises(TypeError):
        TableOptions.from_settings(app_settings, ai, no_such_option=1)
    _app, table = make_app(seed=3, allow_undo=True, speed="fast")
    assert table.opt.app.allow_undo and table.speed == "fast"
    assert table.opt.ai.level == "random" and table.turns.hinter.level == "expert"  # hints: a strong level (test_hints)


def test_the_screens_over_the_table_report_through_their_callbacks():
    """The hand-over, the scoreboard and the pause screen never see the table: they call what they were given."""
    app, table = make_app(seed=1)
    calls = []
    hand_over = HandOverScene(app, 1, "Bea", on_ready=lambda: calls.append("ready"),
                              on_pause=lambda: calls.append("pause"))
    app.push(hand_over)
    key(app, pygame.K_ESCAPE)
    hand_over.time = 1.0
    key(app, pygame.K_RETURN)
    assert calls == ["pause", "ready"] and app.stack.top is table
    board = ResultOverlay(app, table.session, [0, 1], [], False, "instant", False, on_close=calls.append,
                          on_pause=lambda: calls.append("pause"))
    app.push(board)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert calls[2:] == ["pause", "next"] and app.stack.top is table
    pause = PauseOverlay(app, menu=lambda: calls.append("menu"), settings=lambda: calls.append("settings"),
                         saved_note=True)
    app.push(pause)
    for action in ("settings", "menu"):
        button = next(b for b in pause._buttons() if b.action == action)
        click(app, (button.box.cx, button.box.cy))
    assert calls[4:] == ["settings", "menu"]


def test_the_panel_never_says_nothing_to_declare_over_the_seven():
    """No meld in hand but the seven of trumps to exchange: the panel is titled "Declare"; once it is exchanged and
    only Draw is left, "Nothing to declare"."""
    from bezique.ui.table.decl_panel import panel_title

    app, table = lead_at_first_turn(["AH", "7H", "KC", "JS", "AS", "TS", "9D", "8D"], "KH", "AH")
    legal = table.session.legal()
    assert not any(a.verb == Verb.MELD for a in legal) and any(a.verb == Verb.EXCHANGE_SEVEN for a in legal)
    assert panel_title(table.controls, 0) == "Declare"
    b = button(table, "exchange")
    click(app, (b.box.cx, b.box.cy))
    wait_rest(app)
    if table.human_turn() and table.session.state.phase == "declare":
        assert panel_title(table.controls, 0) == "Nothing to declare"
