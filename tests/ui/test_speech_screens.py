"""Every screen speaks its focus: walked with real key events through the real window, each focusable element is
said when the keys reach it (menu, New game and its house rules, Settings, How to play, Statistics, Past games,
Play on two computers, the pause screen, the score log, the scoreboard, the hot-seat hand-over); every scene class
answers the speech protocol; F12, F1 and ? work on any screen. The speech log is what is checked."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from net_driver import make_shell, net_table_of
from test_net_invite import TICKET
from ui_driver import DT, make_app, table_of, wait_rest

import bezique.ui
from bezique.config import Config
from bezique.i18n import t
from bezique.net import internet
from bezique.net.invitation import Invitation
from bezique.persist.user_settings import SETTING_CHOICES
from bezique.speech import Found, Voice
from bezique.ui.app import WAKE, App
from bezique.ui.bare import open_table
from bezique.ui.kit import drawn
from bezique.ui.scene import Scene
from bezique.ui.scenes.howto import HowToScene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_invite import Stage
from bezique.ui.scenes.net_join import open_hosted
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import SettingsScene
from bezique.ui.shell import Shell
from bezique.ui.speaking import sentences
from bezique.ui.table.banner import banner_plan
from bezique.ui.table.overlays import HandOverScene, LogOverlay, PauseOverlay
from tests.net.rehosting import host_new

pytestmark = pytest.mark.usefixtures("shell_data")


class Ear:
    """The speech log, read as a player hears it."""

    def __init__(self, path: Path) -> None:
        self.path, self.read = path, 0

    def new(self) -> list[str]:
        text = self.path.read_text(encoding="utf-8")
        lines, self.read = text[self.read:].splitlines(), len(text)
        return [line[2:] for line in lines]


def speaking_shell(tmp_path: Path) -> tuple[Shell, Ear]:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast")
    shell.open_menu()
    voice = Voice(log_path=tmp_path / "speech.log", enabled=True)
    voice.finder = lambda: Found(None, False, "no_voice")  # F12 looks for no system voice here: the log listens
    shell.app.use_voice(voice)
    shell.app.tick(DT)
    return shell, Ear(tmp_path / "speech.log")


def screen_spoken(tmp_path: Path, open_screen: Callable[[Shell], object]) -> tuple[App, Ear]:
    """A speaking shell whose greeting and menu were heard, then `open_screen` opens a screen and one frame is
    drawn: the app and the ear, with what the screen says on opening still to be heard."""
    shell, ear = speaking_shell(tmp_path)
    ear.new()  # the greeting and the menu
    open_screen(shell)
    shell.app.tick(DT)
    return shell.app, ear


def press(app, k: int, unicode: str = "") -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    app.tick(DT)


def walk(app, ear: Ear, step: int, count: int) -> str:  # type: ignore[no-untyped-def]
    """Press `step` `count` times; everything said, one text."""
    said = []
    for _ in range(count):
        press(app, step)
        said += ear.new()
    return "\n".join(said)


def test_every_scene_class_answers_the_speech_protocol() -> None:
    for module in pkgutil.walk_packages(bezique.ui.__path__, "bezique.ui."):
        if not module.name.endswith(("bench", "pace_bench")):
            importlib.import_module(module.name)
    scenes, todo = [], list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        scenes.append(cls)
        todo += cls.__subclasses__()
    # the game's own screens only: other tests' stand-in scenes are subclasses too once they have been imported
    scenes = [cls for cls in scenes if cls.__module__.startswith("bezique.")]
    assert len(scenes) >= 20
    for cls in scenes:
        assert cls.spoken_title is not Scene.spoken_title or cls.spoken_focus is not Scene.spoken_focus, cls


def test_the_menu_says_its_title_first_then_each_button_as_the_keys_reach_it(tmp_path: Path) -> None:
    shell, ear = speaking_shell(tmp_path)
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    first = ear.new()
    assert first[0] == t("speech.on", "en") and "F12" in first[0] and "F1" in first[0]
    assert first[1].startswith("Bezique. The 19th-century") and "New game, button, 1 of 9" in first[1]
    heard = walk(shell.app, ear, pygame.K_DOWN, 9)
    for button in menu.buttons():
        if button.enabled:
            assert f"{button.label}, button" in heard
    press(shell.app, pygame.K_F1)
    assert ear.new() == [f"{t('speech.keys.menu', 'en')} {t('speech.keys_global', 'en')}"]
    press(shell.app, pygame.K_SLASH, "?")
    assert ear.new()[0].startswith(t("speech.keys.menu", "en"))
    press(shell.app, pygame.K_F2)
    assert ear.new()[0].startswith(t("speech.keys.menu", "en"))  # the last line again
    press(shell.app, pygame.K_F12)
    assert ear.new() == ["Speech off."]
    press(shell.app, pygame.K_DOWN)
    assert ear.new() == []  # off: silent
    press(shell.app, pygame.K_F12)
    assert ear.new()[0] == t("speech.on", "en")


def test_new_game_says_every_row_and_its_value_and_its_house_rules(tmp_path: Path) -> None:
    app, ear = screen_spoken(tmp_path, Shell.new_game_screen)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    assert ear.new()[0].startswith("New game. Game: Bezique for two, 1 of ")
    rows = scene.row_ids()
    heard = walk(app, ear, pygame.K_DOWN, len(rows))
    for label in scene._labels().values():
        if label != scene._labels()["sides"]:
            assert f"{label}:" in heard, label
    assert "Player 1: Person" in heard or "Player 1: " in heard
    scene.row = 0
    before = ear.new()
    press(app, pygame.K_RIGHT)  # a value changed is said at once
    assert ear.new()[0].startswith("Game: ") and before is not None
    press(app, pygame.K_F1)  # F1 stays How to play here; ? says the keys
    assert isinstance(app.stack.top, HowToScene)
    press(app, pygame.K_ESCAPE)
    ear.new()
    press(app, pygame.K_SLASH, "?")
    assert "H: Host on two computers." in ear.new()[0]
    scene.row = scene.row_ids().index("house")
    press(app, pygame.K_RETURN)
    house = app.stack.top
    said = ear.new()
    assert said[0].startswith("House rules: ")
    heard = walk(app, ear, pygame.K_DOWN, len(house.rows()) + 1)
    for rule in house.rows():
        assert t(f"house.rule.{rule.key}", "en") in heard, rule.key


def test_settings_say_every_row_with_its_value(tmp_path: Path) -> None:
    app, ear = screen_spoken(tmp_path, Shell.open_settings)
    assert isinstance(app.stack.top, SettingsScene)
    assert ear.new()[0].startswith("Settings. Language: ")
    heard = walk(app, ear, pygame.K_DOWN, len(SETTING_CHOICES))
    for setting in SETTING_CHOICES:
        assert f"{t(f'settings.{setting}', 'en')}: " in heard, setting
    assert "Speech: " in heard and "Speech rate: Normal" in heard and "How much is said: Everything" in heard


def test_how_to_play_reads_line_by_line_and_a_screenful_at_a_time(tmp_path: Path) -> None:
    app, ear = screen_spoken(tmp_path, lambda shell: shell.app.push(HowToScene(shell.app)))
    first = ear.new()[0]
    assert first.startswith("How to play. ")
    scene = app.stack.top
    items, _ = scene.page()
    lines = walk(app, ear, pygame.K_DOWN, 3).splitlines()
    assert lines == [scene.item_words(item) for item in items[1:4]]
    press(app, pygame.K_PAGEDOWN)
    page = ear.new()[0]
    assert page.count(". ") >= 3  # a screenful
    press(app, pygame.K_RIGHT)  # another page
    assert ear.new()[0].startswith(t(f"howto.page.{scene.page_id}", "en"))


def test_statistics_past_games_and_the_network_screen_speak(tmp_path: Path) -> None:
    app, ear = screen_spoken(tmp_path, lambda shell: shell.app.stack.top.choose("stats"))
    said = ear.new()[0]
    assert said.startswith("Statistics.") and "Against the computer" in said
    press(app, pygame.K_ESCAPE)
    ear.new()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("past")
    app.tick(DT)
    assert ear.new()[0].startswith("Past games.")
    press(app, pygame.K_ESCAPE)
    ear.new()
    menu.choose("network")
    app.tick(DT)
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    code_field = t("net.field_code", "en")
    assert f"{code_field}, text field: empty" in ear.new()[0]
    heard = walk(app, ear, pygame.K_DOWN, len(scene.slots()))
    for button in scene.buttons():
        if button.enabled:
            assert f"{button.label}, button" in heard
    for field in ("name", "code", "address"):
        assert t(f"net.field_{field}", "en") in heard
    scene.editing, scene.slot = "code", 1
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="K7-Q"))
    app.tick(DT)
    assert ear.new()[0].startswith(f"{code_field}, text field: K 7, Q, 2 of ")  # typing is echoed, in groups
    press(app, pygame.K_F3)
    assert ear.new() == ["K, 7, dash, Q"]  # and spelled a character at a time


def test_the_table_screens_speak_pause_log_scoreboard(tmp_path: Path) -> None:
    app, table = make_app(seed=3, level="random")
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    wait_rest(app)
    ear.new()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    said = ear.new()
    assert said[0].startswith("Paused") or "Resume, button, 1 of" in said[0]
    heard = walk(app, ear, pygame.K_DOWN, 3)
    assert "How to play, button" in heard or "Quit, button" in heard
    press(app, pygame.K_ESCAPE)
    ear.new()
    press(app, pygame.K_l)
    assert isinstance(app.stack.top, LogOverlay)
    assert ear.new()[0].startswith(t("table.score_log", "en"))
    press(app, pygame.K_ESCAPE)
    assert ear.new()  # back at the table: whose turn it is
    heard = walk(app, ear, pygame.K_RIGHT, 3)
    assert ", 1 of " in heard or ", 2 of " in heard  # the cards under the focus
    assert table_of(app) is table


def test_the_hot_seat_curtain_says_whose_turn_before_any_hand(tmp_path: Path) -> None:
    app, _ = make_app(hotseat=True, seed=4)
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    for _ in range(400):
        app.tick(DT)
        if isinstance(app.stack.top, HandOverScene):
            break
    said = ear.new()
    handover = next(i for i, line in enumerate(said) if line.startswith("Pass to "))
    assert not any(line.startswith("Your hand") for line in said[:handover])
    press(app, pygame.K_1)  # a reading key under the curtain: whose turn only, never the hand
    assert not any(line.startswith("Your hand") for line in ear.new())


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_problem_banner_says_its_key_and_the_key_dismisses_it(tmp_path: Path, lang: str) -> None:
    problem = "config.yaml: the setting 'speed' could not be read, so the default is used."
    app, table = open_table(Config(), [problem], animation_speed="instant", computer_pace="instant",
                            trick_pause="off", language=lang)
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    wait_rest(app)
    heard = "\n".join(ear.new())
    assert problem in heard and t("speech.banner_key", lang) in heard  # read when the table opens, with its key
    with drawn.recording() as frame:
        table.draw(app.screen)
    banner = banner_plan(app.assets, app.t, table.stage.layout, table.stage.banner).box  # as drawn
    said = [text.drawn for text in frame.texts if banner.contains(text.box.cx, text.box.cy)]
    dismiss = t("table.dismiss", lang)
    assert dismiss in said and " X " in f" {dismiss} "  # the key named in the banner, beside the problem drawn whole
    assert " ".join(line for line in said if line != dismiss) == problem and not frame.cuts
    press(app, pygame.K_x)
    assert table.stage.banner == [] and t("speech.banner_closed", lang) in ear.new()
    with drawn.recording() as frame:
        table.draw(app.screen)
    assert t("table.dismiss", lang) not in [text.drawn for text in frame.texts]
    press(app, pygame.K_x)  # no banner: the key does nothing else at the table
    assert table.stage.banner == [] and table_of(app) is table and app.stack.top is table


def heard_t(key: str, lang: str, **values: str) -> str:
    """A line as the speech log has it (French's no-break spaces before colons are said as plain spaces)."""
    return t(key, lang, **values).replace("\xa0", " ")


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_invitation_panel_says_what_it_offers_what_happened_and_its_key(tmp_path: Path, lang: str) -> None:
    shell = make_shell(lang=lang)
    app = shell.app
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    hosted = host_new(seed=5, lang=lang)
    try:
        open_hosted(app, hosted, shell)
        table = net_table_of(app)
        app.tick(DT)
        invite = table.invite
        assert invite is not None and table.code_shown() and invite.stage is Stage.OFFER
        heard = "\n".join(ear.new())  # the table's title: the code, then what the panel offers and its key
        assert heard_t("speech.invite_offer", lang) in heard and heard.index(
            f"{hosted.host.advertise}:{hosted.host.port}") < heard.index(heard_t("speech.invite_offer", lang))
        press(app, pygame.K_F1)
        assert heard_t("speech.invite_offer", lang) in ear.new()[0]  # among the table's keys
        invite._results.post(OSError("no route to the relay"))  # as the opening thread posts a failure
        app.tick(DT)
        assert ear.new() == [sentences(heard_t("net.internet_failed", lang),  # the tunnel's own words: the log's
                                       heard_t("speech.invite_retry", lang))]
        invite._results.post(internet.Invited(Invitation(TICKET, 7), SimpleNamespace(relay_answered=True)))
        app.tick(DT)
        assert ear.new() == [sentences(heard_t("net.invitation_ready", lang), heard_t("speech.invite_copy", lang))]
        press(app, pygame.K_i)
        said = ear.new()
        assert said and (said[0].startswith(heard_t("net.invitation_copied", lang)) or
                         said[0].startswith(heard_t("net.no_clipboard", lang)))  # whichever the clipboard allowed
        assert said[0].endswith(heard_t("speech.invite_copy", lang))
    finally:
        hosted.stop()


def test_f12_without_a_voice_says_so_with_a_sound_and_a_notice() -> None:
    """No voice on this computer and no speech log: F12 looks for one on the voice's thread, and when none answers
    the window plays the refusal's sound, shows why over the screen and leaves speech off (it said nothing)."""
    from text_spy import drawn_texts

    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.open_menu()
    voice = Voice(None, enabled=False)
    voice.finder = lambda: Found(None, False, "no_voice")
    shell.app.use_voice(voice)
    shell.app.tick(DT)
    press(shell.app, pygame.K_F12)
    for _ in range(100):  # the voice's thread wakes the window with its answer (each wait bounded)
        woken = pygame.event.wait(10_000)
        shell.app.tick(DT, [woken])
        if woken.type in (WAKE, pygame.NOEVENT):
            break
    why = t("speech.stays_off", "en", why=t("speech.unavailable_no_voice", "en"))
    assert shell.app.sounds.played[-1] == "illegal" and not voice.enabled
    assert why in " ".join(drawn_texts(shell.app))
    for _ in range(int(8 / DT)):  # it goes by itself after a few seconds
        shell.app.tick(DT)
    assert why not in " ".join(drawn_texts(shell.app))
