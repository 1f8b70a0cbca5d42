"""Every variant in the window: Rubicon / Chinese, three- and four-handed played through real clicks, the 3- and
4-seat layouts from 1024×640 to 4K, pass to partner, and hot-seat hand-overs that never show another's hand."""

import random
from itertools import combinations

import pytest
from ui_driver import DT, button, click, human_move, make_app, step, table_of, wait_rest

from bezique.presenter import model as tm
from bezique.presenter.layout import Layout
from bezique.rules import Verb
from bezique.ui.table.overlays import HandOverScene, ResultOverlay

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080), (3840, 2160), (1280, 1024)]


def inside(box, w, h):
    return box.x >= -0.5 and box.y >= -0.5 and box.right <= w + 0.5 and box.bottom <= h + 0.5


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_layout_for_three_and_four_seats(players, size):
    w, h = size
    L = Layout.for_size(w, h, players)
    assert len(L.seats) == players
    zones = {"status": L.status, "stock": L.stock, "trick": L.trick, "won": L.won, "prompt": L.prompt}
    for rel, seat in enumerate(L.seats):
        zones[f"badge{rel}"], zones[f"hand{rel}"], zones[f"melds{rel}"] = seat.badge, seat.hand, seat.melds
    for i, b in enumerate(L.buttons):
        zones[f"button{i}"] = b
    for name, box in zones.items():
        assert inside(box, w, h), (name, box)
    for (a, box_a), (b, box_b) in combinations(zones.items(), 2):
        if {a, b} in ({"hand0", "prompt"},):
            continue
        assert not box_a.intersects(box_b), (a, b, box_a, box_b)
    positions = [seat.pos for seat in L.seats]
    assert positions == (["bottom", "top_left", "top_right"] if players == 3 else ["bottom", "left", "top", "right"])
    # each seat's cards lie in its zones; the trick's cards lie by seat, all on screen and apart from the hands
    for rel in range(1, players):
        for slot in L.opp_hand_slots(8, rel):
            assert L.seats[rel].hand.x - 1 <= slot.cx <= L.seats[rel].hand.right + 1
        won = L.won_slot(rel)
        assert L.won.contains(won.cx, won.cy)
    centres = [(L.trick_slot(i, rel).cx, L.trick_slot(i, rel).cy) for i, rel in enumerate(range(players))]
    assert len(set(centres)) == players
    for cx, cy in centres:
        assert 0 < cx < w and L.seats[0].melds.y > cy > L.seats[0].badge.y - h
    for rel in range(players):
        assert L.won.contains(L.won_slot(rel).cx, L.won_slot(rel).cy)


def play_deal(app, rng, on_move=None, limit=20000):
    """Play the human's moves by clicks until the deal's scoreboard shows; returns the moves made."""
    moves = []
    for _ in range(limit):
        wait_rest(app)
        top = app.stack.top
        if isinstance(top, ResultOverlay):
            return moves
        table = table_of(app)
        if table.human_turn():
            done = on_move(app, table) if on_move else None
            moves.append(done or human_move(app, rng))
        else:
            app.tick(DT)
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("variant", ["rubicon"])
def test_a_rubicon_deal_through_clicks(variant):
    app, table = make_app(variant=variant, seed=11)
    rng = random.Random(5)
    wait_rest(app)
    assert table.stage.model.trump is None and table.stage.model.turn_up is None  # no turn-up: no trumps yet
    assert len(table.stage.model.hands[table.stage.viewer]) == 9
    moves = play_deal(app, rng)
    assert "play" in moves and "meld:0" in moves
    board = app.stack.top
    assert isinstance(board, ResultOverlay)
    state = table.session.state
    settlement = board.settlement()
    assert settlement is not None and state.past_deals[0].trump is not None
    assert table.stage.model.scores == list(state.scores)  # the badges show the settled match points
    assert table.sync_errors == 0 and table.stage.deals_seen == 1
    for _ in range(10):
        app.tick(0.1)  # the settlement columns draw
    if state.finished:
        assert max(state.scores) >= state.rules.match_target
    else:
        step(app, rng)  # next deal
        assert table.session.state.deal_index == 1


