"""The table draws a game the same whoever holds it: the one-screen table of a game (``GameSession``) and the table
of a seat of the same game held elsewhere (``SeatSession``, its updates from a host in this process) show the same
frame at each scripted moment (a lead from the stock, a declaration, the seven's exchange, the last eight, a
scoreboard), for a two-handed game and a four-handed one. What the table asks of its game is one seam for both, so
a change to it that draws either table differently shows here, whatever the table's look (``frame_driver``)."""

import pytest
from frame_driver import GAMES, MOMENTS, one_screen, seat_table


@pytest.mark.parametrize(("variant", "seed"), GAMES)
def test_a_seat_s_table_draws_every_moment_as_the_one_screen_table_of_the_same_game(variant: str, seed: int) -> None:
    screen = one_screen(variant, seed, bare=False)
    assert set(screen) == set(MOMENTS)
    assert len(set(screen.values())) == len(MOMENTS)  # five different pictures: the frames are of the moments
    assert seat_table(variant, seed) == screen
