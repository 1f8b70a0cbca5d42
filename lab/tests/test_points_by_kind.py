"""``lab/points_by_kind.py``: each seat's deal split by meld kind and the rest adds up to its score, and the
stock-phase facts are those of the deal."""

from __future__ import annotations

from lab_scripts import load_script


def test_the_kinds_add_up_to_each_seats_score() -> None:
    tool = load_script("points_by_kind")
    by_level = tool.tally("beginner", "intermediate", 2, 5, {})
    assert len(by_level["A"]) == len(by_level["B"]) == 4  # two decks, both seatings
    for a, b in zip(by_level["A"], by_level["B"], strict=True):
        for seat in (a, b):
            kinds = {k: v for k, v in seat.points.items() if k != tool.TOTAL}
            assert sum(kinds.values()) == seat.points[tool.TOTAL] > 0
            assert seat.points[tool.REST] >= 0  # brisques and the last trick are never negative
        assert a.stock_tricks + b.stock_tricks == 24  # two-handed: a stock of 48 cards, two drawn a trick
    # a deck, its levels and the seed make the deal: the same points again
    levels = ("beginner", "intermediate")
    assert tool.play_deal(levels, 0, 5, {}) == tool.play_deal(levels, 0, 5, {})


def test_the_report_names_every_kind_and_the_difference(capsys) -> None:
    tool = load_script("points_by_kind")
    assert tool.main(["--a", "beginner", "--b", "intermediate", "--deals", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in out[2:]}
    a, b, diff = (float(x) for x in rows["total"][:3])
    assert abs(a - b - diff) < 0.051
    assert "rest" in rows and "stock" in rows and "unmelded" in rows


def test_an_unknown_level_is_named(capsys) -> None:
    tool = load_script("points_by_kind")
    assert tool.main(["--a", "grandmaster", "--deals", "1"]) == 2
    assert "grandmaster" in capsys.readouterr().err
