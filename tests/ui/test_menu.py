"""The main menu, driven with real pygame events: one highlight however the player came back to it, a Continue that
says which game it continues, the About line with the version, and New game's question whose default keeps the
saved game (issue 16, "Smaller things seen"; issue 14, the version in the window)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from datetime import datetime

import pygame
import pytest
from text_spy import drawn_texts, spy_on_blit_text
from ui_driver import DT, click, key, move, table_of

from bezique import __version__
from bezique.i18n import t
from bezique.persist import saves
from bezique.presenter.setup import GameSetup
from bezique.rules import legal_actions
from bezique.ui.kit.widgets import Button
from bezique.ui.scenes.forms import ConfirmScene
from bezique.ui.scenes.menu import MenuScene, SavedGame, saved_game_line
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import SettingsScene
from bezique.ui.shell import Shell

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def make_shell(lang: str = "en") -> Shell:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast")
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def highlighted(menu: MenuScene) -> list[str]:
    """The buttons drawn gold (primary and enabled): the menu's highlight."""
    return [b.action for b in menu.buttons() if b.primary and b.enabled]


def start_and_leave_a_game(shell: Shell, level: str = "beginner") -> None:
    setup = GameSetup(level=level, variant="two_handed", target=1000, names=["Ada", "", "", ""], seed=5)
    shell.start_game(setup)
    game = table_of(shell.app).session.game
    rng = random.Random(3)
    while not game.state.scores[0] or not game.state.scores[1]:  # both sides score: legal moves, as if played
        game.act(rng.choice(legal_actions(game.state)))
    shell._changed(table_of(shell.app).session)  # saved as after any action
    shell.open_menu()
    shell.app.tick(DT)


def test_coming_back_from_settings_shows_one_highlight_where_the_pointer_is() -> None:
    shell = make_shell()
    app = shell.app
    menu = app.stack.top
    assert highlighted(menu) == ["new"]
    settings = next(b for b in menu.buttons() if b.action == "settings")
    click(app, (settings.box.cx, settings.box.cy))
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    assert highlighted(menu) == ["settings"]
    quit_button = next(b for b in menu.buttons() if b.action == "quit")
    move(app, (int(quit_button.box.cx), int(quit_button.box.cy)))
    assert highlighted(menu) == ["quit"]
    key(app, pygame.K_UP)
    assert highlighted(menu) == [[b.action for b in menu.buttons()][-2]]  # the button above Quit


@pytest.mark.parametrize("lang", ["en", "it"])
def test_continue_says_which_game_it_continues(lang: str) -> None:
    shell = make_shell(lang)
    start_and_leave_a_game(shell)
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene) and menu.can_continue and highlighted(menu) == ["continue"]
    saved = menu.saved
    assert saved is not None and saved.variant == "two_handed" and saved.level == "beginner"
    game = saves.load_saved_game().game
    assert game is not None and game.state.scores[0] > 0
    assert saved.scores == (("Ada", game.state.scores[0]), (game.players[1]["name"], game.state.scores[1]))
    assert saved.saved_at is not None and saved.saved_at.date() == datetime.now().date()
    line = saved_game_line(saved, lang)
    for part in (t("variant.two_handed", lang), t("level.beginner", lang), f"Ada {saved.scores[0][1]}",
                 f"{saved.scores[1][0]} {saved.scores[1][1]}",
                 t("menu.saved_today", lang, time=saved.saved_at.strftime("%H:%M"))):
        assert part in line, part


def test_the_saved_line_words_other_days_and_games_between_people() -> None:
    now = datetime(2026, 12, 2, 9, 30)
    between_people = SavedGame("rubicon", None, (("Ada", 1200), ("Bea", 900)), datetime(2026, 12, 1, 22, 5))
    line = saved_game_line(between_people, "en", now)
    assert line == f"{t('variant.rubicon', 'en')} · Ada 1200 – Bea 900 · saved yesterday at 22:05"
    older = between_people._replace(saved_at=datetime(2026, 11, 20, 8, 0))
    assert saved_game_line(older, "it", now).endswith("salvata il 2026-11-20 alle 08:00")
    assert saved_game_line(older._replace(saved_at=None), "en", now).endswith("saved earlier")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_about_line_shows_the_version(lang: str) -> None:
    assert __version__ in t("menu.about", lang, version=__version__)
    shell = make_shell(lang)
    drawn = drawn_texts(shell.app)
    assert any(__version__ in text for text in drawn)


