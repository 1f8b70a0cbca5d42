"""The scoreboard at the end of the game: the deal-by-deal table for two, three and four players, on every screen
from 1024×640 to 4K, drawn beside the columns and clear of the buttons."""

import random

import pygame
import pytest
from ui_driver import DT, make_app

from bezique.ui.shutdown import quit_pygame
from bezique.ui.table import deal_table
from bezique.ui.table.scene import TableScene
from bezique.ui.table.scoreboard import ResultOverlay

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)]
FINISHED: dict[str, object] = {}


def finished_board(variant, size, seed=5):
    """The game-over scoreboard of a game played out by random legal moves (kept between sizes), and its table."""
    app, table = make_app(variant=variant, seed=seed, size=size)
    session = FINISHED.get(variant)
    if session is None:
        session = table.session
        rng = random.Random(seed)
        while not session.over:
            if session.awaiting_deal:
                session.start_deal()
            else:
                session.make_move(rng.choice(session.legal()))
        FINISHED[variant] = session
    session.resumed = True  # the table rebuilds a finished game, as from a save, and opens the scoreboard
    app.stack.clear()
    table = TableScene(app, session, table.opt)
    app.push(table)
    for _ in range(5):
        app.tick(DT)
    board = app.stack.top
    assert isinstance(board, ResultOverlay) and board.game_over
    return app, table, board


