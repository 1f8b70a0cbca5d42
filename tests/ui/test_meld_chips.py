"""The melds on the table: groups in rank order (a sequence reads A 10 K Q J), one caption per group naming its melds
and points in the player's language, shortened to fit, and a card in two melds marked once per other meld."""

import itertools

import pytest

from bezique.presenter.layout import Box, Layout, card_box
from bezique.presenter.meld_groups import group_melds, marked_records, shared_marks
from bezique.rules import parse_card
from bezique.ui.table.meld_chips import caption_forms, fit_caption, place_captions


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


def test_a_sequence_after_its_royal_marriage_is_one_group_in_rank_order():
    marriage, sequence = cards("KS#0 QS#0"), cards("AS#0 TS#0 KS#0 QS#0 JS#0")
    records = [(0, "royal_marriage", marriage, 40), (0, "trump_sequence", sequence, 250)]
    table = [*marriage, *cards("AS#0 TS#0 JS#0")]
    groups = group_melds(records, 0, table)
    assert len(groups) == 1
    assert groups[0].cards == list(cards("AS#0 TS#0 KS#0 QS#0 JS#0"))
    assert groups[0].records == [1, 0]  # the sequence's caption, then the marriage inside it
    assert shared_marks(records, groups) == {}


def test_a_card_in_two_melds_lies_once_and_is_marked_for_the_other():
    queens = cards("QS#0 QH#0 QC#0 QD#0")
    bezique = cards("QS#0 JD#0")
    records = [(0, "bezique_1", bezique, 40), (0, "four_queens", queens, 60), (1, "four_aces", cards("AS#0"), 100)]
    groups = group_melds(records, 0, [*bezique, *queens[1:]])
    assert [g.records for g in groups] == [[1], [0]]  # the highest-scoring group first
    assert groups[0].cards == list(queens) and groups[1].cards == list(cards("JD#0"))
    marks = shared_marks(records, groups)
    assert marks == {parse_card("QS#0"): [0]}  # the queen of spades carries the bezique's mark
    assert marked_records(marks) == {0}


def test_a_meld_with_every_card_played_names_nothing():
    records = [(0, "common_marriage", cards("KH#0 QH#0"), 20), (0, "four_kings", cards("KS#0 KH#0 KC#0 KD#0"), 80)]
    groups = group_melds(records, 0, list(cards("KS#0 KC#0 KD#0")))  # KH played: the marriage has no card left
    assert [g.records for g in groups] == [[1]]


@pytest.mark.parametrize("lang, full", [("en", "Sequence 250 · Royal marriage 40"),
                                        ("it", "Scala 250 · Matrimonio reale 40")])
def test_caption_forms_from_fullest_to_points(lang, full):
    records = [(0, "trump_sequence", (), 250), (0, "royal_marriage", (), 40)]
    forms = caption_forms(records, lang)
    assert forms[0] == full
    assert forms[-1] == "250 +40"
    assert fit_caption(forms, 10_000, len) == forms[0]
    assert fit_caption(forms, len(forms[1]), len) == forms[1]
    assert fit_caption(forms, 3, len) == "250 +40"  # the points stay, however tight


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_captions_sit_under_their_cards_inside_the_zone_and_apart(size, players):
    L = Layout.for_size(*size, players=players)
    for rel in range(players):
        zone = L.melds_of(rel)
        rows = L.meld_rows(zone, [5, 4, 2, 2])
        captions = [cap for _slots, cap in rows]
        for slots, cap in rows:
            assert cap.x >= zone.x - 1 and cap.right <= zone.right + 1 and cap.bottom <= zone.bottom + 1
            for slot in slots:
                box = card_box(slot)
                assert box.bottom <= cap.y + 1 and cap.x - 1 <= box.x and box.right <= cap.right + 1
        for a, b in itertools.pairwise(captions):
            assert a.right <= b.x


def test_a_marriage_gets_room_for_its_name_when_the_row_has_it():
    L = Layout.for_size(1280, 720)
    rows = L.meld_rows(L.my_melds, [2, 2])
    assert all(cap.w >= 120 * L.s for _slots, cap in rows)


def test_the_same_meld_made_again_reads_once_with_its_count():
    records = [(0, "four_queens", (), 60)] * 4 + [(0, "bezique_1", (), 40)] * 2 + [(0, "royal_marriage", (), 40)]
    assert caption_forms(records, "en") == ["Four queens 60 ×4 · Bezique 40 ×2 · Royal marriage 40",
                                            "Four queens 60 ×4 +120", "60 ×4 +120"]  # the others' points together


@pytest.mark.parametrize("lang, full", [("en", "Four queens 60 (1 of 4 left)"),
                                        ("it", "Quattro Regine 60 (1 su 4 in tavola)"),
                                        ("fr", "Quatre dames 60 (encore 1 sur 4)")])
def test_a_meld_whose_cards_were_played_says_how_many_are_left(lang, full):
    """Four queens, three of them played since: the lone queen's caption still names the meld it scored in (its
    history is public) but not as four queens lying there."""
    records = [(0, "four_queens", (10, 11, 12, 13), 60)]
    assert caption_forms(records, lang, on_table={12})[0] == full
    assert caption_forms(records, lang, on_table={10, 11, 12, 13})[0].endswith(" 60")  # all there: as before


def test_a_meld_made_again_with_a_full_set_still_there_reads_as_before():
    """Chinese: four aces made three times, a full four still on the table: "Four aces 100 ×3", nothing left out."""
    records = [(0, "four_aces", (1, 2, 3, 4), 100), (0, "four_aces", (1, 2, 3, 5), 100),
               (0, "four_aces", (1, 2, 6, 7), 100)]
    assert caption_forms(records, "en", on_table={1, 2, 3, 4})[0] == "Four aces 100 ×3"


def test_a_shortened_caption_spreads_into_the_room_its_neighbours_leave():
    """A lone king's "Marriage 20" beside three queens captioned "Four queens 60": the short caption borrows the
    free room on either side, stays centred under its card and never reaches its neighbour's caption."""
    spans = [Box(0, 0, 134, 16), Box(144, 0, 60, 16)]
    forms = [["Four queens 60", "60"], ["Marriage 20", "20"]]
    placed = place_captions(spans, forms, [10, 10], lambda t: 7 * len(t), left=0, right=260)
    (first, a), (second, b) = placed
    assert first == "Four queens 60" and second == "Marriage 20"
    assert a.right <= b.x and b.right <= 260 and b.x <= spans[1].cx <= b.right
    centred = place_captions(spans, forms, [10, 10], lambda t: 7 * len(t), left=0, right=400)[1][1]
    assert centred.cx == spans[1].cx  # centred under its card when the room allows
    tight = place_captions(spans, forms, [10, 10], lambda t: 7 * len(t), left=0, right=204)
    assert tight[1][0] == "20"  # no room beside it: the points stay
