"""The product around the table, driven with real pygame events: menu, new game, scoreboard, pause, settings that
survive a restart, saves that survive a kill, a damaged save, and every scene drawn in both languages."""

from __future__ import annotations

import dataclasses
import os
import random
import select
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_driver import DT, click, key, step, table_of, wait_rest

from bezique.i18n import t
from bezique.persist import saves
from bezique.rules import parse_card
from bezique.ui.card_art import CARD_ART
from bezique.ui.kit.assets import Assets
from bezique.ui.scenes.howto import HowToScene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import KEYS, SettingsScene
from bezique.ui.scenes.stats import StatsScene
from bezique.ui.shell import Shell
from bezique.ui.shutdown import quit_pygame
from bezique.ui.table.overlays import HandOverScene, PauseOverlay, ResultOverlay
from bezique.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def make_shell(lang: str | None = None) -> Shell:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast")
    if lang:
        shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def press(app, scene_buttons, action: str) -> None:
    b = next(b for b in scene_buttons if b.action == action)
    assert b.enabled, action
    click(app, (b.box.cx, b.box.cy))


def test_menu_new_game_table_scoreboard_menu_and_continue():
    shell = make_shell()
    app = shell.app
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert not next(b for b in menu.buttons() if b.action == "continue").enabled  # nothing saved yet
    press(app, menu.buttons(), "new")
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    for _ in range(form.row_ids().index("level")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # level: one step down with the keyboard
    assert form.setup.level == "beginner"
    press(app, form.controls(), "target=1")  # 500 points
    press(app, form.controls(), "name=0")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ada"))
    app.tick(DT)
    key(app, pygame.K_RETURN)
    assert form.setup.names[0] == "Ada" and form.setup.target == 500
    level = form.setup.level
    press(app, form.controls(), "start")
    table = table_of(app)
    assert table.session.seats[0].name == "Ada" and table.session.seats[1].level == level
    assert table.session.rules.target_score == 500
    assert saves.has_saved_game()
    rng = random.Random(2)
    for _ in range(4000):
        wait_rest(app)
        if isinstance(app.stack.top, ResultOverlay):
            break
        step(app, rng)
    board = app.stack.top
    assert isinstance(board, ResultOverlay)
    for _ in range(30):
        app.tick(0.1)  # the brisques are counted
    brisques = board.brisques
    assert any(brisques.values())  # aces and tens won, counted out card by card
    saved = saves.load_saved_game()
    assert saved.game is not None and saved.game.state.deal_index == table.session.state.deal_index
    assert saved.meta["level"] == level
    key(app, pygame.K_ESCAPE)  # pause over the scoreboard
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    press(app, pause._buttons(), "menu")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    press(app, menu.buttons(), "continue")
    table = table_of(app)
    app.tick(DT)
    board = app.stack.top  # saved while the scoreboard was open: it opens again
    assert isinstance(board, ResultOverlay) and not board.game_over
    assert board.brisques == brisques  # the same cards, though the deal's events went with the window
    _, nb, _ = board._boxes()
    click(app, (nb.cx, nb.cy))
    assert table.session.seats[0].name == "Ada" and table.session.state.deal_index == 1
    assert table.session.seats[1].level == level


def test_game_over_records_statistics_and_deletes_the_save():
    from bezique.persist import stats
    shell = make_shell()
    shell.settings = dataclasses.replace(shell.settings, computer_pace="instant")  # the table's test pace
    app = shell.app
    setup = shell.default_setup()
    setup.target, setup.seed, setup.level = 500, 4, "beginner"
    table = shell.start_game(setup)
    rng = random.Random(5)
    for _ in range(20000):
        if table.session.over and isinstance(app.stack.top, ResultOverlay):
            break
        step(app, rng)
    board = app.stack.top
    assert isinstance(board, ResultOverlay) and board.game_over
    for _ in range(70):
        app.tick(0.1)  # the celebration runs out
    assert not saves.has_saved_game()
    counted = stats.load_stats().stats
    assert counted.variant("two_handed").by_level["beginner"].games == 1
    _, _, qb = board._boxes()
    click(app, (qb.cx, qb.cy))
    assert isinstance(app.stack.top, MenuScene)
    press(app, app.stack.top.buttons(), "stats")
    assert isinstance(app.stack.top, StatsScene)
    app.tick(DT)


def test_settings_changed_during_a_game_reach_the_table():
    shell = make_shell()
    table = shell.start_game(shell.default_setup())
    settings = dataclasses.replace(shell.settings, animation_speed="slow", sort_trumps_first=True, allow_undo=True)
    ai = dataclasses.replace(shell.ai, expert_time_ms=60)
    assert shell.apply(settings, ai) is None
    assert table.opt.app is settings and table.opt.ai is ai and table.speed == "slow"
    assert table.session.allow_undo  # one person against the computer: undo follows the setting
    shell.app.tick(DT)


def test_settings_apply_live_and_persist_across_a_restart():
    shell = make_shell()
    app = shell.app
    press(app, app.stack.top.buttons(), "settings")
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    key(app, pygame.K_RIGHT)  # language: auto -> Italiano
    assert app.lang == "it"
    assert settings.controls()[-2].label == t("menu.back", "it")
    for _ in range(KEYS.index("deck_colours")):
        key(app, pygame.K_DOWN)  # down to deck colours
    assert KEYS[settings.row] == "deck_colours"
    heart, club = parse_card("TH#0"), parse_card("TC#0")
    assert _face(app.assets, heart) == _face(Assets(CARD_ART, "classic"), heart)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert shell.settings.deck_colours == "colour_blind" and app.assets.deck_colours == "colour_blind"
    assert _row_label(settings, "deck_colours") == "Per daltonici"
    # the new face set is drawn at once: the colour-blind faces, whose hearts are orange rather than red and
    # whose clubs are bluish green
    for card in (heart, club):
        assert _face(app.assets, card) == _face(Assets(CARD_ART, "colour_blind"), card) != \
            _face(Assets(CARD_ART, "classic"), card)
    assert _ink(app.assets, heart)[1] > _ink(Assets(CARD_ART, "classic"), heart)[1]
    r, g, b = _ink(app.assets, club)
    assert g > r and b > r
    press(app, settings.controls(), f"next={KEYS.index('sound_volume')}")  # volume 0.8 -> 0.9
    assert app.sounds.volume == pytest.approx(0.9)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    assert app.stack.top.buttons()[0].label == "Nuova partita"
    app.quit()
    quit_pygame()
    again = make_shell()
    assert again.settings.language == "it" and again.app.lang == "it"
    assert again.settings.deck_colours == "colour_blind" and again.settings.sound_volume == pytest.approx(0.9)
    assert again.app.assets.deck_colours == "colour_blind"


def _face(assets: Assets, card: int) -> bytes:
    """The face the window draws for `card`, as pixels to compare whole."""
    return pygame.image.tobytes(assets.card(card, 120), "RGBA")


def _ink(assets: Assets, card: int) -> tuple[int, int, int]:
    """The average colour of `card`'s face (paper and ink together)."""
    return tuple(pygame.transform.average_color(assets.card(card, 120)))[:3]


def _row_label(scene: SettingsScene, name: str) -> str:
    """The value shown on the settings row `name` (its middle button; the row is among those shown)."""
    return next(b for b in scene.controls() if b.action == f"next={KEYS.index(name)}" and b.label != ">").label


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_deck_colours_choice_has_its_label_and_face_set(lang):
    shell = make_shell()
    app = shell.app
    press(app, app.stack.top.buttons(), "settings")
    settings = app.stack.top
    settings.set("language", lang)
    labels = []
    for choice in ("classic", "four_colour", "colour_blind"):
        settings.set("deck_colours", choice)
        app.tick(DT)
        assert app.assets.deck_colours == choice
        labels.append(_row_label(settings, "deck_colours"))
    assert len(set(labels)) == 3 and all(label != choice for label in labels)
    if lang == "it":
        assert labels == ["Classico (due colori)", "Quattro colori", "Per daltonici"]


def test_a_damaged_save_is_reported_and_the_menu_still_works(tmp_path):
    path = saves.save_path()
    path.write_text('{"format": "bezique-save", "version": 1, "record": {"deals": [', encoding="utf-8")
    shell = make_shell()
    app = shell.app
    menu = app.stack.top  # the menu reads the save to say what Continue continues, and finds it damaged
    assert not menu.can_continue
    assert isinstance(app.stack.top, MenuScene)
    assert shell.notices and shell.notices[0].startswith(t("problem.save_damaged", "en"))
    assert not path.exists() and list(path.parent.glob("savegame.json.damaged-*"))
    assert not next(b for b in menu.buttons() if b.action == "continue").enabled
    app.tick(DT)
    click(app, (menu._notice_box().cx, menu._notice_box().cy))  # dismissed
    assert not shell.notices
    press(app, menu.buttons(), "new")
    assert isinstance(app.stack.top, NewGameScene)


CHILD = r"""
import os, random, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, sys.argv[1])
from bezique.persist import saves
from bezique.ui.shell import Shell
save_game = saves.save_game
def reporting_save(game, meta):  # says how many actions each finished save holds, for the test to kill on
    path = save_game(game, meta)
    print(sum(len(d["actions"]) for d in game.to_dict()["deals"]), flush=True)
    return path
saves.save_game = reporting_save
shell = Shell.create()
setup = shell.default_setup(); setup.seed = 8; setup.level = "beginner"; setup.names = ["Kim", ""]
table = shell.start_game(setup)
rng = random.Random(3)
while True:  # the player moves as soon as it may; the computer answers on its thread
    shell.app.tick(1 / 60)
    if table.human_turn():
        table.try_move(rng.choice(table.session.legal()))
    elif table.overlay_open and shell.app.stack.top is not table:
        shell.app.stack.top.handle_event(__import__("pygame").event.Event(
            __import__("pygame").KEYDOWN, key=__import__("pygame").K_RETURN, mod=0, unicode="", scancode=0))
"""
HANG_GUARD_S = 60  # only if the child hangs: it reports a save every few frames


def test_save_kill_and_continue(tmp_path):
    """A game killed while it plays (and saves after every action) continues from its save."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    try:
        actions = 0
        while actions < 12:  # the kill comes while the child goes on playing and saving
            ready, _, _ = select.select([child.stdout], [], [], HANG_GUARD_S)
            line = child.stdout.readline() if ready else ""
            assert line, child.stderr.read() if child.poll() is not None else "no save reported"
            actions = int(line)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    saved = saves.load_saved_game()
    assert saved.problem is None and saved.game is not None
    assert sum(len(d["actions"]) for d in saved.game.to_dict()["deals"]) >= actions  # no reported save lost
    expected = saved.game.state
    shell = make_shell()
    app = shell.app
    press(app, app.stack.top.buttons(), "continue")
    table = table_of(app)
    state = table.session.state
    assert (state.to_act, state.deal_index, state.tricks_done, state.scores) == (
        expected.to_act, expected.deal_index, expected.tricks_done, expected.scores)
    assert table.session.seats[0].name == "Kim" and table.session.seats[1].level == "beginner"
    assert not table.session.hotseat
    rng = random.Random(1)
    for _ in range(30):
        step(app, rng)  # and the game goes on
    assert table.sync_errors == 0


def test_hot_seat_continue_shows_the_hand_over_first():
    shell = make_shell()
    app = shell.app
    setup = shell.default_setup()
    setup.mode, setup.seed = "hotseat", 3
    shell.start_game(setup)
    rng = random.Random(3)
    for _ in range(40):
        step(app, rng)
    shell.open_menu()
    press(app, app.stack.top.buttons(), "continue")
    app.tick(DT)
    assert isinstance(app.stack.top, HandOverScene)
    table = table_of(app)
    assert table.session.hotseat and table.session.seats[1].kind == "human"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_scene_draws_in_both_languages(lang):
    shell = make_shell(lang)
    app = shell.app
    scenes = [NewGameScene(app, shell), SettingsScene(app, shell), StatsScene(app, shell.notices), HowToScene(app)]
    for scene in scenes:
        app.push(scene)
        app.tick(DT)
        if isinstance(scene, HowToScene):
            key(app, pygame.K_END)
            assert scene.scroll == scene.max_scroll() > 0
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, MenuScene)
    setup = shell.default_setup()
    setup.mode = "hotseat"
    table = shell.start_game(setup)
    assert isinstance(table, TableScene)
    app.tick(DT)
    table.open_pause()
    app.tick(DT)
    press(app, app.stack.top._buttons(), "howto")
    assert isinstance(app.stack.top, HowToScene)
    key(app, pygame.K_ESCAPE)
    press(app, app.stack.top._buttons(), "settings")
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_new_game_hints_line_follows_the_chip(lang):
    """The line under Hints says what the lit chip means: never "hints on" while Off is chosen."""
    shell = make_shell(lang)
    app = shell.app
    press(app, app.stack.top.buttons(), "new")
    form = app.stack.top
    assert isinstance(form, NewGameScene) and not form.setup.assisted
    assert form.blurb("assisted") == t("newgame.assisted_off", lang)
    press(app, form.controls(), "assisted=1")  # On
    assert form.setup.assisted and form.blurb("assisted") == t("newgame.assisted_on", lang)
    press(app, form.controls(), "assisted=0")  # Off again
    assert not form.setup.assisted and form.blurb("assisted") == t("newgame.assisted_off", lang)
    app.draw()  # the form draws with either line