def drawn_texts(monkeypatch) -> list:
    """(text, rect) of every line the deal-by-deal table draws from now on."""
    drawn = []
    real = deal_table.blit_text

    def spy(surface, assets, text, *args, **kwargs):
        rect = real(surface, assets, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(deal_table, "blit_text", spy)
    return drawn


@pytest.mark.parametrize("size", SIZES)
def test_three_handed_game_over_has_the_deal_by_deal_table(size, monkeypatch):
    app, table, board = finished_board("three_handed", size)
    session = table.session
    state = session.state
    heads, rows, totals = board.deal_table()
    viewer = table.stage.viewer
    assert heads == [[session.seats[seat].name] for seat in [viewer, *table.stage.model.others]]
    assert len(rows) == board.deal + 1 >= 2  # a row a deal (the last may be cut short), a number for each of three
    assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
    assert all(len(row) == 4 for row in rows)
    assert totals == [state.scores[seat] for seat in [viewer, *table.stage.model.others]]
    assert [sum(row[j] for row in rows) for j in (1, 2, 3)] == totals
    w, h = size
    box, nb, _ = board._boxes()
    tb = board.deal_table_box()
    assert box.x <= tb.x and tb.right <= box.right and box.y <= tb.y and tb.bottom <= nb.y
    assert box.x >= 0 and box.right <= w and box.y >= 0 and box.bottom <= h
    assert tb.w >= 300 * min(w / 1280, h / 720)
    # drawn: every deal's numbers and the totals, in the table's panel, below its heading and its column names
    drawn = drawn_texts(monkeypatch)
    app.draw()
    numbers = [(text, rect) for text, rect in drawn if text.isdigit()]
    assert [text for text, _ in numbers] == [str(n) for row in rows for n in row] + [str(n) for n in totals]
    names = max(rect.bottom for text, rect in drawn if text in {name for head in heads for name in head})
    assert all(tb.x <= rect.x and rect.right <= tb.right and names < rect.y and rect.bottom <= tb.bottom
               for _, rect in numbers)


def test_four_handed_game_over_counts_by_side():
    app, table, board = finished_board("four_handed", (1280, 720))
    session = table.session
    partner = (table.stage.viewer + 2) % 4
    groups = board.groups()
    assert len(groups) == 2 and groups[0] == [table.stage.viewer, partner]
    heads, rows, totals = board.deal_table()
    assert heads[0] == [session.seats[table.stage.viewer].name, session.seats[partner].name]
    assert all(len(row) == 3 for row in rows) and totals == list(session.state.scores)
    app.tick(DT)


def test_two_handed_game_over_keeps_its_table():
    app, table, board = finished_board("two_handed", (1024, 640))
    heads, rows, totals = board.deal_table()
    assert len(heads) == 2 and all(len(row) == 3 for row in rows) and totals == list(table.session.state.scores)
    app.tick(DT)
    assert board.deal_table_box().w == pytest.approx(410 * 0.8)


def test_the_scoreboard_panel_is_opaque():
    """Nothing of the table shows through the scoreboard: drawn over two very different backgrounds, the panel's
    inside is the same pixel for pixel."""

    app, _table, board = finished_board("two_handed", (1280, 720))
    box, _, _ = board._boxes()
    board.time = 10.0  # after the confetti
    shots = []
    for colour in ((255, 0, 255), (0, 255, 0)):
        surface = pygame.Surface(app.size)
        surface.fill(colour)
        board.draw(surface)
        inner = pygame.Rect(int(box.x) + 16, int(box.y) + 16, int(box.w) - 32, int(box.h) - 32)
        shots.append(pygame.image.tobytes(surface.subsurface(inner), "RGB"))
    assert shots[0] == shots[1]
    quit_pygame()


def test_one_seven_of_trumps_reads_singular_two_are_counted():
    """A single seven of trumps is "Seven of trumps" (never "Sevens"), in both languages; two read ×2."""
    from bezique.ui.table.score_columns import deal_lines, line_label

    log = [(0, 0, 0, "seven_of_trumps", 10), (0, 1, 1, "common_marriage", 20), (0, 1, 1, "seven_of_trumps", 10),
           (0, 1, 1, "seven_of_trumps", 10), (0, 0, 0, "last_trick", 10)]
    assert deal_lines(log, 0, 0) == [("seven_of_trumps", 1, 10), ("last_trick", 1, 10)]
    assert deal_lines(log, 0, 1) == [("common_marriage", 1, 20), ("seven_of_trumps", 2, 20)]
    assert line_label("seven_of_trumps", 1, "en") == "Seven of trumps"
    assert line_label("seven_of_trumps", 2, "en") == "Seven of trumps  ×2"
    assert line_label("seven_of_trumps", 1, "it") == "7 di briscola"
    assert line_label("seven_of_trumps", 2, "it") == "7 di briscola  ×2"


@pytest.mark.parametrize("variant", ["rubicon", "chinese"])
def test_settled_games_table_rows_add_up_to_the_total(variant):
    """Rubicon / Chinese: the match scores are the settlements, so each row is what its deal's settlement gave
    (not the raw points and brisques beside it), and the rows add up to the Total row."""
    app, table, board = finished_board(variant, (1280, 720))
    _heads, rows, totals = board.deal_table()
    assert board.settled
    assert [sum(row[j] for row in rows) for j in range(1, len(totals) + 1)] == totals
    settled = [past.settlement for past in table.session.state.past_deals]
    for row, st in zip(rows, settled, strict=False):
        if st is not None:
            assert sorted(row[1:]) == sorted(st.settled)
    app.tick(DT)


def test_every_score_of_a_long_deal_is_named(monkeypatch):
    """More scores than the column has lines: the biggest on a line each, the rest named together (never one
    unnamed "other scores" line), their points added."""
    from text_spy import drawn_texts as rendered

    from bezique.ui.table import score_columns

    many = [("bezique", 1, 40), ("four_kings", 1, 80), ("common_marriage", 3, 60), ("royal_marriage", 1, 40),
            ("seven_of_trumps", 1, 10), ("last_trick", 1, 10), ("four_jacks", 1, 40), ("sequence", 1, 250)]
    monkeypatch.setattr(score_columns, "deal_lines", lambda *_args: list(many))
    app, _table, board = finished_board("two_handed", (1280, 720))
    board.time = 10.0
    drawn = rendered(app)
    assert not any(text.endswith("…") for text in drawn)  # whole, on as many lines as the names take
    texts = " ".join(drawn)
    for kind, times, _points in many:
        name = "Last trick" if kind == "last_trick" else score_columns.line_label(kind, times, "en")
        assert name in texts, name
    assert "+100" in texts  # the four smallest (40, 40, 10 and 10), named together on the last lines
    quit_pygame()
