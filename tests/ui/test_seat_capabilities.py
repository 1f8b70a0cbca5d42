"""A seat of a game held elsewhere offers the table none of the capabilities a game at this screen has, and the
real table does without each as the player would expect: Undo is greyed and says why (the network), no computer
is seated here (the host's play their own seats), the card tracker marks nothing assisted (the record is the
host's), and the scoreboard offers no review of the deal even under a host that could show one; the one-screen
table of the same game offers them all."""

import random

import pygame
import pytest
from frame_driver import seat_scene
from ui_driver import button, key, make_app, move, step, wait_rest

from bezique.i18n import t
from bezique.rules import SeatKind
from bezique.ui.shutdown import quit_pygame
from bezique.ui.table.overlays import ResultOverlay
from bezique.ui.table.status import status_face

pytestmark = pytest.mark.usefixtures("pygame_quit")


def test_a_seat_s_table_greys_undo_for_the_network_and_seats_no_computer() -> None:
    app, table = seat_scene("two_handed", 3)
    wait_rest(app)
    assert table.human_turn()
    undo = button(table, "undo")
    assert undo is not None and not undo.enabled
    move(app, (undo.box.cx, undo.box.cy))
    assert table.controls.disabled_reason("undo") == t("table.undo_network", "en")
    assert table.turns.players == {} and table.session.seats[1].kind == SeatKind.AI


def test_the_tracker_marks_a_game_here_assisted_and_a_seat_of_one_held_elsewhere_not() -> None:
    for seat in (False, True):
        app, table = seat_scene("two_handed", 3) if seat else make_app(seed=3, variant="two_handed")
        wait_rest(app)
        key(app, pygame.K_c)
        app.tick(1 / 60)
        assert table.tracker.box() is not None  # the tracker shows at both
        assert status_face(table.readout).assisted == (None if seat else t("table.assisted", "en"))
        quit_pygame()


def test_the_scoreboard_of_a_seat_s_table_offers_no_review_where_the_one_screen_table_does() -> None:
    for seat in (False, True):
        app, table = seat_scene("two_handed", 3, bare=True) if seat else make_app(seed=3, variant="two_handed")
        assert table.host is not None and hasattr(table.host, "open_review")
        rng = random.Random(3)
        while not isinstance(app.stack.top, ResultOverlay):
            step(app, rng)
        wait_rest(app)
        assert (app.stack.top.on_review is None) == seat
        quit_pygame()
