"""The scoreboard at the end of the game: the deal-by-deal table for two, three and four players, on every screen
from 1024×640 to 4K, drawn beside the columns and clear of the buttons."""

import random

import pytest
from ui_driver import DT, make_app

from bezique.ui.table.scene import TableScene
from bezique.ui.table.scoreboard import ResultOverlay

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)]
FINISHED: dict[str, object] = {}


def finished_board(variant, size, seed=5):
    """The game-over scoreboard of a game played out by random legal moves (kept between sizes)."""
    app, table = make_app(variant=variant, seed=seed, size=size)
    session = FINISHED.get(variant)
    if session is None:
        session = table.session
        rng = random.Random(seed)
        while not session.over:
            if session.awaiting_deal:
                session.start_deal()
            else:
                session.act(rng.choice(session.legal()))
        FINISHED[variant] = session
    session.resumed = True  # the table rebuilds a finished game, as from a save, and opens the scoreboard
    app.stack.clear()
    app.push(TableScene(app, session, table.opt))
    for _ in range(5):
        app.tick(DT)
    board = app.stack.top
    assert isinstance(board, ResultOverlay) and board.game_over
    return app, board


def text_pixels(surface, box):
    """How many pixels in `box` are light, as the table's digits and names are."""
    count = 0
    for x in range(int(box.x) + 2, int(box.right) - 2, 2):
        for y in range(int(box.y) + 2, int(box.bottom) - 2, 2):
            r, g, b, *_ = surface.get_at((x, y))
            count += r + g + b > 450
    return count


@pytest.mark.parametrize("size", SIZES)
def test_three_handed_game_over_has_the_deal_by_deal_table(size):
    app, board = finished_board("three_handed", size)
    session = board.table.session
    state = session.state
    heads, rows, totals = board.deal_table()
    viewer = board.table.viewer
    assert heads == [[session.seats[seat].name] for seat in [viewer, *board.table.model.others]]
    assert len(rows) == board.deal + 1 >= 2  # a row a deal (the last may be cut short), a number for each of three
    assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
    assert all(len(row) == 4 for row in rows)
    assert totals == [state.scores[seat] for seat in [viewer, *board.table.model.others]]
    assert [sum(row[j] for row in rows) for j in (1, 2, 3)] == totals
    w, h = size
    box, nb, _ = board._boxes()
    tb = board.deal_table_box()
    assert box.x <= tb.x and tb.right <= box.right and box.y <= tb.y and tb.bottom <= nb.y
    assert box.x >= 0 and box.right <= w and box.y >= 0 and box.bottom <= h
    assert tb.w >= 300 * min(w / 1280, h / 720)
    # drawn: the rows of numbers light up the table's panel, below its heading
    rows_box = type(tb)(tb.x, tb.y + 70 * tb.h / 450, tb.w, 22 * len(rows) * tb.h / 450)
    app.tick(DT)
    assert text_pixels(app.screen, rows_box) > 20 * len(rows)


def test_four_handed_game_over_counts_by_side():
    app, board = finished_board("four_handed", (1280, 720))
    table = board.table
    session = table.session
    partner = (table.viewer + 2) % 4
    groups = board.groups()
    assert len(groups) == 2 and groups[0] == [table.viewer, partner]
    heads, rows, totals = board.deal_table()
    assert heads[0] == [session.seats[table.viewer].name, session.seats[partner].name]
    assert all(len(row) == 3 for row in rows) and totals == list(session.state.scores)
    app.tick(DT)


def test_two_handed_game_over_keeps_its_table():
    app, board = finished_board("two_handed", (1024, 640))
    heads, rows, totals = board.deal_table()
    assert len(heads) == 2 and all(len(row) == 3 for row in rows) and totals == list(board.table.session.state.scores)
    app.tick(DT)
    assert board.deal_table_box().w == pytest.approx(410 * 0.8)


def test_the_scoreboard_panel_is_opaque():
    """Nothing of the table shows through the scoreboard: drawn over two very different backgrounds, the panel's
    inside is the same pixel for pixel."""
    import pygame

    app, board = finished_board("two_handed", (1280, 720))
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
    pygame.quit()


def test_one_seven_of_trumps_reads_singular_two_are_counted():
    """A single seven of trumps is "Seven of trumps" (never "Sevens"), in both languages; two read ×2."""
    from bezique.ui.table.scoreboard import deal_lines, line_label

    log = [(0, 0, 0, "seven_of_trumps", 10), (0, 1, 1, "common_marriage", 20), (0, 1, 1, "seven_of_trumps", 10),
           (0, 1, 1, "seven_of_trumps", 10), (0, 0, 0, "last_trick", 10)]
    assert deal_lines(log, 0, 0) == [("seven_of_trumps", 1, 10), ("last_trick", 1, 10)]
    assert deal_lines(log, 0, 1) == [("common_marriage", 1, 20), ("seven_of_trumps", 2, 20)]
    assert line_label("seven_of_trumps", 1, "en") == "Seven of trumps"
    assert line_label("seven_of_trumps", 2, "en") == "Seven of trumps  ×2"
    assert line_label("seven_of_trumps", 1, "it") == "7 di briscola"
    assert line_label("seven_of_trumps", 2, "it") == "7 di briscola  ×2"
