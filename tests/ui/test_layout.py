"""The layout is pure geometry: every zone inside the window and clear of the others, from 1024×640 to 4K."""

import pytest

from bezique.presenter.layout import Layout, card_box

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080), (3840, 2160), (1280, 1024)]


def inside(box, w, h):
    return box.x >= 0 and box.y >= 0 and box.right <= w + 0.5 and box.bottom <= h + 0.5


@pytest.mark.parametrize("size", SIZES)
def test_zones_inside_and_apart(size):
    w, h = size
    L = Layout.for_size(w, h)
    zones = {"opp_badge": L.opp_badge, "my_badge": L.my_badge, "status": L.status, "opp_hand": L.opp_hand,
             "opp_melds": L.opp_melds, "stock": L.stock, "trick": L.trick, "won": L.won, "my_melds": L.my_melds,
             "prompt": L.prompt, "hand": L.hand}
    for name, box in zones.items():
        assert inside(box, w, h), (name, box)
    apart = [("opp_hand", "opp_melds"), ("opp_melds", "trick"), ("trick", "my_melds"), ("my_melds", "prompt"),
             ("prompt", "hand"), ("stock", "trick"), ("trick", "won"), ("opp_badge", "stock"),
             ("stock", "my_badge"), ("status", "won"), ("hand", "my_badge")]
    for a, b in apart:
        assert not zones[a].intersects(zones[b]), (a, b)
    assert len(L.buttons) == 4  # hint, undo, log, menu
    for button in L.buttons:
        assert inside(button, w, h)
        assert not button.intersects(L.hand)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [1, 5, 8, 9, 12])
def test_hand_fits_and_is_ordered(size, n):
    w, h = size
    L = Layout.for_size(w, h)
    slots = L.hand_slots(n)
    assert len(slots) == n
    xs = [s.cx for s in slots]
    assert xs == sorted(xs)
    for slot in slots:
        assert inside(card_box(slot), w, h)
        assert inside(card_box(slot, lift=18 * L.s), w, h)
    for slot in L.opp_hand_slots(n):
        assert inside(card_box(slot), w, h)


def test_scales_with_the_window():
    small, big = Layout.for_size(1280, 720), Layout.for_size(3840, 2160)
    assert big.hand_h == pytest.approx(3 * small.hand_h, abs=2)
    assert small.hand_h > small.mid_h > small.small_h


@pytest.mark.parametrize("groups", [[2], [2, 4, 5], [5, 4, 4, 2, 2, 2]])
def test_meld_groups_stay_in_their_zone(groups):
    L = Layout.for_size(1024, 640)
    rows = L.meld_slots(L.my_melds, groups)
    assert [len(r) for r in rows] == groups
    for row in rows:
        for slot in row:
            box = card_box(slot)
            assert box.x >= L.my_melds.x - 1 and box.right <= L.my_melds.right + 1


def test_trick_and_stock_slots():
    L = Layout.for_size(1280, 720)
    assert L.trick.contains(L.trick_slot(0, True).cx, L.trick_slot(0, True).cy)
    assert L.trick_slot(0, True).cx < L.trick_slot(1, False).cx
    assert L.stock.contains(L.turn_up_slot().cx, L.turn_up_slot().cy)
    assert L.won.contains(L.won_slot(True).cx, L.won_slot(True).cy)


def test_two_handed_won_piles_mirror_the_seats():
    """The viewer's tricks pile low (near their hand), the opponent's high, whichever way the seat is named."""
    L = Layout.for_size(1280, 720, 2)
    assert L.won_slot(0).cy > L.won_slot(1).cy
    assert L.won_slot(True).cy == L.won_slot(0).cy and L.won_slot(False).cy == L.won_slot(1).cy


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_declaration_panel_hides_no_melds(players, size):
    """The panel lies where the trick was, between the melds above and the player's own below, clear of every
    seat's meld zone and of the side columns, and still tall enough for a title, a meld row and Draw."""
    from bezique.ui.table.decl_panel import decl_geometry, rows_that_fit

    w, h = size
    L = Layout.for_size(w, h, players)
    panel = L.decl_panel
    assert inside(panel, w, h)
    for seat in L.seats:
        assert not panel.intersects(seat.melds), seat.pos
        assert not panel.intersects(seat.badge), seat.pos
    for zone in (L.stock, L.won, L.status, L.prompt, L.hand):
        assert not panel.intersects(zone)
    geo = decl_geometry(panel, L.s, melds=12, extras=2)  # more melds than fit: the arrows show
    assert rows_that_fit(panel, L.s) >= 2 and len(geo.rows) >= 2
    for box in [*geo.rows, *geo.extras, geo.done, geo.up, geo.down]:
        assert box is not None and panel.contains(box.x, box.y) and box.right <= panel.right
        assert box.bottom <= panel.bottom
    parts = [*geo.rows, *geo.extras, geo.done]
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.intersects(b)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("size", SIZES)
def test_a_table_with_a_chat_keeps_its_tab_room_clear_above_the_buttons(players, size):
    """A game on several computers has a chat tab above the buttons: the tricks won (and their Last trick button)
    end above that room at every size, and the rest of the table is the same as without a chat."""
    from bezique.presenter.layout import CHAT_ROOM
    from bezique.ui.kit.chat_layout import TAB_H
    plain, chat = Layout.for_size(*size, players), Layout.for_size(*size, players, chat=True)
    s = chat.s
    tab_top = min(b.y for b in chat.buttons) - 8 * s - TAB_H * s  # where the network table puts the tab
    assert chat.won.bottom <= tab_top and chat.peek_button().bottom <= tab_top
    assert CHAT_ROOM >= TAB_H + 8
    assert (chat.hand, chat.trick, chat.stock, chat.status, chat.buttons) == \
        (plain.hand, plain.trick, plain.stock, plain.status, plain.buttons)


@pytest.mark.parametrize("size", [(1024, 600), (1024, 640), (1088, 640), (1280, 720), (1632, 918), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_lifted_card_stays_clear_of_the_prompt(size, players):
    """The card under the pointer (or the focus) lifts (``lift_of``): never into the prompt line, so the turn's
    words are never hidden by it, and always visibly (the hands of 8, 9 and 12 cards, at both card sizes)."""
    for card_scale in (1.0, 1.25):
        L = Layout.for_size(*size, players, card_scale)
        for n in (8, 9, 12):
            for slot in L.hand_slots(n):
                lift = L.lift_of(slot)
                assert card_box(slot, lift).y >= L.prompt.bottom - 0.5, (card_scale, n)
                assert lift >= 8 * L.s, (card_scale, n)


def test_a_meld_card_above_the_prompt_lifts_in_full():
    from bezique.presenter.layout import LIFT

    L = Layout.for_size(1280, 720)
    slot = L.meld_slots(L.my_melds, [2])[0][0]
    assert L.lift_of(slot) == LIFT * L.s
