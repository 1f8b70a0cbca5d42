"""The declaration panel's meld rows: one row per choice the player can tell apart, each showing its cards; the
panel sized to what it holds."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
from ui_driver import DT, button, click, make_app, point_on, wait_rest

from bezique.presenter.layout import Box, Layout
from bezique.rules import Action, RecordedGame, Verb, parse_code
from bezique.ui.table.decl_panel import decl_geometry, panel_box, rows_that_fit
from bezique.ui.table.meld_rows import HAND, TABLE, chip_layout, panel_melds

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from stacking import build_deck

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def card(code: str, copy: int = 0) -> int:
    return parse_code(code)[0] + 32 * copy


def test_rows_that_look_the_same_are_one_row_and_the_others_stay():
    aces = [card(c) for c in ("AS", "AH", "AD", "AC")]
    other_ace = card("AS", 1)  # the second ace of spades, also in the hand: the same row to the player
    on_table = card("AH", 1)  # a heart ace already on the table: another row
    hand = {*aces, other_ace}
    where = lambda c: HAND if c in hand else TABLE  # noqa: E731
    legal = [Action(Verb.MELD, tuple(aces), "four_aces"),
             Action(Verb.MELD, (other_ace, *aces[1:]), "four_aces"),
             Action(Verb.MELD, (aces[0], on_table, *aces[2:]), "four_aces"),
             Action(Verb.MELD, (card("KH"), card("QH")), "common_marriage"),
             Action(Verb.DONE)]
    assert panel_melds(legal, where) == [legal[0], legal[2], legal[3]]
    chips = chip_layout(legal[2].cards, where, right=300.0, row=Box(0, 0, 300, 31), s=1.0)
    assert [c.where for c in chips] == [HAND, HAND, HAND, TABLE]  # the hand's cards first
    assert chips[-1].card == on_table and chips[-1].box.right == 300.0
    assert all(a.box.right < b.box.x for a, b in itertools.pairwise(chips))


@pytest.mark.parametrize("players", [2, 4])
def test_the_panel_is_as_large_as_what_it_holds(players):
    L = Layout.for_size(1280, 720, players)
    area, s = L.decl_panel, L.s
    empty = panel_box(area, s, melds=0, extras=1, title_w=250)
    one = panel_box(area, s, melds=1, extras=1)
    many = panel_box(area, s, melds=12, extras=1)
    # no melds: the title over the seven's row and Draw, nothing more (it used to take the whole area)
    assert empty.h == pytest.approx((40 + 31 + 6 + 31 + 10) * s) and empty.h < area.h and empty.w < area.w * 0.6
    assert empty.w >= 250 and abs(empty.cx - area.cx) < 1 and abs(empty.cy - area.cy) < 1
    assert one.h < many.h <= area.h and many.h == pytest.approx(area.h, abs=(31 + 4) * s)
    for box, melds in ((empty, 0), (one, 1), (many, 12)):
        assert area.contains(box.x, box.y) and box.right <= area.right and box.bottom <= area.bottom
        geo = decl_geometry(box, s, melds, extras=1)
        assert len(geo.rows) == min(melds, rows_that_fit(area, s))
        for part in [*geo.rows, *geo.extras, geo.done]:
            assert box.contains(part.x, part.y) and part.right <= box.right and part.bottom <= box.bottom


def test_four_handed_four_aces_rows_show_their_cards():
    """Six aces within reach: the panel lists each way to pick four, each row showing the aces it uses, and a
    click declares just those."""
    app, table = make_app(speed="fast", variant="four_handed")
    session = table.session
    session.first_dealer = 3
    session.game = RecordedGame.new(session.rules, session.game.players, 3, seed=session.seed)
    deck = build_deck(session.rules, [["AS", "AS", "AH", "AD", "AC", "AC", "KH", "QH"]], "9S")
    session.rng = type("R", (), {"shuffle": lambda self, faces: faces.__setitem__(slice(None), deck)})()
    table.stage.cut_timer = 1e-6
    for _ in range(600):
        app.tick(DT)
        if table.human_turn():
            break
    click(app, point_on(table, next(c for c in table.stage.model.hands[0] if c & 31 == parse_code("AS")[0])))
    wait_rest(app)
    rows = [a for a in table.controls.decl_melds() if a.kind == "four_aces"]
    assert len(rows) == 4
    faces = [tuple(sorted(c & 31 for c in a.cards)) for a in rows]
    assert len(set(faces)) == len(rows)  # no two rows alike: each leaves another ace in the hand
    where = table.controls.meld_source()
    shown = [[c.card & 31 for c in chip_layout(a.cards, where, 0.0, Box(0, 0, 100, 31), 1.0)] for a in rows]
    assert [sorted(f) for f in shown] == [sorted(f) for f in faces]
    b = button(table, "meld:1")
    assert b is not None and b.label == "Four aces"
    click(app, (b.box.cx, b.box.cy))
    wait_rest(app)
    assert sorted(c & 31 for c in table.session.state.tables[0]) == sorted(faces[1])


def test_the_seven_row_shows_the_seven_the_rules_would_exchange():
    """The seven's row carries its card (asked of the rules: the exchange is tried on a copy of the game), the card
    the table lights in the hand while the row is hovered."""
    import random
    from types import SimpleNamespace

    from bezique.presenter.session import GameSession
    from bezique.rules import SEVEN, RecordedGame, Verb, legal_actions, make_ruleset, rank_of, shuffled_deck, suit_of
    from bezique.ui.table.decl_panel import seven_cards

    rules = make_ruleset("two_handed", {})
    for seed in range(40):
        rng = random.Random(seed)
        game = RecordedGame.new(rules, [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}], 0, seed)
        game.start_deal(shuffled_deck(rules, rng))
        for _ in range(200):
            legal = legal_actions(game.state)
            if any(a.verb == Verb.EXCHANGE_SEVEN for a in legal) or not legal:
                break
            game.act(rng.choice(legal))
        if any(a.verb == Verb.EXCHANGE_SEVEN for a in legal_actions(game.state)):
            break
    state = game.state
    before = list(state.hands[state.step_actor])
    session = GameSession.from_game(game)
    view = SimpleNamespace(session=session, screen=session.screen(state.step_actor))
    (seven,) = seven_cards(view)
    assert rank_of(seven) == SEVEN and suit_of(seven) == state.trump and seven in before
    assert state.hands[state.step_actor] == before  # the game itself is untouched