def test_a_three_handed_deal_through_clicks():
    app, table = make_app(variant="three_handed", seed=4)
    rng = random.Random(3)
    moves = play_deal(app, rng)
    assert moves.count("play") >= 24
    assert table.sync_errors == 0 and table.stage.deals_seen == 1
    assert [s.kind for s in table.session.seats] == ["human", "ai", "ai"]
    assert len(table.stage.model.won) == 3


def test_a_four_handed_deal_with_pass_to_partner():
    app, table = make_app(variant="four_handed", seed=6)
    rng = random.Random(8)
    passed = []

    def maybe_pass(app, table):
        partner = next((a.seat for a in table.session.legal() if a.verb == Verb.PASS_TO_PARTNER), None)
        b = button(table, f"pass:{partner}")
        if b is None or len(passed) >= 2:
            return None
        click(app, (b.box.cx, b.box.cy))
        assert table.session.state.step_actor == partner != table.stage.viewer
        passed.append(partner)
        return "pass"

    moves = play_deal(app, rng, maybe_pass)
    assert passed and all(p == (table.stage.viewer + 2) % 4 for p in passed)
    assert "play" in moves
    state = table.session.state
    assert len(state.scores) == 2 and table.stage.model.scores == list(state.scores)  # per side
    assert table.sync_errors == 0


def test_hovering_a_meld_lights_the_partners_cards():
    """The partner's tabled cards a meld would use glow with the rest of the meld."""
    app, table = make_app(variant="four_handed", seed=3)
    session = table.session
    rng = random.Random(1)
    no_meld = "seed 3 no longer offers a meld using the partner's cards before the final tricks: pick a seed that does"
    for _ in range(4000):
        wait_rest(app)
        if isinstance(app.stack.top, ResultOverlay) or session.state.final_phase:
            pytest.fail(no_meld)
        if table.human_turn():
            partner_table = set(session.state.tables[(table.stage.viewer + 2) % 4])
            melds = table.controls.decl_melds()
            using = [i for i, a in enumerate(melds) if partner_table & set(a.cards)]
            if using:
                table.stage.decl_scroll = using[0]
                b = next(b for b in table.controls.buttons()[1] if b.action == f"meld:{using[0]}")
                import pygame
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(b.box.cx), int(b.box.cy)),
                                                     rel=(0, 0), buttons=(0, 0, 0)))
                app.tick(DT)
                assert table.controls.hover_meld == using[0]
                cards = melds[using[0]].cards
                assert all(c in table.stage.sprites and table.stage.sprites[c].visible for c in cards)  # drawn, and lit
                assert partner_table & set(cards) <= set(table.stage.model.tables[(table.stage.viewer + 2) % 4])
                return
            human_move(app, rng)
        else:
            app.tick(DT)
    pytest.fail(no_meld)


def test_hand_over_never_shows_another_humans_hand():
    app, table = make_app(variant="three_handed", seed=2, hotseat=True)
    rng = random.Random(4)
    handovers = 0
    for _ in range(3000):
        wait_rest(app)
        top = app.stack.top
        if isinstance(top, ResultOverlay):
            break
        if isinstance(top, HandOverScene):
            handovers += 1
            top.time = 1.0
            click(app, (10, 10))
            table = table_of(app)
            assert table.stage.viewer == top.seat
        table = table_of(app)
        model = table.stage.model
        for seat in model.others:  # never a face of another human's concealed hand
            assert all(k < 0 for k in model.hands[seat]), seat
        if table.human_turn():
            assert not table.curtain.hiding and table.session.to_act == table.stage.viewer
            human_move(app, rng)
        elif not isinstance(app.stack.top, HandOverScene):
            app.tick(DT)
        if handovers >= 12:
            break
    assert handovers >= 6


def test_model_sides_and_settlement():
    from bezique.rules import Event, make_ruleset
    four = tm.new_model(make_ruleset("four_handed", {}), 1)
    assert four.others == [2, 3, 0] and four.scores == [0, 0]
    four.apply(Event("scored", 3, (), 40, "royal_marriage"))
    assert four.scores == [0, 40]
    rub = tm.new_model(make_ruleset("rubicon", {}), 0)
    rub.apply(Event("scored", 0, (), 50, "carte_blanche"))
    assert rub.scores == [0, 0] and rub.deal_points == [50, 0]
    rub.apply(Event("deal_settled", 0, (), 1900))
    assert rub.scores == [1900, 0]
