"""The computer's seats have names of their own, picked from the game's seed: every variant, the typed name of the
human seat kept, the same names for the same seed and again when the saved game is continued."""

from __future__ import annotations

import dataclasses

import pytest
from ui_driver import DT, make_app

from bezique.i18n import t
from bezique.i18n.names import COMPUTER_NAMES
from bezique.ui.shell import Shell

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def new_game(shell: Shell, variant: str, seed: int, name: str = ""):
    setup = shell.default_setup()
    setup.variant, setup.seed, setup.target = variant, seed, 1000
    setup.names[0] = name
    return shell.start_game(setup).session


@pytest.mark.parametrize("variant", ["two_handed", "three_handed", "four_handed"])
def test_computer_seats_are_named_from_the_seed(variant):
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant")
    session = new_game(shell, variant, seed=41, name="Margot")
    seats = session.seats
    assert (seats[0].name, seats[0].kind) == ("Margot", "human")  # the typed name stays
    names = [s.name for s in seats[1:]]
    assert all(s.kind == "ai" for s in seats[1:])
    assert len(set(names)) == len(names) and set(names) <= set(COMPUTER_NAMES) and "Margot" not in names
    assert [s.name for s in new_game(shell, variant, seed=41, name="Margot").seats[1:]] == names
    others = {tuple(s.name for s in new_game(shell, variant, seed=seed).seats[1:]) for seed in range(8)}
    assert len(others) > 4  # other seeds, other opponents
    shell.app.tick(DT)


def test_a_continued_game_keeps_its_opponents_names():
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    session = new_game(shell, "three_handed", seed=7)
    names = [s.name for s in session.seats]
    assert names[0] == "You"
    shell.open_menu()
    table = shell.continue_game()
    assert table is not None and [s.name for s in table.session.seats] == names
    table.app.tick(DT)
    assert table.session.seed == 7


def test_the_play_command_and_the_demo_name_their_computers_too():
    _app, table = make_app(variant="four_handed", seed=3)
    names = [s.name for s in table.session.seats]
    assert names[0] == "You" and set(names[1:]) <= set(COMPUTER_NAMES) and len(set(names)) == 4
    demo_app, demo = make_app(seed=3, demo=True)
    assert all(s.kind == "ai" and s.name in COMPUTER_NAMES for s in demo.session.seats)
    demo_app.tick(DT)


@pytest.mark.parametrize(("language", "you", "player2"), [("it", "Tu", "Giocatore 2"), ("en", "You", "Player 2")])
def test_open_table_names_the_seats_in_the_players_language(language, you, player2):
    """``open_table`` (the ``demo`` command, the tests) names the human seat in the language of the settings, as
    New game does: it was "You" in every language."""
    app, table = make_app(variant="four_handed", seed=3, language=language)
    assert app.lang == language and table.session.seats[0].name == you
    _hot_app, hot = make_app(hotseat=True, seed=3, language=language)
    assert [s.name for s in hot.session.seats] == [t("newgame.player_name", language, number=1), player2]
    app.tick(DT)


def test_new_game_names_the_player_in_italian():
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.app.lang = "it"
    assert new_game(shell, "two_handed", seed=5).seats[0].name == "Tu"
    assert new_game(shell, "two_handed", seed=5, name="  Margot ").seats[0].name == "Margot"


def test_default_names_follow_the_language_of_the_window():
    """A game started in English keeps no "You" once the window speaks Italian (typed and computer names stay)."""
    from bezique.i18n.names import default_name_in
    assert default_name_in("You", "it") == "Tu" and default_name_in("Tu", "en") == "You"
    assert default_name_in("Giocatore 2", "en") == "Player 2" and default_name_in("Beppe", "it") == "Beppe"
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    session = new_game(shell, "two_handed", seed=7)
    assert session.seats[0].name == "You"
    computer = session.seats[1].name
    assert shell.apply(dataclasses.replace(shell.settings, language="it"), shell.ai) is None
    assert [s.name for s in session.seats] == ["Tu", computer]
    shell.open_menu()
    table = shell.continue_game()  # the save still says "You": the table reads it in Italian
    assert table is not None and table.session.seats[0].name == "Tu"
    table.app.tick(DT)