def test_the_replace_question_defaults_to_keeping_the_saved_game() -> None:
    shell = make_shell()
    start_and_leave_a_game(shell)
    app = shell.app
    assert saves.has_saved_game()
    shell.new_game_screen()
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    form.start()
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    assert [b.action for b in question.buttons() if b.primary] == ["no"]
    key(app, pygame.K_RETURN)  # the default answer
    assert app.stack.top is form and saves.has_saved_game()
    before = saves.load_saved_game().meta["game_id"]
    form.start()
    key(app, pygame.K_LEFT)  # to Yes, on purpose
    key(app, pygame.K_RETURN)
    assert saves.load_saved_game().meta["game_id"] != before


def test_the_pause_screen_too_shows_one_highlight_on_coming_back_from_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shell = make_shell()
    app = shell.app
    shell.start_game(GameSetup(level="beginner", seed=5))
    app.tick(DT)
    table_of(app).open_pause()
    app.tick(DT)
    pause = app.stack.top
    settings = next(b for b in pause._buttons() if b.action == "settings")
    click(app, (settings.box.cx, settings.box.cy))
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    gold: list[str] = []
    real = Button.draw

    def record(button: Button, *args: object, **kwargs: object) -> None:
        if button.primary and button.enabled:
            gold.append(button.action)
        real(button, *args, **kwargs)

    monkeypatch.setattr(Button, "draw", record)
    app.draw()
    assert gold == ["settings"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1632, 918), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_menu_buttons_stand_clear_of_each_other_and_of_the_keys_hint(monkeypatch, size, lang) -> None:
    """Nine buttons since Play on two computers: at 16:9 the last one (Quit) sat on the keys' hint line."""
    shell = Shell.create(size=size, fullscreen=False)
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    drawn = spy_on_blit_text(monkeypatch)
    shell.app.draw()
    [hint] = [rect for text, rect, _ in drawn if text == t("menu.keys_hint", lang)]
    boxes = [pygame.Rect(round(b.box.x), round(b.box.y), round(b.box.w), round(b.box.h)) for b in menu.buttons()]
    assert len(boxes) == 9
    assert all(not box.colliderect(hint) for box in boxes), (hint, boxes[-1])
    assert all(upper.bottom <= lower.top for upper, lower in itertools.pairwise(boxes))


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_saved_line_names_the_default_seats_in_the_window_language(lang: str) -> None:
    """A game begun in English keeps "You" and "Player 3" in its save: the menu's line says them in the window's
    language (issue 43: the French menu read "You")."""
    you, third = t("newgame.default_you", "en"), t("newgame.player_name", "en", number=3)
    saved = SavedGame("four_handed", None, ((f"{you} & {third}", 420), ("Ada & Bea", 310)), None)
    line = saved_game_line(saved, lang)
    mine = f"{t('newgame.default_you', lang)} & {t('newgame.player_name', lang, number=3)} 420"
    assert mine in line and "Ada & Bea 310" in line and you not in line.split(" · ")[1]


DAMAGED = ("The statistics file could not be read (/home/anna/.local/share/bezique/stats.json: line 3, column 7: "
           "expected a value); it was kept as /home/anna/.local/share/bezique/stats.json.damaged-2026-12-07")


@pytest.mark.parametrize(("size", "text_size", "lang"), [((1280, 720), "normal", "en"), ((1024, 600), "larger", "fr"),
                                                         ((1024, 640), "large", "it")])
def test_a_problem_on_the_menu_is_shown_whole_and_says_how_to_dismiss_it(size, text_size, lang) -> None:
    """The menu's problem names the file that matters, so it is drawn whole (on as many lines as it needs, over no
    button), with the way to dismiss it: a click or Esc, which the spoken title says too."""
    from bezique.commands.fit_judge import judge
    from bezique.ui.kit import drawn
    from bezique.ui.kit.layers import forget_layers

    shell = Shell.create(size=size, fullscreen=False)
    shell.app.lang = lang
    shell.app.set_text_size(text_size)
    shell.open_menu()
    menu = shell.app.stack.top
    menu.offer = False
    shell.notices.append(DAMAGED)
    forget_layers()
    with drawn.recording() as frame:
        shell.app.draw()
    assert judge(frame, size) == []
    assert " ".join(text.drawn for text in frame.texts if text.drawn in DAMAGED) == DAMAGED
    dismiss = t("menu.notice_dismiss", lang)
    assert " ".join(text.drawn for text in frame.texts if text.drawn in dismiss) == dismiss
    assert "Esc" in dismiss or "Échap" in dismiss
    assert menu.spoken_title().endswith(f"{DAMAGED}. {dismiss}")
    key(shell.app, pygame.K_ESCAPE)
    assert not shell.notices
