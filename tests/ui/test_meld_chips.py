"""The badges on melded cards: a card in two melds gets two whole badges, stacked, never one on top of another."""

from bezique.presenter.layout import Layout, card_box
from bezique.ui.table.meld_chips import stack_chips


def measure(text: str, size: int) -> tuple[int, int]:
    """A stand-in for the font: bold capitals and digits about 0.62 em wide."""
    return round(len(text) * 0.62 * size), size


def test_a_card_in_two_melds_gets_two_whole_badges_stacked():
    L = Layout.for_size(1280, 720)
    row = L.meld_slots(L.my_melds, [2, 3])  # royal marriage K Q, then three more queens: the Q is in both
    queen, next_card = card_box(row[0][1]), card_box(row[1][0])
    room = next_card.x - queen.x - 2 * L.s  # what the queen's neighbour leaves visible of it
    chips = stack_chips(queen.x, queen.bottom, room, ["RM", "4Q"], measure, L.s)
    assert [c.text for c in chips] == ["RM", "4Q"]  # each label whole, in its own badge, oldest on top
    assert not any(c.cut for c in chips)
    top, bottom = chips
    assert not top.box.intersects(bottom.box) and top.box.bottom <= bottom.box.y
    assert bottom.box.y >= queen.bottom  # the last hangs under the card, the first sits over its lower edge
    assert top.box.y > queen.y + queen.h / 2
    for chip in chips:
        assert chip.box.x == queen.x and chip.box.w <= room


def test_badges_of_neighbouring_cards_stay_apart():
    L = Layout.for_size(1024, 640)
    row = L.meld_slots(L.my_melds, [4])[0]
    boxes = [card_box(slot) for slot in row]
    chips = []
    for i, box in enumerate(boxes):
        room = (boxes[i + 1].x - box.x - 2 * L.s) if i + 1 < len(boxes) else box.w
        chips += stack_chips(box.x, box.bottom, room, ["Seq", "4K", "RM"][: 1 + i % 3], measure, L.s)
    for i, a in enumerate(chips):
        for b in chips[i + 1:]:
            assert not a.box.intersects(b.box), (a, b)


def test_no_badge_in_a_strip_too_narrow_for_text():
    assert stack_chips(0, 100, 6, ["4Q", "RM"], measure, 1.0) == []
    assert stack_chips(0, 100, 80, [], measure, 1.0) == []


def test_one_type_size_per_card_and_clipping_only_as_a_last_resort():
    wide = stack_chips(0, 100, 40, ["RM", "Seq"], measure, 1.0)  # "Seq" needs the smaller type: both take it
    assert len({c.size for c in wide}) == 1 and not any(c.cut for c in wide)
    tight = stack_chips(0, 100, 16, ["2Bz", "RM"], measure, 1.0)
    assert [c.text for c in tight] == ["2Bz", "RM"] and all(c.box.w <= 16 for c in tight)
    assert tight[0].cut
